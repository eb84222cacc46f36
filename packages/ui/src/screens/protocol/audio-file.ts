/**
 * What the new-note form accepts and what a recording costs, decided in the browser before
 * anything is sent. The server checks the content again; these rules only spare the user an
 * upload that would be refused.
 */

/** File name endings of the formats PRODUCT.md lists: mp3, m4a, wav, ogg/opus, webm, flac, mp4. */
export const AUDIO_EXTENSIONS = [
  '.mp3',
  '.m4a',
  '.wav',
  '.ogg',
  '.oga',
  '.opus',
  '.webm',
  '.flac',
  '.mp4',
] as const;

/** MIME types browsers report for those formats (some name MP4 and WebM audio as video). */
export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/aac',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/vnd.wave',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'audio/flac',
  'audio/x-flac',
  'video/mp4',
  'video/webm',
] as const;

/** The `accept` attribute of the file picker: endings first, so every platform offers them. */
export const AUDIO_ACCEPT = [...AUDIO_EXTENSIONS, ...AUDIO_MIME_TYPES].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Whether a file looks like one of the accepted formats. Either its ending or its MIME type
 * suffices: browsers leave the type empty for some endings (`.opus`) and some systems name a
 * recording without an ending.
 */
export function isAcceptedAudio(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  return (
    (AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) ||
    (AUDIO_MIME_TYPES as readonly string[]).includes(type)
  );
}

/** PRODUCT.md: a note is named after its file without the extension. */
export function fileStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** PRODUCT.md "Minutes": every started minute counts. */
export function billableMinutes(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 60);
}

/** "1 Std. 2 Min. 5 Sek." / "1 hr 2 min 5 sec": hours and minutes only when there are any. */
export function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(0, Math.round(seconds));
  const parts: [number, 'hour' | 'minute' | 'second'][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const shown = parts.filter(([value], index) => value > 0 || (index === 2 && total < 60));
  return shown
    .map(([value, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value),
    )
    .join(' ');
}
