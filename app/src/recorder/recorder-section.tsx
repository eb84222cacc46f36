import { billableMinutes, hasEnoughMinutes, isUnlimited, type Minutes } from '@protokoll/contract';
import { Recorder, SavedRecordings, type RecorderDevice, type RecorderStatus } from '@protokoll/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useUser } from '../api/user/user.ts';
import { saveFile } from '../lib/download.ts';
import { useLocale } from '../lib/use-locale.ts';
import { markRecorded } from './recorded-files.ts';
import {
  appendChunk,
  deleteRecording,
  listRecordings,
  readSittings,
  saveRecording,
  type StoredRecording,
} from './recording-store.ts';
import { joinWebm } from './webm-join.ts';

/*
 * The browser recorder of the new-note page (docs/uploads.md#recording-in-the-browser), a chunk
 * of its own: MediaRecorder on the microphone (optionally mixed with a shared tab's audio through
 * Web Audio), a chunk to IndexedDB every CHUNK_MS, the offer to continue or use an unfinished
 * recording, and the finished recording handed to the form as its file. Capture is never gated
 * by billing: past the minutes the recording goes on, and at the end the person buys minutes,
 * processes the part that fits, or keeps it (listed as a saved recording) for later.
 */

/** `/protocol?record=1` (the dashboard's "Aufnehmen") starts recording at once. */
export const RECORD_PARAM = 'record';

/** MediaRecorder hands over (and IndexedDB keeps) a chunk this often: the most a crash loses. */
export const CHUNK_MS = 2_000;
/** Opus at 48 kbit/s mono: speech stays clear, two hours are about 43 MB. */
const AUDIO_BITS_PER_SECOND = 48_000;
/** Preferred formats, best first: Opus in WebM (Chrome, Edge, Firefox), in Ogg, then MP4 (Safari). */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

function pickMimeType(): string {
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof MediaRecorder !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Tab or window audio: only Chromium browsers on a computer share it through getDisplayMedia
 * (Firefox and Safari share the picture only, phones not at all).
 */
const canShareTabAudio = () =>
  typeof navigator !== 'undefined' &&
  typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
  /Chrome\//.test(navigator.userAgent) &&
  !/Mobile|Android/.test(navigator.userAgent);

/** Continuing after a reload needs joining the sittings, which works for WebM. */
const canJoin = (mimeType: string) => mimeType.startsWith('audio/webm') || mimeType === '';

function extensionOf(mimeType: string): string {
  if (mimeType.startsWith('audio/ogg')) return 'ogg';
  if (mimeType.startsWith('audio/mp4')) return 'm4a';
  return 'webm';
}

/**
 * The kept sittings as one file named after when the recording was started; with `maxSeconds`
 * only its beginning (WebM only: undefined when it cannot be cut).
 */
async function toFile(
  recording: StoredRecording,
  name: string,
  maxSeconds?: number,
): Promise<File | undefined> {
  const sittings = await readSittings(recording.id);
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
  return new File(parts, `${name}.${extensionOf(recording.mimeType)}`, { type });
}

/** Whether processing the recording fits the balance; unknown balances let the server decide. */
function fits(recording: StoredRecording, minutes: Minutes | undefined): boolean {
  return minutes === undefined || hasEnoughMinutes(minutes, billableMinutes(recording.seconds));
}

interface Live {
  recorder: MediaRecorder;
  streams: MediaStream[];
  context: AudioContext;
  recording: StoredRecording;
  sitting: number;
  seq: number;
  /** Seconds of the earlier sittings. */
  base: number;
  /** Milliseconds recorded in this sitting before the current stretch. */
  activeMs: number;
  /** When the current stretch started (performance.now), undefined while paused. */
  stretchStart: number | undefined;
  /** Chunk writes, one after another. */
  writes: Promise<void>;
}

export interface RecorderSectionProps {
  /** Hands the finished recording to the form as its file. */
  takeFile: (file: File) => void;
  /** The balance, for the minutes left and the warning; undefined while loading. */
  minutes: Minutes | undefined;
}

export function RecorderSection({ takeFile, minutes }: RecorderSectionProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const autoStart = useRef(new URLSearchParams(search).get(RECORD_PARAM) === '1');
  const user = useUser();
  const owner = user.data?.id;
  const [status, setStatus] = useState<RecorderStatus>(() =>
    canRecord() ? 'idle' : 'unsupported',
  );
  const [seconds, setSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const [devices, setDevices] = useState<RecorderDevice[]>([]);
  const [deviceId, setDeviceId] = useState<string>();
  const [includeTabAudio, setIncludeTabAudio] = useState(false);
  const [recovered, setRecovered] = useState<StoredRecording>();
  /** Finished recordings kept here for later, except the one on screen. */
  const [saved, setSaved] = useState<StoredRecording[]>([]);
  /** The finished recording on screen (`stopped` or `needsMinutes`). */
  const [shown, setShown] = useState<StoredRecording>();
  const live = useRef<Live | undefined>(undefined);
  /** The recording on screen (in progress or finished), which "Discard" forgets. */
  const shownId = useRef<string | undefined>(undefined);
  /** The form holds only a part of the shown recording: discarding it keeps the whole. */
  const shownPart = useRef(false);
  // The balance as it is when a recording ends, not when it started.
  const minutesRef = useRef(minutes);
  useEffect(() => {
    minutesRef.current = minutes;
  }, [minutes]);

  const refreshSaved = useCallback(async () => {
    if (owner === undefined) return [];
    const all = await listRecordings(owner).catch(() => []);
    setSaved(
      all.filter((recording) => recording.state === 'finished' && recording.id !== shownId.current),
    );
    return all;
  }, [owner]);

  // An unfinished recording of this person from an earlier visit is offered again; finished ones
  // are listed as saved recordings. `?record=1` starts recording when nothing is to be offered.
  useEffect(() => {
    if (owner === undefined || !canRecord()) return;
    let current = true;
    void refreshSaved().then((all) => {
      if (!current || live.current) return;
      const found = all.find((recording) => recording.state === 'recording');
      const start = autoStart.current;
      autoStart.current = false;
      if (found) {
        setRecovered(found);
        setSeconds(found.seconds);
        setStatus('recovered');
      } else if (start) {
        void begin();
      }
    });
    return () => {
      current = false;
    };
    // `begin` reads the latest state through refs; running this again for it would start twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, refreshSaved]);

  // The start request is used once: a reload or a way back must not start another recording.
  useEffect(() => {
    if (new URLSearchParams(search).has(RECORD_PARAM)) navigate(location, { replace: true });
  }, [search, location, navigate]);

  // Leaving the page while recording keeps what was recorded, to be offered on the next visit.
  useEffect(() => {
    const flush = () => {
      if (live.current?.recorder.state === 'recording') live.current.recorder.requestData();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      release(live.current);
      live.current = undefined;
    };
  }, []);

  function elapsed(state: Live): number {
    const stretch = state.stretchStart === undefined ? 0 : performance.now() - state.stretchStart;
    return state.base + (state.activeMs + stretch) / 1000;
  }

  function release(state: Live | undefined) {
    if (!state) return;
    state.recorder.ondataavailable = null;
    state.recorder.onstop = null;
    if (state.recorder.state !== 'inactive') state.recorder.stop();
    for (const stream of state.streams) for (const track of stream.getTracks()) track.stop();
    void state.context.close().catch(() => {});
  }

  async function listDevices() {
    const all = await navigator.mediaDevices.enumerateDevices().catch(() => []);
    setDevices(
      all
        .filter((device) => device.kind === 'audioinput' && device.deviceId)
        .map((device) => ({ id: device.deviceId, label: device.label })),
    );
  }

  async function begin(continueFrom?: StoredRecording) {
    if (owner === undefined) return;
    setStatus('asking');
    let mic: MediaStream;
    try {
      mic = await navigator.mediaDevices.getUserMedia({
        audio: {
          ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
          // The raw signal: echo cancellation would remove a meeting's other side played aloud.
          echoCancellation: false,
          noiseSuppression: false,
          autoGainControl: false,
        },
      });
    } catch (error) {
      const name = (error as DOMException).name;
      setStatus(
        name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError'
          ? 'noDevice'
          : 'denied',
      );
      if (continueFrom) setRecovered(continueFrom);
      return;
    }
    void listDevices();
    const streams = [mic];
    if (includeTabAudio && canShareTabAudio()) {
      try {
        const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
        streams.push(shared);
      } catch {
        // Sharing refused: the microphone alone is recorded.
      }
    }
    const context = new AudioContext();
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

    const mimeType = continueFrom?.mimeType ?? pickMimeType();
    const recorder = new MediaRecorder(recorded, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    });
    const recording: StoredRecording = continueFrom
      ? { ...continueFrom, state: 'recording', sittings: continueFrom.sittings + 1 }
      : {
          id: crypto.randomUUID(),
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
      writes: saveRecording(recording).catch(() => {}),
    };
    live.current = state;
    shownId.current = recording.id;
    shownPart.current = false;
    setShown(undefined);
    setRecovered(undefined);

    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      state.recording = { ...state.recording, seconds: elapsed(state) };
      const chunk = { sitting: state.sitting, seq: state.seq++, blob: event.data };
      const snapshot = state.recording;
      state.writes = state.writes.then(() => appendChunk(snapshot, chunk)).catch(() => {});
    };
    recorder.onstop = () => void finish(state);
    recorder.start(CHUNK_MS);
    state.stretchStart = performance.now();
    setSeconds(state.base);
    setStatus('recording');

    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      if (live.current !== state) return window.clearInterval(timer);
      const now = elapsed(state);
      setSeconds(now);
      if (state.stretchStart !== undefined) {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        // RMS on a loudness-like scale: speech around the middle, shouting near the top.
        setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      }
      // No stop for the minutes here: capture is never gated by billing (docs/uploads.md).
    }, 200);
  }

  function pause() {
    const state = live.current;
    if (!state || state.recorder.state !== 'recording') return;
    state.recorder.pause();
    state.recorder.requestData();
    if (state.stretchStart !== undefined) state.activeMs += performance.now() - state.stretchStart;
    state.stretchStart = undefined;
    setLevel(0);
    setStatus('paused');
  }

  function resume() {
    const state = live.current;
    if (!state || state.recorder.state !== 'paused') return;
    state.recorder.resume();
    state.stretchStart = performance.now();
    setStatus('recording');
  }

  function stop() {
    const state = live.current;
    if (!state || state.recorder.state === 'inactive') return;
    if (state.stretchStart !== undefined) state.activeMs += performance.now() - state.stretchStart;
    state.stretchStart = undefined;
    // The last chunk arrives, then `stop`, which finishes.
    state.recorder.stop();
  }

  async function finish(state: Live) {
    await state.writes;
    const recording: StoredRecording = {
      ...state.recording,
      seconds: elapsed(state),
      state: 'finished',
    };
    await saveRecording(recording).catch(() => {});
    for (const stream of state.streams) for (const track of stream.getTracks()) track.stop();
    void state.context.close().catch(() => {});
    if (live.current === state) live.current = undefined;
    await offer(recording);
  }

  const fileName = (recording: StoredRecording) =>
    `${t('protocol.recorder.fileName')} ${recording.startedAt.slice(0, 16).replace('T', ' ').replace(':', '-')}`;

  /**
   * A finished recording on screen: handed to the form when the minutes suffice, else the
   * choice of buying minutes, processing the part that fits, or keeping it for later.
   */
  async function offer(recording: StoredRecording) {
    shownId.current = recording.id;
    shownPart.current = false;
    setShown(recording);
    setSeconds(recording.seconds);
    setLevel(0);
    if (fits(recording, minutesRef.current)) await handOver(recording);
    else setStatus('needsMinutes');
    void refreshSaved();
  }

  async function handOver(recording: StoredRecording, maxSeconds?: number) {
    const file = await toFile(recording, fileName(recording), maxSeconds);
    if (!file) return;
    const seconds = Math.min(recording.seconds, maxSeconds ?? Infinity);
    shownPart.current = maxSeconds !== undefined;
    // A part leaves the whole recording kept here: the original can always be downloaded.
    markRecorded(file, {
      seconds,
      recordingId: maxSeconds === undefined ? recording.id : undefined,
    });
    setSeconds(seconds);
    setStatus('stopped');
    takeFile(file);
  }

  /** The first whole minutes the balance covers, cut off in the browser and handed to the form. */
  async function processPart() {
    if (!shown || !minutes || isUnlimited(minutes)) return;
    const whole = Math.floor(minutes.has_active_plan ? minutes.remaining : 0);
    if (whole < 1) return;
    await handOver(shown, whole * 60);
  }

  function keep() {
    shownId.current = undefined;
    shownPart.current = false;
    setShown(undefined);
    setSeconds(0);
    setStatus('idle');
    void refreshSaved();
  }

  async function download(recording: StoredRecording) {
    const file = await toFile(recording, fileName(recording));
    if (file) saveFile(file, file.name);
  }

  async function takeRecovered() {
    if (!recovered) return;
    const recording: StoredRecording = { ...recovered, state: 'finished' };
    setRecovered(undefined);
    await saveRecording(recording).catch(() => {});
    await offer(recording);
  }

  async function deleteSaved(id: string) {
    await deleteRecording(id).catch(() => {});
    await refreshSaved();
  }

  async function discard() {
    const state = live.current;
    live.current = undefined;
    release(state);
    const id = shownPart.current ? undefined : (shownId.current ?? recovered?.id);
    shownId.current = undefined;
    shownPart.current = false;
    // Gone from IndexedDB before the recorder says so: a reload right after cannot bring it back.
    if (id) await deleteRecording(id).catch(() => {});
    setRecovered(undefined);
    setShown(undefined);
    setSeconds(0);
    setLevel(0);
    setStatus('idle');
    void refreshSaved();
  }

  const remainingMinutes =
    minutes === undefined
      ? undefined
      : isUnlimited(minutes)
        ? null
        : minutes.has_active_plan
          ? minutes.remaining
          : 0;
  const busy = status === 'recording' || status === 'paused' || status === 'asking';

  return (
    <div className="grid gap-4">
      <Recorder
        status={status}
        seconds={seconds}
        level={level}
        recoveredAt={recovered?.startedAt}
        canContinue={recovered ? canJoin(recovered.mimeType) : true}
        remainingMinutes={remainingMinutes}
        canProcessPart={shown ? canJoin(shown.mimeType) : false}
        buyHref={href('/buy')}
        onProcessPart={() => void processPart()}
        onKeep={keep}
        onDownload={() => shown && void download(shown)}
        devices={devices}
        deviceId={deviceId}
        onDeviceChange={setDeviceId}
        tabAudioSupported={canShareTabAudio()}
        includeTabAudio={includeTabAudio}
        onIncludeTabAudioChange={setIncludeTabAudio}
        onStart={() => void begin(recovered)}
        onPause={pause}
        onResume={resume}
        onStop={stop}
        onDiscard={() => void discard()}
        onContinueRecovered={() => void begin(recovered)}
        onUseRecovered={() => void takeRecovered()}
      />
      {busy ? null : (
        <SavedRecordings
          recordings={saved}
          onDownload={(id) => {
            const recording = saved.find((candidate) => candidate.id === id);
            if (recording) void download(recording);
          }}
          onProcess={(id) => {
            const recording = saved.find((candidate) => candidate.id === id);
            if (recording) void offer(recording);
          }}
          onDelete={(id) => void deleteSaved(id)}
        />
      )}
    </div>
  );
}
