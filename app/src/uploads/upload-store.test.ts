import { UPLOAD_ENTRY_REMOVE_DELAY_MS } from '@protokoll/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUploadStore, guardUnloadWhileSending, useUploads } from './upload-store.ts';

const meeting = { filename: 'Teambesprechung.m4a', size: 1000 };
const lecture = { filename: 'Vorlesung.mp3', size: 5000 };

describe('upload store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tracks a new upload as a processing entry with its toast shown', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    expect(store.getSnapshot()).toEqual({
      entries: [
        {
          id,
          filename: 'Teambesprechung.m4a',
          size: 1000,
          loaded: 0,
          status: 'processing',
          showToast: true,
        },
      ],
      pending: 1,
      owner: null,
    });
  });

  it('measures speed and time left from the progress, and pauses and resumes through the sender', () => {
    let now = 0;
    const store = createUploadStore({ now: () => now });
    const id = store.add({ filename: 'Gespräch.wav', size: 10_000 });
    store.progress(id, 0);
    expect(store.getSnapshot().entries[0]!.bytesPerSecond).toBeUndefined();
    now = 1000;
    store.progress(id, 2000);
    expect(store.getSnapshot().entries[0]).toMatchObject({ bytesPerSecond: 2000, secondsLeft: 4 });
    // Samples closer than half a second keep the speed.
    now = 1100;
    store.progress(id, 2100);
    expect(store.getSnapshot().entries[0]).toMatchObject({ loaded: 2100, bytesPerSecond: 2000 });

    const control = { pause: vi.fn(), resume: vi.fn() };
    store.pause(id); // nothing to pause yet
    store.setControls(id, control);
    expect(store.getSnapshot().entries[0]!.pausable).toBe(true);
    store.pause(id);
    expect(control.pause).toHaveBeenCalledOnce();
    expect(store.getSnapshot().entries[0]).toMatchObject({ paused: true, secondsLeft: undefined });
    store.resume(id);
    expect(control.resume).toHaveBeenCalledOnce();
    expect(store.getSnapshot().entries[0]!.paused).toBe(false);
    store.accepted(id, 7);
    expect(store.getSnapshot().entries[0]).toMatchObject({ pausable: false, loaded: 10_000 });
    store.pause(id);
    expect(control.pause).toHaveBeenCalledOnce();
  });

  it('records the bytes sent, never more than the file has', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.progress(id, 250);
    expect(store.getSnapshot().entries[0]!.loaded).toBe(250);
    store.progress(id, 5000);
    expect(store.getSnapshot().entries[0]!.loaded).toBe(1000);
  });

  it('an accepted upload has every byte sent and knows its note, still processing', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.progress(id, 400);
    store.accepted(id, 42);
    expect(store.getSnapshot().entries[0]).toMatchObject({
      loaded: 1000,
      noteId: 42,
      status: 'processing',
    });
    expect(store.getSnapshot().pending).toBe(1);
  });

  it('a done entry lowers the pending count at once and is removed 2000 ms later', () => {
    expect(UPLOAD_ENTRY_REMOVE_DELAY_MS).toBe(2000);
    const store = createUploadStore();
    const id = store.add(meeting);
    store.done(id);
    expect(store.getSnapshot().pending).toBe(0);
    expect(store.getSnapshot().entries[0]!.status).toBe('done');

    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot().entries).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().entries).toEqual([]);
  });

  it('follows several uploads at once, each on its own', () => {
    const store = createUploadStore();
    const first = store.add(meeting);
    const second = store.add(lecture);
    const third = store.add({ filename: 'Interview.wav', size: 300 });
    expect(store.getSnapshot().pending).toBe(3);
    expect(new Set([first, second, third]).size).toBe(3);

    store.progress(second, 2500);
    store.done(first);
    store.fail(third, { code: 'uploadFailed' });
    expect(store.getSnapshot().pending).toBe(1);
    expect(store.getSnapshot().entries.map((entry) => [entry.filename, entry.status])).toEqual([
      ['Teambesprechung.m4a', 'done'],
      ['Vorlesung.mp3', 'processing'],
      ['Interview.wav', 'error'],
    ]);

    vi.advanceTimersByTime(UPLOAD_ENTRY_REMOVE_DELAY_MS);
    expect(store.getSnapshot().entries.map((entry) => entry.filename)).toEqual([
      'Vorlesung.mp3',
      'Interview.wav',
    ]);
    expect(store.getSnapshot().entries[0]!.loaded).toBe(2500);

    store.done(second);
    expect(store.getSnapshot().pending).toBe(0);
    vi.advanceTimersByTime(UPLOAD_ENTRY_REMOVE_DELAY_MS);
    expect(store.getSnapshot().entries.map((entry) => entry.filename)).toEqual(['Interview.wav']);
  });

  it('a failed entry keeps its texts and stays until it is dismissed', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.fail(id, { code: 'transcriptionFailed' }, 'processing.engine.server');
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().entries).toEqual([
      expect.objectContaining({
        status: 'error',
        error: { code: 'transcriptionFailed' },
        reason: 'processing.engine.server',
      }),
    ]);
    store.dismiss(id);
    expect(store.getSnapshot().entries).toEqual([]);
  });

  it('dismissing a running upload hides its toast but keeps following it; a failure shows it again', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.dismiss(id);
    expect(store.getSnapshot().entries[0]).toMatchObject({
      showToast: false,
      status: 'processing',
    });
    expect(store.getSnapshot().pending).toBe(1);
    store.fail(id, { code: 'uploadFailed' });
    expect(store.getSnapshot().entries[0]).toMatchObject({ showToast: true, status: 'error' });
  });

  it('a finished entry keeps its outcome: later reports do not change it', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.done(id);
    store.fail(id, { code: 'uploadFailed' });
    store.progress(id, 10);
    expect(store.getSnapshot().entries[0]).toMatchObject({ status: 'done', loaded: 0 });
  });

  it('reports for an entry that is gone are ignored', () => {
    const store = createUploadStore();
    const id = store.add(meeting);
    store.remove(id);
    store.progress(id, 10);
    store.done(id);
    vi.advanceTimersByTime(UPLOAD_ENTRY_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toMatchObject({ entries: [], pending: 0 });
  });

  it('another signed-in person starts with no uploads', () => {
    const store = createUploadStore();
    store.setOwner(7);
    const id = store.add(meeting);
    store.done(id);
    store.setOwner(7);
    expect(store.getSnapshot().entries).toHaveLength(1);
    store.setOwner(null);
    expect(store.getSnapshot()).toEqual({ entries: [], pending: 0, owner: null });
    // The removal timer of the forgotten entry does nothing to the next person's entries.
    store.setOwner(8);
    const next = store.add(lecture);
    vi.advanceTimersByTime(UPLOAD_ENTRY_REMOVE_DELAY_MS);
    expect(store.getSnapshot().entries.map((entry) => entry.id)).toEqual([next]);
  });

  it('useUploads re-renders with every change', () => {
    const store = createUploadStore();
    const { result } = renderHook(() => useUploads(store));
    expect(result.current.pending).toBe(0);
    let id = 0;
    act(() => {
      id = store.add(meeting);
    });
    expect(result.current.pending).toBe(1);
    act(() => store.progress(id, 500));
    expect(result.current.entries[0]!.loaded).toBe(500);
    act(() => store.done(id));
    expect(result.current.pending).toBe(0);
    act(() => vi.advanceTimersByTime(UPLOAD_ENTRY_REMOVE_DELAY_MS));
    expect(result.current.entries).toEqual([]);
  });
});

describe('leaving the page during an upload', () => {
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks while a file is on its way, and no longer once the server has accepted it', () => {
    const store = createUploadStore();
    const stop = guardUnloadWhileSending(store);
    expect(leave()).toBe(false);
    const id = store.add(meeting);
    store.progress(id, 400);
    expect(leave()).toBe(true);
    store.accepted(id, 42);
    expect(leave()).toBe(false);
    const failed = store.add(lecture);
    store.fail(failed, { code: 'uploadFailed' });
    expect(leave()).toBe(false);
    stop();
  });

  it('stops asking when the guard is removed', () => {
    const store = createUploadStore();
    const stop = guardUnloadWhileSending(store);
    store.add(meeting);
    stop();
    expect(leave()).toBe(false);
  });
});
