import { UPLOAD_ENTRY_REMOVE_DELAY_MS, type FailureText } from '@protokoll/contract';
import type { UploadEntry } from '@protokoll/ui';
import { useSyncExternalStore } from 'react';

/*
 * Upload tracking (docs/uploads.md#upload-toasts): an entry per file, from the first byte until its
 * note is done or failed. Module-level like the session, so the toasts in the layout keep following
 * an upload while the person moves between pages.
 */

/** An upload tracking entry, plus the failure texts and the note it became. */
export interface UploadTrackingEntry extends UploadEntry {
  id: number;
  /** The note the server created, once the upload was accepted. */
  noteId?: number | undefined;
  /** The server's error code of a refused upload (`insufficientMinutes`, `fileTooLong`, …). */
  code?: string | undefined;
}

export interface UploadsSnapshot {
  /** Oldest first. */
  entries: readonly UploadTrackingEntry[];
  /** Uploads still processing; drops when one is done or failed. */
  pending: number;
  /** Whose uploads these are: the signed-in user's id, `null` before anyone claimed them. */
  owner: number | null;
}

export interface UploadStoreOptions {
  /** A finished entry is removed this long after it is done. */
  removeDelayMs?: number;
  /** The clock speed and time left are measured with. */
  now?: () => number;
}

/** Pause and resume of a running upload, as its sender offers them. */
export interface UploadControls {
  pause(): void;
  resume(): void;
}

/** Progress samples closer together than this do not change the speed shown. */
const SPEED_SAMPLE_MS = 500;
/** Weight of the newest sample in the smoothed speed. */
const SPEED_SMOOTHING = 0.3;

export type UploadStore = ReturnType<typeof createUploadStore>;

/**
 * No uploads: a store's first snapshot and the one hydration sees are this same object, so a
 * page is not rendered again right after hydrating (React compares the two by identity;
 * docs/architecture.md#prerendered-pages).
 */
const noUploads: UploadsSnapshot = { entries: [], pending: 0, owner: null };

export function createUploadStore({
  removeDelayMs = UPLOAD_ENTRY_REMOVE_DELAY_MS,
  now = () => Date.now(),
}: UploadStoreOptions = {}) {
  let snapshot = noUploads;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const removals = new Map<number, ReturnType<typeof setTimeout>>();
  const controls = new Map<number, UploadControls>();
  /** The last progress sample and the smoothed speed (bytes per second) of each entry. */
  const samples = new Map<number, { at: number; loaded: number; speed: number | undefined }>();

  function publish(entries: readonly UploadTrackingEntry[], owner = snapshot.owner) {
    snapshot = {
      entries,
      pending: entries.filter((entry) => entry.status === 'processing').length,
      owner,
    };
    for (const listener of listeners) listener();
  }

  /** Changes one entry; an entry that is gone (dismissed, removed) stays gone. */
  function update(id: number, change: (entry: UploadTrackingEntry) => UploadTrackingEntry) {
    if (!snapshot.entries.some((entry) => entry.id === id)) return;
    publish(snapshot.entries.map((entry) => (entry.id === id ? change(entry) : entry)));
  }

  /** An entry that is still processing; finished ones keep their outcome. */
  function updateProcessing(id: number, change: Partial<UploadTrackingEntry>) {
    update(id, (entry) => (entry.status === 'processing' ? { ...entry, ...change } : entry));
  }

  function remove(id: number) {
    clearTimeout(removals.get(id));
    removals.delete(id);
    controls.delete(id);
    samples.delete(id);
    if (!snapshot.entries.some((entry) => entry.id === id)) return;
    publish(snapshot.entries.filter((entry) => entry.id !== id));
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** A file starts uploading: a new processing entry with its toast shown. */
    add(file: { filename: string; size: number }): number {
      const id = nextId++;
      publish([
        ...snapshot.entries,
        {
          id,
          filename: file.filename,
          size: file.size,
          loaded: 0,
          status: 'processing',
          showToast: true,
        },
      ]);
      return id;
    },

    /**
     * Bytes sent so far, at most the file's size; with them the speed (smoothed over the samples
     * of the current run) and the time left at that speed.
     */
    progress(id: number, loaded: number) {
      const at = now();
      const last = samples.get(id);
      let speed = last?.speed;
      if (!last) samples.set(id, { at, loaded, speed: undefined });
      else if (at - last.at >= SPEED_SAMPLE_MS) {
        const current = (Math.max(0, loaded - last.loaded) * 1000) / (at - last.at);
        speed = speed === undefined ? current : speed + SPEED_SMOOTHING * (current - speed);
        samples.set(id, { at, loaded, speed });
      }
      update(id, (entry) => {
        if (entry.status !== 'processing') return entry;
        const bounded = Math.min(entry.size, Math.max(0, loaded));
        return {
          ...entry,
          loaded: bounded,
          bytesPerSecond: speed,
          secondsLeft: speed ? Math.ceil((entry.size - bounded) / speed) : undefined,
        };
      });
    },

    /** The sender's pause and resume: the toast offers them while bytes travel. */
    setControls(id: number, control: UploadControls) {
      controls.set(id, control);
      update(id, (entry) => ({ ...entry, pausable: true }));
    },

    /** Stops sending until `resume`; what arrived stays on the server. */
    pause(id: number) {
      const control = controls.get(id);
      if (!control) return;
      control.pause();
      samples.delete(id);
      updateProcessing(id, { paused: true, bytesPerSecond: undefined, secondsLeft: undefined });
    },

    /** Sends on from where the server stands (once the connection is back, if it is gone). */
    resume(id: number) {
      const control = controls.get(id);
      if (!control) return;
      samples.delete(id);
      updateProcessing(id, { paused: false });
      if (!snapshot.entries.find((entry) => entry.id === id)?.waiting) control.resume();
    },

    /**
     * The connection is gone (`true`) or back (`false`) while bytes travel
     * (docs/uploads.md#offline): the sender holds still meanwhile and goes on from where the
     * server stands once it is back; a pause of the person's own stays theirs.
     */
    waitForConnection(id: number, waiting: boolean) {
      const entry = snapshot.entries.find((candidate) => candidate.id === id);
      if (!entry || entry.status !== 'processing' || !!entry.waiting === waiting) return;
      samples.delete(id);
      updateProcessing(id, { waiting, bytesPerSecond: undefined, secondsLeft: undefined });
      const control = controls.get(id);
      if (!control || entry.paused) return;
      if (waiting) control.pause();
      else control.resume();
    },

    /** The server took the file: every byte is there, its note is being processed. */
    accepted(id: number, noteId: number | undefined) {
      controls.delete(id);
      samples.delete(id);
      update(id, (entry) =>
        entry.status === 'processing'
          ? {
              ...entry,
              loaded: entry.size,
              noteId,
              paused: false,
              pausable: false,
              waiting: false,
              bytesPerSecond: undefined,
              secondsLeft: undefined,
            }
          : entry,
      );
    },

    /** Done; the entry disappears `removeDelayMs` later. */
    done(id: number) {
      updateProcessing(id, { status: 'done', error: undefined, reason: undefined });
      if (snapshot.entries.some((entry) => entry.id === id) && !removals.has(id)) {
        removals.set(
          id,
          setTimeout(() => remove(id), removeDelayMs),
        );
      }
    },

    /**
     * Failed: the entry stays until dismissed, and shows its toast again even if it had been
     * closed while it was running, so a failure never goes unnoticed.
     */
    fail(id: number, error: FailureText, reason?: string, code?: string) {
      controls.delete(id);
      samples.delete(id);
      updateProcessing(id, {
        status: 'error',
        error,
        reason,
        code,
        showToast: true,
        paused: false,
        pausable: false,
        waiting: false,
      });
    },

    /**
     * The close button: a running upload goes on without its toast (`showToast` false); a
     * finished one is removed.
     */
    dismiss(id: number) {
      const entry = snapshot.entries.find((candidate) => candidate.id === id);
      if (!entry) return;
      if (entry.status === 'processing')
        update(id, (current) => ({ ...current, showToast: false }));
      else remove(id);
    },

    /** Stops tracking at once, e.g. when its note was deleted meanwhile. */
    remove,

    /**
     * The signed-in user (or `null`). When it changes, every entry is forgotten: after a sign-out
     * the next person never sees the previous one's uploads, which stop being followed.
     */
    setOwner(owner: number | null) {
      if (owner === snapshot.owner) return;
      for (const timer of removals.values()) clearTimeout(timer);
      removals.clear();
      for (const control of controls.values()) control.pause();
      controls.clear();
      samples.clear();
      publish([], owner);
    },
  };
}

/**
 * While a file is still on its way, leaving the page stops it (after a reload the same file has
 * to be chosen again to continue it), so the browser asks first. Once the server has accepted it, the note is
 * processed whatever the page does, and leaving is free.
 */
export function guardUnloadWhileSending(
  store: UploadStore,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    const sending = store
      .getSnapshot()
      .entries.some((entry) => entry.status === 'processing' && entry.noteId === undefined);
    if (sending) event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}

/** The app's one upload store. */
export const uploadStore = createUploadStore();

/** The tracked uploads and the pending count; re-renders on every change. */
export function useUploads(store: UploadStore = uploadStore): UploadsSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => noUploads);
}
