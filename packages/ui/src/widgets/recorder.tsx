import { Circle, Mic, MicOff, Pause, Play, RotateCcw, Square, Trash2, Upload } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Checkbox } from '../components/checkbox.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../components/select.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';

/** Minutes left at or under which a running recording warns that they are running out. */
export const RECORDER_WARN_MINUTES = 5;

/**
 * Where the browser recorder stands (docs/uploads.md#recording-in-the-browser).
 * - `idle`: nothing recorded yet; "Start recording".
 * - `asking`: the browser is asking for the microphone.
 * - `denied`: the person (or a policy) refused the microphone.
 * - `noDevice`: no microphone is connected.
 * - `unsupported`: the browser cannot record (no MediaRecorder).
 * - `recording` / `paused`: a recording in progress, `seconds` long so far.
 * - `stopped`: finished; the recording is the form's file.
 * - `recovered`: an unfinished recording of an earlier visit was found in this browser.
 */
export type RecorderStatus =
  | 'idle'
  | 'asking'
  | 'denied'
  | 'noDevice'
  | 'unsupported'
  | 'recording'
  | 'paused'
  | 'stopped'
  | 'recovered';

/** A microphone the browser offers. */
export interface RecorderDevice {
  id: string;
  label: string;
}

export interface RecorderProps {
  status: RecorderStatus;
  /** Length of the recording so far (or of the recovered one), in seconds. */
  seconds?: number | undefined;
  /** Input level while recording, 0–1. */
  level?: number | undefined;
  /** When the recovered recording was started (ISO). */
  recoveredAt?: string | undefined;
  /** Whether the recovered recording can be continued (the browser can join its sittings). */
  canContinue?: boolean | undefined;
  /**
   * Minutes that would be left after this recording (the balance minus its rounded-up length);
   * `null` with unlimited minutes, undefined while unknown. At `RECORDER_WARN_MINUTES` or fewer a
   * warning shows.
   */
  minutesLeft?: number | null | undefined;
  /** The recording was stopped because the minutes were used up. */
  stoppedForMinutes?: boolean | undefined;
  /** Microphones to choose from (labels appear once the browser allowed the microphone). */
  devices?: readonly RecorderDevice[] | undefined;
  deviceId?: string | undefined;
  onDeviceChange?: ((id: string) => void) | undefined;
  /** Whether the browser can capture a tab's or window's audio (getDisplayMedia with audio). */
  tabAudioSupported: boolean;
  includeTabAudio: boolean;
  onIncludeTabAudioChange?: ((include: boolean) => void) | undefined;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  /** Throws the recording (in progress, finished or recovered) away. */
  onDiscard: () => void;
  /** Recovered: go on recording after what was kept. */
  onContinueRecovered: () => void;
  /** Recovered: take what was kept as the form's file. */
  onUseRecovered: () => void;
  className?: string | undefined;
}

/**
 * Record in the browser: microphone choice, optionally a shared tab's audio, a level meter, the
 * elapsed time, pause, resume and stop; and the offer to continue an unfinished recording.
 * Presentational: the app drives MediaRecorder and IndexedDB.
 */
export function Recorder({
  status,
  seconds = 0,
  level = 0,
  recoveredAt,
  canContinue = true,
  minutesLeft,
  stoppedForMinutes = false,
  devices = [],
  deviceId,
  onDeviceChange,
  tabAudioSupported,
  includeTabAudio,
  onIncludeTabAudioChange,
  onStart,
  onPause,
  onResume,
  onStop,
  onDiscard,
  onContinueRecovered,
  onUseRecovered,
  className,
}: RecorderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const deviceLabelId = useId();
  const tabAudioId = useId();
  const tabNoteId = useId();
  const live = status === 'recording' || status === 'paused';
  const canChoose = status === 'idle' || status === 'denied' || status === 'noDevice';
  const low = live && minutesLeft != null && minutesLeft <= RECORDER_WARN_MINUTES;

  return (
    <section
      aria-labelledby={headingId}
      data-slot="recorder"
      data-status={status}
      className={cn('grid gap-4 rounded-lg border border-border bg-surface p-4', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Mic aria-hidden className="size-4" />
          {t('protocol.recorder.title')}
        </h3>
        {live || status === 'stopped' ? (
          <span
            role="timer"
            aria-label={t('protocol.recorder.elapsed')}
            data-slot="recorder-elapsed"
            className="font-mono text-lg tabular-nums"
          >
            {format.clock(seconds)}
          </span>
        ) : null}
      </div>

      {status === 'unsupported' ? (
        <Alert
          variant="info"
          title={t('protocol.recorder.unsupported.title')}
          description={t('protocol.recorder.unsupported.description')}
        />
      ) : null}
      {status === 'denied' ? (
        <Alert
          variant="danger"
          icon={<MicOff aria-hidden />}
          title={t('protocol.recorder.denied.title')}
          description={t('protocol.recorder.denied.description')}
        />
      ) : null}
      {status === 'noDevice' ? (
        <Alert
          variant="warning"
          icon={<MicOff aria-hidden />}
          title={t('protocol.recorder.noDevice.title')}
          description={t('protocol.recorder.noDevice.description')}
        />
      ) : null}
      {status === 'asking' ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('protocol.recorder.asking')}
        </p>
      ) : null}

      {status === 'recovered' ? (
        <Alert
          variant="info"
          role="status"
          data-slot="recorder-recovered"
          title={t('protocol.recorder.recovered.title')}
          description={t('protocol.recorder.recovered.description', {
            duration: format.duration(seconds),
            when: recoveredAt ? format.dateTime(recoveredAt) : '',
          })}
        >
          <div className="mt-2 flex flex-wrap gap-2">
            {canContinue ? (
              <Button type="button" size="sm" onClick={onContinueRecovered}>
                <RotateCcw aria-hidden />
                {t('protocol.recorder.recovered.continue')}
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="outline" onClick={onUseRecovered}>
              <Upload aria-hidden />
              {t('protocol.recorder.recovered.use')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
              <Trash2 aria-hidden />
              {t('protocol.recorder.discard')}
            </Button>
          </div>
        </Alert>
      ) : null}

      {canChoose && status !== 'noDevice' && devices.length > 0 ? (
        <div className="grid gap-1.5">
          <span id={deviceLabelId} className="text-sm font-medium">
            {t('protocol.recorder.device')}
          </span>
          <Select value={deviceId ?? ''} onValueChange={(id) => onDeviceChange?.(id)}>
            <SelectTrigger aria-labelledby={deviceLabelId} className="sm:max-w-sm">
              <SelectValue placeholder={t('protocol.recorder.defaultDevice')} />
            </SelectTrigger>
            <SelectContent>
              {devices.map((device, index) => (
                <SelectItem key={device.id} value={device.id}>
                  {device.label || t('protocol.recorder.deviceNumber', { number: index + 1 })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}

      {canChoose && status !== 'noDevice' ? (
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <Checkbox
              id={tabAudioId}
              checked={tabAudioSupported && includeTabAudio}
              disabled={!tabAudioSupported}
              aria-describedby={tabNoteId}
              onCheckedChange={(checked) => onIncludeTabAudioChange?.(checked === true)}
            />
            <label htmlFor={tabAudioId} className="text-sm font-medium">
              {t('protocol.recorder.tabAudio')}
            </label>
          </div>
          <p id={tabNoteId} className="ps-7 text-sm text-muted-foreground">
            {tabAudioSupported
              ? t('protocol.recorder.tabAudioHint')
              : t('protocol.recorder.tabAudioUnsupported')}
          </p>
        </div>
      ) : null}

      {live ? (
        <div className="grid gap-2">
          <div className="flex items-center gap-2 text-sm">
            {status === 'recording' ? (
              <Circle aria-hidden className="size-3 fill-danger text-danger" />
            ) : (
              <Pause aria-hidden className="size-3" />
            )}
            <span role="status">
              {status === 'recording'
                ? t('protocol.recorder.recording')
                : t('protocol.recorder.paused')}
            </span>
          </div>
          <div
            role="meter"
            aria-label={t('protocol.recorder.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((status === 'recording' ? level : 0) * 100)}
            data-slot="recorder-level"
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-success transition-[width] duration-100"
              style={{ width: `${Math.round((status === 'recording' ? level : 0) * 100)}%` }}
            />
          </div>
          {minutesLeft !== undefined ? (
            <p data-slot="recorder-minutes" className="text-sm text-muted-foreground">
              {minutesLeft === null
                ? t('protocol.recorder.minutesUnlimited')
                : t('protocol.recorder.minutesLeft', {
                    minutes: format.minutes(Math.max(0, minutesLeft)),
                  })}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">{t('protocol.recorder.kept')}</p>
        </div>
      ) : null}

      {low ? (
        <Alert
          variant="warning"
          data-slot="recorder-low"
          title={t('protocol.recorder.low.title')}
          description={t('protocol.recorder.low.description', {
            minutes: format.minutes(Math.max(0, minutesLeft ?? 0)),
          })}
        />
      ) : null}

      {status === 'stopped' ? (
        <Alert
          variant={stoppedForMinutes ? 'warning' : 'success'}
          title={
            stoppedForMinutes
              ? t('protocol.recorder.stoppedForMinutes')
              : t('protocol.recorder.ready.title')
          }
          description={t('protocol.recorder.ready.description', {
            duration: format.duration(seconds),
          })}
        />
      ) : null}

      <div className="flex flex-wrap gap-2">
        {canChoose ? (
          <Button type="button" onClick={onStart}>
            <Mic aria-hidden />
            {status === 'idle' ? t('protocol.recorder.start') : t('protocol.recorder.tryAgain')}
          </Button>
        ) : null}
        {status === 'recording' ? (
          <Button type="button" variant="outline" onClick={onPause}>
            <Pause aria-hidden />
            {t('protocol.recorder.pause')}
          </Button>
        ) : null}
        {status === 'paused' ? (
          <Button type="button" variant="outline" onClick={onResume}>
            <Play aria-hidden />
            {t('protocol.recorder.resume')}
          </Button>
        ) : null}
        {live ? (
          <Button type="button" onClick={onStop}>
            <Square aria-hidden />
            {t('protocol.recorder.stop')}
          </Button>
        ) : null}
        {live || status === 'stopped' ? (
          <Button type="button" variant="ghost" onClick={onDiscard}>
            <Trash2 aria-hidden />
            {status === 'stopped' ? t('protocol.recorder.again') : t('protocol.recorder.discard')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
