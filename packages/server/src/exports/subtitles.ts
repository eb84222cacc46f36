import type { TranscriptLine } from './content.ts';

/** `HH:MM:SS` plus milliseconds, with the separator each format wants (SRT `,`, WebVTT `.`). */
export function cueTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** "Name: text". `-->` would end the timing line of either format, so it becomes an arrow. */
function cueText(line: TranscriptLine): string {
  return `${line.speaker}: ${line.text}`.replace(/-->/g, '→');
}

/** Numbered cues separated by a blank line; no segments give an empty (and still valid) file. */
export function renderSrt(lines: TranscriptLine[]): string {
  return lines
    .map(
      (line, index) =>
        `${index + 1}\n${cueTime(line.start, ',')} --> ${cueTime(line.end, ',')}\n${cueText(line)}\n`,
    )
    .join('\n');
}

/** WebVTT cue text is markup: `&`, `<` and `>` are escaped so they show as written. */
function vttEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `WEBVTT` header always, then one cue per passage. */
export function renderVtt(lines: TranscriptLine[]): string {
  const cues = lines.map(
    (line) =>
      `${cueTime(line.start, '.')} --> ${cueTime(line.end, '.')}\n${vttEscape(cueText(line))}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}
