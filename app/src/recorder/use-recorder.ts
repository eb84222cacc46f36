import type { Minutes } from '@protokoll/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  browserEnvironment,
  createRecorderStore,
  type RecorderEnvironment,
  type RecorderHost,
  type RecorderSnapshot,
  type RecorderStore,
} from './recorder-store.ts';

export interface UseRecorderOptions extends Omit<RecorderHost, 'minutes'> {
  minutes: Minutes | undefined;
  /** `?record=1`: start recording once loaded, unless an unfinished recording is offered. */
  autoStart: boolean;
  /** The browser parts; stand-ins in tests. */
  environment?: RecorderEnvironment;
}

/**
 * The recorder store of one recorder section (recorder-store.ts) and its snapshot: created with
 * the section, told the latest owner, balance and callbacks, loaded when the owner is known, and
 * let go of (microphone off) when the section goes. Leaving the page while recording hands over
 * the last chunk first, so the next visit offers all of it.
 */
export function useRecorder({
  owner,
  minutes,
  fileName,
  takeFile,
  autoStart,
  environment = browserEnvironment,
}: UseRecorderOptions): [RecorderSnapshot, RecorderStore] {
  const [store] = useState(() => createRecorderStore(environment));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  // Read when a recording ends or is handed over: the balance as it is then, not at its start.
  useEffect(() => {
    store.setHost({ owner, minutes, fileName, takeFile });
  }, [store, owner, minutes, fileName, takeFile]);

  // The start request is used once: a later owner change must not start another recording.
  const startPending = useRef(autoStart);
  useEffect(() => {
    if (owner === undefined) return;
    const startNow = startPending.current;
    startPending.current = false;
    void store.load({ autoStart: startNow });
  }, [store, owner]);

  useEffect(() => {
    const flush = () => store.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      store.release();
    };
  }, [store]);

  return [snapshot, store];
}
