import { billableMinutes, hasEnoughMinutes, isUnlimited, type Minutes } from '@protokoll/contract';
import type { RecorderDevice, RecorderStatus } from '@protokoll/ui';
import { markRecorded } from './recorded-files.ts';
import * as idb from './recording-store.ts';
import type { StoredRecording } from './recording-store.ts';
import { joinWebm } from './webm-join.ts';

/*
 * The browser recorder's state (docs/uploads.md#recording-in-the-browser), without React:
 * MediaRecorder on the microphone (optionally mixed with a shared tab's audio through Web Audio),
 * a chunk to IndexedDB every CHUNK_MS so a crash loses at most those seconds, the level meter and
 * the elapsed time, the offer to continue or use an unfinished recording, and the finished
 * recording handed to the form as its file. Capture is never gated by billing: past the minutes
 * the recording goes on, and at the end the person buys minutes, processes the part that fits,
 * or keeps it (listed as a saved recording) for later. `useRecorder` (use-recorder.ts) is its
 * React side, as `useUploads` is the upload store's.
 */

/** MediaRecorder hands over (and IndexedDB keeps) a chunk this often: the most a crash loses. */
export const CHUNK_MS = 2_000;
/** How often the elapsed time and the level are read while recording. */
export const TICK_MS = 200;
/** Opus at 48 kbit/s mono: speech stays clear, two hours are about 43 MB. */
const AUDIO_BITS_PER_SECOND = 48_000;
/** Preferred formats, best first: Opus in WebM (Chrome, Edge, Firefox), in Ogg, then MP4 (Safari). */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

/**
 * Where the recorder stands: the widget's statuses (`asking` while the browser asks for the
 * microphone; `denied`/`noDevice` when that failed; `stopped`/`needsMinutes` once the finished
 * recording is saved), and `stopping` between "Stop" and the last chunk written.
 */
export type RecorderPhase = RecorderStatus | 'stopping';

export interface RecorderSnapshot {
  status: RecorderPhase;
  /** Length of the recording so far, of the finished one, or of the recovered one. */
  seconds: number;
  /** Input level while recording, 0–1. */
  level: number;
  devices: RecorderDevice[];
  deviceId: string | undefined;
  includeTabAudio: boolean;
  /** An unfinished recording from an earlier visit, offered to continue or use. */
  recovered: StoredRecording | undefined;
  /** The finished recording on screen (`stopped` or `needsMinutes`). */
  shown: StoredRecording | undefined;
  /** Finished recordings kept here for later, except the one on screen. */
  saved: StoredRecording[];
}

/** What the store needs of MediaRecorder. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: BlobEvent) => void) | null;
  onstop: ((event: Event) => void) | null;
  start(timeslice?: number): void;
  pause(): void;
  resume(): void;
  stop(): void;
  requestData(): void;
}

/** What the store needs of Web Audio's AudioContext. */
export interface AudioContextLike {
  resume(): Promise<void>;
  close(): Promise<void>;
  createAnalyser(): Pick<AnalyserNode, 'fftSize' | 'getFloatTimeDomainData'>;
  createMediaStreamSource(stream: MediaStream): { connect(node: unknown): unknown };
  createMediaStreamDestination(): { stream: MediaStream };
}

/** IndexedDB's copy of the recordings (recording-store.ts). */
export type RecordingStorage = Pick<
  typeof idb,
  'saveRecording' | 'appendChunk' | 'listRecordings' | 'readSittings' | 'deleteRecording'
>;

/** The browser parts the store uses; tests hand in stand-ins. */
export interface RecorderEnvironment {
  canRecord(): boolean;
  canShareTabAudio(): boolean;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  getDisplayMedia(constraints: DisplayMediaStreamOptions): Promise<MediaStream>;
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
  isTypeSupported(mimeType: string): boolean;
  createRecorder(stream: MediaStream, options: MediaRecorderOptions): MediaRecorderLike;
  createAudioContext(): AudioContextLike;
  storage: RecordingStorage;
  now(): number;
  randomId(): string;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
}

/** The real browser, read when used (nothing of it exists while prerendering). */
export const browserEnvironment: RecorderEnvironment = {
  canRecord: () =>
    typeof window !== 'undefined' &&
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function',
  // Tab or window audio: only Chromium browsers on a computer share it through getDisplayMedia
  // (Firefox and Safari share the picture only, phones not at all).
  canShareTabAudio: () =>
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
    /Chrome\//.test(navigator.userAgent) &&
    !/Mobile|Android/.test(navigator.userAgent),
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  getDisplayMedia: (constraints) => navigator.mediaDevices.getDisplayMedia(constraints),
  enumerateDevices: () => navigator.mediaDevices.enumerateDevices(),
  isTypeSupported: (mimeType) => MediaRecorder.isTypeSupported(mimeType),
  createRecorder: (stream, options) => new MediaRecorder(stream, options),
  createAudioContext: () => new AudioContext(),
  storage: idb,
  now: () => performance.now(),
  randomId: () => crypto.randomUUID(),
  setInterval: (run, ms) => window.setInterval(run, ms),
  clearInterval: (timer) => window.clearInterval(timer as number),
};

/** Continuing after a reload needs joining the sittings, which works for WebM. */
export const canJoin = (mimeType: string) => mimeType.startsWith('audio/webm') || mimeType === '';

function extensionOf(mimeType: string): string {
  if (mimeType.startsWith('audio/ogg')) return 'ogg';
  if (mimeType.startsWith('audio/mp4')) return 'm4a';
  return 'webm';
}

/** Whether processing the recording fits the balance; unknown balances let the server decide. */
function fits(recording: StoredRecording, minutes: Minutes | undefined): boolean {
  return minutes === undefined || hasEnoughMinutes(minutes, billableMinutes(recording.seconds));
}

/** What the page around the recorder supplies; read when needed, so always the latest. */
export interface RecorderHost {
  /** The signed-in person; nothing is recorded or listed without one. */
  owner: number | undefined;
  /** The balance as it is when a recording ends (undefined while loading). */
  minutes: Minutes | undefined;
  /** The file name of a recording, without extension. */
  fileName(recording: StoredRecording): string;
  /** Hands the finished recording to the form as its file. */
  takeFile(file: File): void;
}

interface Live {
  recorder: MediaRecorderLike;
  streams: MediaStream[];
  context: AudioContextLike;
  recording: StoredRecording;
  sitting: number;
  seq: number;
  /** Seconds of the earlier sittings. */
  base: number;
  /** Milliseconds recorded in this sitting before the current stretch. */
  activeMs: number;
  /** When the current stretch started (`now()`), undefined while paused. */
  stretchStart: number | undefined;
  /** Chunk writes, one after another. */
  writes: Promise<void>;
  timer: unknown;
}

export type RecorderStore = ReturnType<typeof createRecorderStore>;

export function createRecorderStore(
  env: RecorderEnvironment = browserEnvironment,
  host: RecorderHost = { owner: undefined, minutes: undefined, fileName: () => '', takeFile() {} },
) {
  const { storage } = env;
  let snapshot: RecorderSnapshot = {
    status: env.canRecord() ? 'idle' : 'unsupported',
    seconds: 0,
    level: 0,
    devices: [],
    deviceId: undefined,
    includeTabAudio: false,
    recovered: undefined,
    shown: undefined,
    saved: [],
  };
  const listeners = new Set<() => void>();
  let live: Live | undefined;
  /** The recording on screen (in progress or finished), which "Discard" forgets. */
  let shownId: string | undefined;
  /** The form holds only a part of the shown recording: discarding it keeps the whole. */
  let shownPart = false;

  function set(change: Partial<RecorderSnapshot>) {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }

  function elapsed(state: Live): number {
    const stretch = state.stretchStart === undefined ? 0 : env.now() - state.stretchStart;
    return state.base + (state.activeMs + stretch) / 1000;
  }

  /** Stops everything of a recording without finishing it. */
  function release(state: Live | undefined) {
    if (!state) return;
    env.clearInterval(state.timer);
    state.recorder.ondataavailable = null;
    state.recorder.onstop = null;
    if (state.recorder.state !== 'inactive') state.recorder.stop();
    closeStreams(state);
  }

  function closeStreams(state: Live) {
    for (const stream of state.streams) for (const track of stream.getTracks()) track.stop();
    void state.context.close().catch(() => {});
  }

  async function refreshSaved(): Promise<StoredRecording[]> {
    if (host.owner === undefined) return [];
    const all = await storage.listRecordings(host.owner).catch(() => []);
    set({
      saved: all.filter((recording) => recording.state === 'finished' && recording.id !== shownId),
    });
    return all;
  }

  /**
   * Lists the saved recordings and offers an unfinished one from an earlier visit again; with
   * `autoStart` (`?record=1`) starts recording when there is nothing to offer.
   */
  async function load({ autoStart = false }: { autoStart?: boolean } = {}) {
    if (host.owner === undefined || !env.canRecord()) return;
    const all = await refreshSaved();
    if (live) return;
    const found = all.find((recording) => recording.state === 'recording');
    if (found) set({ recovered: found, seconds: found.seconds, status: 'recovered' });
    else if (autoStart) await start();
  }

  async function listDevices() {
    const all = await env.enumerateDevices().catch(() => []);
    set({
      devices: all
        .filter((device) => device.kind === 'audioinput' && device.deviceId)
        .map((device) => ({ id: device.deviceId, label: device.label })),
    });
  }

  /** Starts a recording, or continues `continueFrom` (a recovered one) in a new sitting. */
  async function start(continueFrom: StoredRecording | undefined = snapshot.recovered) {
    const owner = host.owner;
    if (owner === undefined || live) return;
    if (snapshot.status === 'asking' || snapshot.status === 'stopping') return;
    set({ status: 'asking' });
    let mic: MediaStream;
    try {
      mic = await env.getUserMedia({
        audio: {
          ...(snapshot.deviceId ? { deviceId: { exact: snapshot.deviceId } } : {}),
          // The raw signal: echo cancellation would remove a meeting's other side played aloud.
          echoCancellation: false,
          noiseSuppression: false,
          autoGainControl: false,
        },
      });
    } catch (error) {
      const name = (error as DOMException).name;
      set({
        status:
          name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError'
            ? 'noDevice'
            : 'denied',
        ...(continueFrom ? { recovered: continueFrom } : {}),
      });
      return;
    }
    void listDevices();
    const streams = [mic];
    if (snapshot.includeTabAudio && env.canShareTabAudio()) {
      try {
        streams.push(await env.getDisplayMedia({ video: true, audio: true }));
      } catch {
        // Sharing refused: the microphone alone is recorded.
      }
    }
    const context = env.createAudioContext();
    // Created after the permission prompt, it may start suspended: a suspended mix is silence.
    void context.resume().catch(() => {});
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    const sources = streams
      .filter((stream) => stream.getAudioTracks().length > 0)
      .map((stream) => context.createMediaStreamSource(stream));
    let recorded = mic;
    if (sources.length > 1) {
      const mix = context.createMediaStreamDestination();
      for (const source of sources) source.connect(mix);
      recorded = mix.stream;
    }
    for (const source of sources) source.connect(analyser);

    const mimeType =
      continueFrom?.mimeType ?? MIME_TYPES.find((type) => env.isTypeSupported(type)) ?? '';
    const recorder = env.createRecorder(recorded, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    const recording: StoredRecording = continueFrom
      ? { ...continueFrom, state: 'recording', sittings: continueFrom.sittings + 1 }
      : {
          id: env.randomId(),
          owner,
          startedAt: new Date().toISOString(),
          mimeType: recorder.mimeType || mimeType,
          seconds: 0,
          state: 'recording',
          sittings: 1,
        };
    const state: Live = {
      recorder,
      streams,
      context,
      recording,
      sitting: recording.sittings,
      seq: 0,
      base: continueFrom?.seconds ?? 0,
      activeMs: 0,
      stretchStart: undefined,
      writes: storage.saveRecording(recording).catch(() => {}),
      timer: undefined,
    };
    live = state;
    shownId = recording.id;
    shownPart = false;

    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      state.recording = { ...state.recording, seconds: elapsed(state) };
      const chunk = { sitting: state.sitting, seq: state.seq++, blob: event.data };
      const saved = state.recording;
      state.writes = state.writes.then(() => storage.appendChunk(saved, chunk)).catch(() => {});
    };
    recorder.onstop = () => void finish(state);
    recorder.start(CHUNK_MS);
    state.stretchStart = env.now();
    set({ status: 'recording', seconds: state.base, shown: undefined, recovered: undefined });

    const samples = new Float32Array(analyser.fftSize);
    state.timer = env.setInterval(() => {
      if (live !== state) return env.clearInterval(state.timer);
      const change: Partial<RecorderSnapshot> = { seconds: elapsed(state) };
      if (state.stretchStart !== undefined) {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        // RMS on a loudness-like scale: speech around the middle, shouting near the top.
        change.level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      }
      // No stop for the minutes here: capture is never gated by billing (docs/uploads.md).
      set(change);
    }, TICK_MS);
  }

  function pause() {
    const state = live;
    if (!state || state.recorder.state !== 'recording') return;
    state.recorder.pause();
    state.recorder.requestData();
    if (state.stretchStart !== undefined) state.activeMs += env.now() - state.stretchStart;
    state.stretchStart = undefined;
    set({ status: 'paused', level: 0, seconds: elapsed(state) });
  }

  function resume() {
    const state = live;
    if (!state || state.recorder.state !== 'paused') return;
    state.recorder.resume();
    state.stretchStart = env.now();
    set({ status: 'recording' });
  }

  /** Ends the recording: the last chunk arrives, then MediaRecorder's `stop`, which finishes. */
  function stop() {
    const state = live;
    if (!state || state.recorder.state === 'inactive') return;
    if (state.stretchStart !== undefined) state.activeMs += env.now() - state.stretchStart;
    state.stretchStart = undefined;
    set({ status: 'stopping', level: 0, seconds: elapsed(state) });
    state.recorder.stop();
  }

  async function finish(state: Live) {
    env.clearInterval(state.timer);
    await state.writes;
    closeStreams(state);
    // Discarded while its last chunks were written: discarding deleted it, and so it stays.
    if (live !== state) return;
    const recording: StoredRecording = {
      ...state.recording,
      seconds: elapsed(state),
      state: 'finished',
    };
    await storage.saveRecording(recording).catch(() => {});
    if (live !== state) return;
    live = undefined;
    await offer(recording);
  }

  /** The kept sittings as one file; with `maxSeconds` only its beginning (WebM only). */
  async function toFile(
    recording: StoredRecording,
    maxSeconds?: number,
  ): Promise<File | undefined> {
    const sittings = await storage.readSittings(recording.id);
    const type = recording.mimeType.split(';')[0] || 'audio/webm';
    let parts: BlobPart[] = sittings;
    if (canJoin(recording.mimeType) && sittings.length > 0) {
      try {
        const bytes = await Promise.all(
          sittings.map(async (blob) => new Uint8Array(await blob.arrayBuffer())),
        );
        parts = [joinWebm(bytes, maxSeconds)];
      } catch {
        // A part cannot be cut from what is not the WebM expected.
        if (maxSeconds !== undefined) return undefined;
        // The whole recording: the server reads what it can of the chunks as they are.
      }
    } else if (maxSeconds !== undefined) {
      return undefined;
    }
    const name = `${host.fileName(recording)}.${extensionOf(recording.mimeType)}`;
    return new File(parts, name, { type });
  }

  /**
   * A finished recording on screen: handed to the form when the minutes suffice, else the
   * choice of buying minutes, processing the part that fits, or keeping it for later.
   */
  async function offer(recording: StoredRecording) {
    shownId = recording.id;
    shownPart = false;
    set({ shown: recording, seconds: recording.seconds, level: 0 });
    if (fits(recording, host.minutes)) await handOver(recording);
    else set({ status: 'needsMinutes' });
    void refreshSaved();
  }

  async function handOver(recording: StoredRecording, maxSeconds?: number) {
    const file = await toFile(recording, maxSeconds);
    if (!file) return;
    const seconds = Math.min(recording.seconds, maxSeconds ?? Infinity);
    shownPart = maxSeconds !== undefined;
    // A part leaves the whole recording kept here: the original can always be downloaded.
    markRecorded(file, {
      seconds,
      recordingId: maxSeconds === undefined ? recording.id : undefined,
    });
    set({ seconds, status: 'stopped' });
    host.takeFile(file);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    /** The page's latest owner, balance and callbacks. */
    setHost(next: RecorderHost) {
      host = next;
    },
    load,
    start,
    pause,
    resume,
    stop,
    /** Forgets the recording on screen (in progress, finished or recovered) and its chunks. */
    async discard() {
      const state = live;
      live = undefined;
      release(state);
      const id = shownPart ? undefined : (shownId ?? snapshot.recovered?.id);
      shownId = undefined;
      shownPart = false;
      // Gone from IndexedDB before the recorder says so: a reload right after cannot bring it back.
      if (id) await storage.deleteRecording(id).catch(() => {});
      set({ recovered: undefined, shown: undefined, seconds: 0, level: 0, status: 'idle' });
      void refreshSaved();
    },
    /** Keeps the shown recording for later (a saved recording) and clears the recorder. */
    keep() {
      shownId = undefined;
      shownPart = false;
      set({ shown: undefined, seconds: 0, status: 'idle' });
      void refreshSaved();
    },
    /** The first whole minutes the balance covers, cut off here and handed to the form. */
    async processPart() {
      const { shown } = snapshot;
      const minutes = host.minutes;
      if (!shown || !minutes || isUnlimited(minutes)) return;
      const whole = Math.floor(minutes.has_active_plan ? minutes.remaining : 0);
      if (whole < 1) return;
      await handOver(shown, whole * 60);
    },
    /** Uses the unfinished recording from an earlier visit as it is. */
    async takeRecovered() {
      const { recovered } = snapshot;
      if (!recovered) return;
      const recording: StoredRecording = { ...recovered, state: 'finished' };
      set({ recovered: undefined });
      await storage.saveRecording(recording).catch(() => {});
      await offer(recording);
    },
    /** A saved recording back on screen, to process. */
    offer,
    /** The recording as a file to download (the whole of it). */
    toFile: (recording: StoredRecording) => toFile(recording),
    async deleteSaved(id: string) {
      await storage.deleteRecording(id).catch(() => {});
      await refreshSaved();
    },
    setDeviceId(deviceId: string | undefined) {
      set({ deviceId });
    },
    setIncludeTabAudio(includeTabAudio: boolean) {
      set({ includeTabAudio });
    },
    /** Hands over what was recorded since the last chunk (the page is being left). */
    flush() {
      if (live?.recorder.state === 'recording') live.recorder.requestData();
    },
    /** Lets go of microphone and recorder (the page is gone); what was saved stays saved. */
    release() {
      const state = live;
      live = undefined;
      release(state);
    },
  };
}
