import type { NoteDetail } from '@protokoll/contract';

/**
 * A German meeting with umlauts and ß in every part: the name, summary items, speaker renames
 * (S1, S2 renamed; S3 left as its label) and transcript text. Segments are stored out of order on
 * purpose: exports sort them.
 */
export function germanNote(overrides: Partial<NoteDetail> = {}): NoteDetail {
  return {
    id: 42,
    name: 'Vorstandssitzung Größenplanung',
    folder_id: null,
    status: 'done',
    progress: 100,
    error: null,
    file_name: 'vorstand-märz.m4a',
    size: 12_345_678,
    duration_seconds: 3_725,
    minutes_charged: 63,
    language: 'de',
    summary_language: 'de',
    summary_model: 'standard',
    structure: 'minutes',
    design: 'classic',
    transcript_type: 'clean',
    speakers: 3,
    transcribe: true,
    saved: false,
    created_at: '2025-03-03T09:15:00.000Z',
    updated_at: '2025-03-03T10:30:00.000Z',
    speaker_names: { S1: 'Jürgen Weiß', S2: 'Erika Müller' },
    transcript_version: 2,
    summary_edit_version: 0,
    removed_segments: [
      { start: 3590, end: 3600, text: 'Untertitelung des ZDF, 2020', reason: 'credit' },
    ],
    segments: [
      { start: 4.5, end: 9.25, speaker: 'S2', text: 'Die Straßenbeleuchtung kostet mehr.' },
      { start: 1, end: 4.5, speaker: 'S1', text: 'Grüß Gott, wir beginnen mit der Übersicht.' },
      {
        start: 3_661.2,
        end: 3_668,
        speaker: 'S3',
        text: 'Ich übernehme das Angebot –\n\nbis Freitag.',
      },
    ],
    summary: {
      title: 'Größenplanung für das Frühjahr',
      overview: 'Der Vorstand besprach die Größe des Büros.\n\nÄnderungen folgen später.',
      topics: [{ title: 'Bürogröße', text: 'Zwei Räume werden größer.', start: 1 }],
      decisions: [{ text: 'Das Budget für Straßenfeste wird erhöht.', start: 4.5 }],
      action_items: [
        {
          task: 'Angebot für Möbel einholen',
          owner: 'Jürgen Weiß',
          due: '2025-03-14',
          start: 3_661,
        },
        { task: 'Protokoll prüfen', due: 'nächste Woche', start: 3_662 },
      ],
      generator: 'llm',
    },
    ...overrides,
  };
}
