import { describe, expect, it, vi } from 'vitest';
import { announceReadyNotes } from './ready-notice.ts';
import { createUploadStore } from './upload-store.ts';

describe('announceReadyNotes', () => {
  it('announces a done note once, and not while the person looks at it', () => {
    const store = createUploadStore({ removeDelayMs: 60_000 });
    const show = vi.fn();
    let onNote = 0;
    const stop = announceReadyNotes(store, show, (id) => id === onNote);

    const first = store.add({ filename: 'Besprechung.mp3', size: 10 });
    store.accepted(first, 7);
    expect(show).not.toHaveBeenCalled();
    store.done(first);
    store.progress(first, 10);
    expect(show).toHaveBeenCalledExactlyOnceWith({ noteId: 7, filename: 'Besprechung.mp3' });

    onNote = 8;
    const second = store.add({ filename: 'Interview.m4a', size: 10 });
    store.accepted(second, 8);
    store.done(second);
    expect(show).toHaveBeenCalledOnce();

    const failed = store.add({ filename: 'kaputt.mp3', size: 10 });
    store.accepted(failed, 9);
    store.fail(failed, { code: 'transcriptionFailed' });
    expect(show).toHaveBeenCalledOnce();
    stop();
  });
});
