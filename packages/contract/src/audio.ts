import { NOTE_NAME_MAX_LENGTH } from './constants.ts';

/**
 * The audio formats a note can be made from (docs/uploads.md: mp3, m4a, wav, ogg/opus, webm,
 * flac, mp4), named as file endings without the dot. The server recognises an upload by its
 * content and accepts exactly these types; the browser checks names and MIME types against the
 * same list before sending.
 */
export const AUDIO_FORMATS = [
  'mp3',
  'm4a',
  'wav',
  'ogg',
  'oga',
  'opus',
  'webm',
  'flac',
  'mp4',
] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** The file name endings of AUDIO_FORMATS: `.mp3`, `.m4a`, … */
export const AUDIO_EXTENSIONS = AUDIO_FORMATS.map((format) => `.${format}` as const);

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

/** The `accept` attribute of a file picker: endings first, so every platform offers them. */
export const AUDIO_ACCEPT = [...AUDIO_EXTENSIONS, ...AUDIO_MIME_TYPES].join(',');

/** Whether `format` (a file ending without the dot, any case) is one of AUDIO_FORMATS. */
export function isAudioFormat(format: string): format is AudioFormat {
  return (AUDIO_FORMATS as readonly string[]).includes(format.toLowerCase());
}

/** A file's ending without the dot, lower case; '' when it has none (a leading dot is no ending). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Whether a file looks like one of the accepted formats. Either its ending or its MIME type
 * suffices: browsers leave the type empty for some endings (`.opus`) and some systems name a
 * recording without an ending. Only a first filter: the server decides by content.
 */
export function isAcceptedAudio(file: { name: string; type: string }): boolean {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  return (
    isAudioFormat(extensionOf(file.name)) || (AUDIO_MIME_TYPES as readonly string[]).includes(type)
  );
}

/** An ending of one to eight letters or digits after a dot that does not start the name. */
const ENDING = /(?<=.)\.[A-Za-z0-9]{1,8}$/;

/**
 * A note's default name: its file's name without the ending (`Teambesprechung.m4a` →
 * `Teambesprechung`), cut to the longest name a note may have. A name that is nothing but an
 * ending (`.mp3`) stays whole; a dot followed by words (`Stand 3.5 Besprechung`) is no ending.
 */
export function noteNameFromFile(fileName: string): string {
  const name = fileName.trim();
  const stem = name.replace(ENDING, '').trim();
  return (stem || name).slice(0, NOTE_NAME_MAX_LENGTH);
}

/** How many leading bytes `hasAudioSignature` looks at. */
export const AUDIO_SIGNATURE_BYTES = 12;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));

/**
 * Whether the first bytes of a file can start one of AUDIO_FORMATS: ID3 or an MPEG frame (MP3),
 * `ftyp` (M4A/MP4), RIFF…WAVE, OggS, EBML (WebM), fLaC. The browser asks this only when it
 * cannot read a chosen file's length, to refuse what the server would refuse as `notAudio` before
 * sending it (docs/uploads.md#accepted-audio); the server decides by its own, fuller check.
 */
export function hasAudioSignature(head: Uint8Array): boolean {
  if (ascii(head, 0, 'ID3') || ascii(head, 0, 'OggS') || ascii(head, 0, 'fLaC')) return true;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return true;
  if (ascii(head, 4, 'ftyp')) return true;
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  // An MPEG audio frame's sync word (MP3 without a tag).
  return head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0;
}
