// Which language a note's summary is actually in (docs/uploads.md#the-note-language). A language
// model writes in the language asked for; the built-in summariser picks the speakers' sentences,
// so its summary is in the spoken language whatever was asked.
import type { Segment } from '@protokoll/contract';
import { baseLanguage, guessLanguage } from './text.ts';

/** Languages an engine may name in full (Whisper's `verbose_json` says `german`, `english`). */
const NAMED = `de en fr es it nl pl tr pt ru uk cs sk hu ro bg hr sr sl da sv nb nn no fi et lv lt
  el ar he fa hi ur bn ja ko zh vi th id ms tl sw ca eu gl cy ga is mk sq bs be kk az hy ka af la
  mt lb`.split(/\s+/);

let byName: Map<string, string> | undefined;

/** `german` → `de`, `de-AT` → `de`, `DE` → `de`; undefined for what is no language we know. */
export function languageCode(reported: string | undefined): string | undefined {
  const text = reported?.trim().toLowerCase();
  if (!text) return undefined;
  if (/^[a-z]{2,3}(?:[-_][a-z]{2})?$/.test(text)) return baseLanguage(text);
  byName ??= new Map(
    NAMED.map((code) => [
      new Intl.DisplayNames(['en'], { type: 'language' }).of(code)?.toLowerCase() ?? code,
      code,
    ]),
  );
  return byName.get(text);
}

/**
 * The language that was spoken: the one the upload named, else the one the speech engine
 * reported, else the one the words give away (German or English); undefined when none tells.
 */
export function spokenLanguage(
  uploaded: string,
  reported: string | undefined,
  segments: readonly Segment[],
): string | undefined {
  if (uploaded !== 'auto') return uploaded;
  return languageCode(reported) ?? guessLanguage(segments.map((s) => s.text).join(' '));
}

/**
 * The language the built-in summariser writes in, and the one that was asked for when it differs
 * (it cannot translate). A language asked for that is the spoken one (`de-AT` for `de`) is kept.
 */
export function extractiveLanguage(
  requested: string,
  spoken: string | undefined,
): { language: string; requested?: string } {
  if (!spoken || baseLanguage(spoken) === baseLanguage(requested)) return { language: requested };
  return { language: spoken, requested };
}
