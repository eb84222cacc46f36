// @vitest-environment node
// Node's Blob, not jsdom's: fake-indexeddb clones what it stores, as a browser's IndexedDB does,
// and only Node's structuredClone knows Blobs.
import 'fake-indexeddb/auto';
import { emptyMinutes } from '@protokoll/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordedSeconds } from './recorded-files.ts';
import {
  createRecorderStore,
  type AudioContextLike,
  type MediaRecorderLike,
  type RecorderEnvironment,
  type RecorderHost,
  type RecorderPhase,
  type RecorderStore,
} from './recorder-store.ts';
import * as idb from './recording-store.ts';

/*
 * The recorder store's state machine against stand-ins for what jsdom lacks (MediaRecorder,
 * AudioContext, the microphone, a clock and its timer) and IndexedDB in memory
 * (fake-indexeddb), through the real recording-store.ts.
 */

class FakeTrack {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

function fakeStream() {
  const track = new FakeTrack();
  return {
    track,
    stream: {
      getTracks: () => [track],
      getAudioTracks: () => [track],
    } as unknown as MediaStream,
  };
}

class FakeRecorder implements MediaRecorderLike {
  state: MediaRecorderLike['state'] = 'inactive';
  ondataavailable: MediaRecorderLike['ondataavailable'] = null;
  onstop: MediaRecorderLike['onstop'] = null;
  timeslice: number | undefined;
  /** Bytes the "microphone" produced since the last chunk. */
  pending = '';
  constructor(readonly mimeType: string) {}
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  /** Hands over what was recorded since the last chunk, as MediaRecorder does. */
  requestData() {
    const data = new Blob([this.pending], { type: this.mimeType });
    this.pending = '';
    this.ondataavailable?.({ data } as BlobEvent);
  }
  stop() {
    this.requestData();
    this.state = 'inactive';
    // The browser fires `stop` after the last `dataavailable`, in a later task.
    setTimeout(() => this.onstop?.(new Event('stop')), 0);
  }
}

class FakeAudioContext implements AudioContextLike {
  closed = false;
  level = 0;
  resume = () => Promise.resolve();
  close() {
    this.closed = true;
    return Promise.resolve();
  }
  createAnalyser() {
    return {
      fftSize: 0,
      getFloatTimeDomainData: (samples: Float32Array<ArrayBuffer>) => {
        samples.fill(this.level);
      },
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  createMediaStreamDestination() {
    return { stream: fakeStream().stream };
  }
}

interface Fakes {
  env: RecorderEnvironment;
  recorders: FakeRecorder[];
  contexts: FakeAudioContext[];
  tracks: FakeTrack[];
  /** Moves the clock on and runs the recorder's timer once. */
  tick(ms: number): void;
  /** Makes the next microphone request fail with this DOMException name. */
  refuse(name: string | undefined): void;
}

function fakes(): Fakes {
  let clock = 0;
  let refusal: string | undefined;
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const recorders: FakeRecorder[] = [];
  const contexts: FakeAudioContext[] = [];
  const tracks: FakeTrack[] = [];
  let ids = 0;
  return {
    recorders,
    contexts,
    tracks,
    tick(ms) {
      clock += ms;
      for (const run of [...timers.values()]) run();
    },
    refuse(name) {
      refusal = name;
    },
    env: {
      canRecord: () => true,
      canShareTabAudio: () => false,
      getUserMedia: () => {
        if (refusal) return Promise.reject(new DOMException('no', refusal));
        const { stream, track } = fakeStream();
        tracks.push(track);
        return Promise.resolve(stream);
      },
      getDisplayMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')),
      enumerateDevices: () =>
        Promise.resolve([
          { kind: 'audioinput', deviceId: 'mic-1', label: 'Headset' } as MediaDeviceInfo,
        ]),
      // Ogg: no WebM joining, so the stand-in chunks are handed over as they are.
      isTypeSupported: (type) => type === 'audio/ogg;codecs=opus',
      createRecorder: (_stream, options) => {
        const recorder = new FakeRecorder(options.mimeType ?? '');
        recorders.push(recorder);
        return recorder;
      },
      createAudioContext: () => {
        const context = new FakeAudioContext();
        contexts.push(context);
        return context;
      },
      storage: idb,
      now: () => clock,
      randomId: () => `recording-${++ids}`,
      setInterval: (run) => {
        const id = nextTimer++;
        timers.set(id, run);
        return id;
      },
      clearInterval: (id) => void timers.delete(id as number),
    },
  };
}

const OWNER = 7;

function setUp(host: Partial<RecorderHost> = {}) {
  const f = fakes();
  const takeFile = vi.fn<(file: File) => void>();
  const store = createRecorderStore(f.env, {
    owner: OWNER,
    minutes: undefined,
    fileName: (recording) => `Aufnahme ${recording.id}`,
    takeFile,
    ...host,
  });
  const seen: RecorderPhase[] = [];
  store.subscribe(() => {
    const { status } = store.getSnapshot();
    if (seen.at(-1) !== status) seen.push(status);
  });
  return { ...f, store, takeFile, seen };
}

/** Waits until the store reaches a status (the store's steps are promises). */
async function reach(store: RecorderStore, status: RecorderPhase) {
  await vi.waitFor(() => expect(store.getSnapshot().status).toBe(status));
}

async function clearDatabase() {
  for (const recording of await idb.listRecordings(OWNER)) await idb.deleteRecording(recording.id);
}

beforeEach(clearDatabase);
afterEach(clearDatabase);

describe('recorder store', () => {
  it('is unsupported where the browser cannot record', () => {
    const f = fakes();
    const store = createRecorderStore({ ...f.env, canRecord: () => false });
    expect(store.getSnapshot().status).toBe('unsupported');
  });

  it('asks for the microphone, records with elapsed time and level, and saves every chunk', async () => {
    const { store, recorders, contexts, tick, seen } = setUp();
    await store.start();
    expect(seen).toEqual(['asking', 'recording']);
    const recorder = recorders[0]!;
    expect(recorder.mimeType).toBe('audio/ogg;codecs=opus');
    expect(recorder.timeslice).toBe(2_000);

    contexts[0]!.level = 0.1;
    tick(1_500);
    expect(store.getSnapshot().seconds).toBeCloseTo(1.5);
    expect(store.getSnapshot().level).toBeCloseTo(0.4);
    await vi.waitFor(() => expect(store.getSnapshot().devices).toHaveLength(1));

    // A chunk is in IndexedDB as soon as the recorder hands it over: a crash loses no more.
    recorder.pending = 'erste Sekunden';
    tick(500);
    recorder.requestData();
    await vi.waitFor(async () => {
      const [kept] = await idb.listRecordings(OWNER);
      expect(kept).toMatchObject({ state: 'recording', seconds: 2, sittings: 1 });
      const sittings = await idb.readSittings(kept!.id);
      expect(await sittings[0]!.text()).toBe('erste Sekunden');
    });
  });

  it('leaves paused time out and finishes with the file handed to the form', async () => {
    const { store, recorders, contexts, tracks, tick, takeFile, seen } = setUp();
    await store.start();
    const recorder = recorders[0]!;
    recorder.pending = 'eins ';
    tick(3_000);
    store.pause();
    expect(store.getSnapshot()).toMatchObject({ status: 'paused', level: 0, seconds: 3 });
    tick(60_000);
    expect(store.getSnapshot().seconds).toBe(3);
    store.resume();
    expect(store.getSnapshot().status).toBe('recording');
    recorder.pending = 'zwei';
    tick(2_000);
    store.stop();
    expect(store.getSnapshot().status).toBe('stopping');
    await reach(store, 'stopped');
    expect(seen).toEqual(['asking', 'recording', 'paused', 'recording', 'stopping', 'stopped']);

    const file = takeFile.mock.calls[0]![0];
    expect(file.name).toBe('Aufnahme recording-1.ogg');
    expect(file.type).toBe('audio/ogg');
    expect(await file.text()).toBe('eins zwei');
    expect(recordedSeconds(file)).toBe(5);
    expect(tracks.every((track) => track.stopped)).toBe(true);
    expect(contexts[0]!.closed).toBe(true);
    const [kept] = await idb.listRecordings(OWNER);
    expect(kept).toMatchObject({ state: 'finished', seconds: 5 });
  });

  it('asks for minutes when the recording does not fit, and keeps it for later', async () => {
    const minutes = { ...emptyMinutes(), has_active_plan: true, remaining: 0 };
    const { store, recorders, tick, takeFile } = setUp({ minutes });
    await store.start();
    recorders[0]!.pending = 'zu lang';
    tick(90_000);
    store.stop();
    await reach(store, 'needsMinutes');
    expect(takeFile).not.toHaveBeenCalled();
    expect(store.getSnapshot().shown).toMatchObject({ state: 'finished', seconds: 90 });

    store.keep();
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', shown: undefined, seconds: 0 });
    await vi.waitFor(() => expect(store.getSnapshot().saved).toHaveLength(1));
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'noDevice'],
    ['NotReadableError', 'noDevice'],
  ] as const)('a refused microphone (%s) is %s, and starting again works', async (name, status) => {
    const { store, refuse, recorders } = setUp();
    refuse(name);
    await store.start();
    expect(store.getSnapshot().status).toBe(status);
    expect(recorders).toHaveLength(0);
    refuse(undefined);
    await store.start();
    expect(store.getSnapshot().status).toBe('recording');
  });

  it('discard stops the microphone and forgets the recording and its chunks', async () => {
    const { store, recorders, tracks, tick } = setUp();
    await store.start();
    recorders[0]!.pending = 'weg damit';
    tick(2_000);
    recorders[0]!.requestData();
    await vi.waitFor(async () => expect(await idb.listRecordings(OWNER)).toHaveLength(1));
    await store.discard();
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', seconds: 0, level: 0 });
    expect(tracks[0]!.stopped).toBe(true);
    expect(recorders[0]!.state).toBe('inactive');
    expect(await idb.listRecordings(OWNER)).toHaveLength(0);
    expect(await idb.readSittings('recording-1')).toHaveLength(0);
  });

  it('offers an unfinished recording again and continues it in a new sitting', async () => {
    const first = setUp();
    await first.store.start();
    first.recorders[0]!.pending = 'vor dem Neuladen ';
    first.tick(4_000);
    first.store.flush(); // the page is left
    first.store.release();
    await vi.waitFor(async () =>
      expect((await idb.listRecordings(OWNER))[0]).toMatchObject({ seconds: 4 }),
    );

    const again = setUp();
    await again.store.load({ autoStart: true });
    expect(again.store.getSnapshot()).toMatchObject({ status: 'recovered', seconds: 4 });
    expect(again.recorders).toHaveLength(0); // an offer, not a new recording

    await again.store.start();
    expect(again.store.getSnapshot()).toMatchObject({ status: 'recording', seconds: 4 });
    again.recorders[0]!.pending = 'danach';
    again.tick(3_000);
    again.store.stop();
    await reach(again.store, 'stopped');
    const file = again.takeFile.mock.calls[0]![0];
    expect(await file.text()).toBe('vor dem Neuladen danach');
    expect(recordedSeconds(file)).toBe(7);
    expect((await idb.listRecordings(OWNER))[0]).toMatchObject({ sittings: 2, seconds: 7 });
  });

  it('starts at once with autoStart when nothing is to be offered', async () => {
    const { store } = setUp();
    await store.load({ autoStart: true });
    expect(store.getSnapshot().status).toBe('recording');
  });
});
