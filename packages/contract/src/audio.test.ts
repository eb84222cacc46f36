import { describe, expect, it } from 'vitest';
import {
  AUDIO_ACCEPT,
  AUDIO_EXTENSIONS,
  AUDIO_FORMATS,
  isAcceptedAudio,
  isAudioFormat,
  noteNameFromFile,
} from './audio.ts';
import { NOTE_NAME_MAX_LENGTH } from './constants.ts';

describe('accepted audio', () => {
  it('lists every format once, as endings and in the picker', () => {
    expect(new Set(AUDIO_FORMATS).size).toBe(AUDIO_FORMATS.length);
    expect(AUDIO_EXTENSIONS).toEqual(AUDIO_FORMATS.map((format) => `.${format}`));
    expect(AUDIO_ACCEPT.split(',').slice(0, AUDIO_EXTENSIONS.length)).toEqual(AUDIO_EXTENSIONS);
    expect(AUDIO_ACCEPT).toContain('audio/mpeg');
  });

  it('knows a format by its ending in any case', () => {
    expect(isAudioFormat('opus')).toBe(true);
    expect(isAudioFormat('MP3')).toBe(true);
    expect(isAudioFormat('aac')).toBe(false);
    expect(isAudioFormat('')).toBe(false);
  });

  it('accepts a file by its ending or by its MIME type', () => {
    expect(isAcceptedAudio({ name: 'aufnahme.OPUS', type: '' })).toBe(true);
    expect(isAcceptedAudio({ name: 'aufnahme', type: 'audio/mpeg' })).toBe(true);
    expect(isAcceptedAudio({ name: 'aufnahme', type: 'audio/webm;codecs=opus' })).toBe(true);
    expect(isAcceptedAudio({ name: 'bildschirm.mp4', type: 'video/mp4' })).toBe(true);
  });

  it('refuses other files, and a leading dot is no ending', () => {
    expect(isAcceptedAudio({ name: 'bericht.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAcceptedAudio({ name: '.mp3', type: '' })).toBe(false);
    expect(isAcceptedAudio({ name: 'mp3', type: '' })).toBe(false);
    expect(isAcceptedAudio({ name: 'foto.png', type: 'image/png' })).toBe(false);
  });
});

describe('noteNameFromFile', () => {
  it('is the file name without its ending', () => {
    expect(noteNameFromFile('Teambesprechung März.m4a')).toBe('Teambesprechung März');
    expect(noteNameFromFile('Bericht.final.mp3')).toBe('Bericht.final');
    expect(noteNameFromFile('  Jour fixe.webm  ')).toBe('Jour fixe');
  });

  it('keeps names without an ending whole', () => {
    expect(noteNameFromFile('Aufnahme')).toBe('Aufnahme');
    expect(noteNameFromFile('.mp3')).toBe('.mp3');
    expect(noteNameFromFile('Stand 3.5 Besprechung')).toBe('Stand 3.5 Besprechung');
    expect(noteNameFromFile('Anhang.verylongending')).toBe('Anhang.verylongending');
  });

  it('is cut to the longest note name', () => {
    const long = `${'a'.repeat(NOTE_NAME_MAX_LENGTH + 20)}.mp3`;
    expect(noteNameFromFile(long)).toBe('a'.repeat(NOTE_NAME_MAX_LENGTH));
  });
});
