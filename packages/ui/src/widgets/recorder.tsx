import { billableMinutes } from '@protokoll/contract';
import {
  Archive,
  Circle,
  Download,
  Mic,
  MicOff,
  Pause,
  Play,
  RotateCcw,
  Scissors,
  ShoppingCart,
  Square,
  Trash2,
  Upload,
} from 'lucide-react';
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
import { ItemLink } from '../lib/render-link.tsx';

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
 * - `needsMinutes`: finished, but processing it needs more minutes than are left (capture is never
 *   gated by billing): buy minutes, process the part that fits, or keep it for later. It stays
 *   in this browser meanwhile.
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
  | 'needsMinutes'
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
   * The minutes balance the recording will be processed against; `null` with unlimited minutes,
   * undefined while unknown. While recording, the minutes left after it show; at
   * `RECORDER_WARN_MINUTES` or fewer a warning, and past the balance a warning that processing
   * will need more minutes. Recording goes on either way.
   */
  remainingMinutes?: number | null | undefined;
  /** `needsMinutes`: the part that fits can be cut off (a WebM recording). */
  canProcessPart?: boolean | undefined;
  /** `needsMinutes`: where minutes are bought (`/buy` in the active locale). */
  buyHref?: string | undefined;
  /** `needsMinutes`: process the first whole minutes the balance covers. */
  onProcessPart?: (() => void) | undefined;
  /** `needsMinutes`: keep the recording in this browser, to be processed later. */
  onKeep?: (() => void) | undefined;
  /** `needsMinutes`: save the recording as a file. */
  onDownload?: (() => void) | undefined;
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
  remainingMinutes,
  canProcessPart = false,
  buyHref,
  onProcessPart,
  onKeep,
  onDownload,
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
  const cost = billableMinutes(seconds);
  const minutesLeft = remainingMinutes == null ? remainingMinutes : remainingMinutes - cost;
  const over = live && minutesLeft != null && minutesLeft < 0;
  const low = live && !over && minutesLeft != null && minutesLeft <= RECORDER_WARN_MINUTES;
  // Whole minutes the balance covers: the part of the recording that could be processed now.
  const fitting = Math.max(0, Math.floor(remainingMinutes ?? 0));

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
        {live || status === 'stopped' || status === 'needsMinutes' ? (
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
                : minutesLeft < 0
                  ? t('protocol.recorder.minutesMissing', { minutes: format.minutes(-minutesLeft) })
                  : t('protocol.recorder.minutesLeft', { minutes: format.minutes(minutesLeft) })}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">{t('protocol.recorder.kept')}</p>
        </div>
      ) : null}

      {/* Polite: a warning that arrives in the middle of a meeting need not interrupt. */}
      {low ? (
        <Alert
          variant="warning"
          role="status"
          data-slot="recorder-low"
          title={t('protocol.recorder.low.title')}
          description={t('protocol.recorder.low.description', {
            minutes: format.minutes(Math.max(0, minutesLeft ?? 0)),
          })}
        />
      ) : null}
      {over ? (
        <Alert
          variant="warning"
          role="status"
          data-slot="recorder-over"
          title={t('protocol.recorder.over.title')}
          description={t('protocol.recorder.over.description', {
            cost: format.minutes(cost),
            remaining: format.minutes(Math.max(0, remainingMinutes ?? 0)),
          })}
        />
      ) : null}

      {status === 'stopped' ? (
        <Alert
          variant="success"
          title={t('protocol.recorder.ready.title')}
          description={t('protocol.recorder.ready.description', {
            duration: format.duration(seconds),
          })}
        />
      ) : null}

      {status === 'needsMinutes' ? (
        <Alert
          variant="warning"
          role="status"
          data-slot="recorder-needs-minutes"
          title={t('protocol.recorder.needsMinutes.title')}
          description={t('protocol.recorder.needsMinutes.description', {
            duration: format.duration(seconds),
            cost: format.minutes(cost),
            remaining: format.minutes(Math.max(0, remainingMinutes ?? 0)),
          })}
        >
          <div className="mt-3 flex flex-wrap gap-2 max-sm:grid">
            {buyHref ? (
              <Button asChild size="sm">
                <ItemLink
                  item={{
                    key: 'buy',
                    label: t('protocol.recorder.needsMinutes.buy'),
                    href: buyHref,
                  }}
                >
                  <ShoppingCart aria-hidden />
                  {t('protocol.recorder.needsMinutes.buy')}
                </ItemLink>
              </Button>
            ) : null}
            {canProcessPart && fitting > 0 ? (
              <Button type="button" size="sm" variant="outline" onClick={onProcessPart}>
                <Scissors aria-hidden />
                {t('protocol.recorder.needsMinutes.part', { count: fitting })}
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="outline" onClick={onKeep}>
              <Archive aria-hidden />
              {t('protocol.recorder.needsMinutes.keep')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onDownload}>
              <Download aria-hidden />
              {t('protocol.recorder.download')}
            </Button>
          </div>
        </Alert>
      ) : null}

      {/*
        On a phone the controls of a running recording stay at the bottom of the screen, whatever
        the page scrolls to; the start is the page's big button.
      */}
      <div
        data-slot="recorder-controls"
        data-pinned={live || undefined}
        className={cn(
          'flex flex-wrap gap-2',
          live &&
            'max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-40 max-sm:flex-nowrap max-sm:items-center max-sm:border-t max-sm:border-border max-sm:bg-surface max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:shadow-lg',
        )}
      >
        {live ? (
          // The time beside the buttons on a phone; the timer above stays the one screen readers read.
          <span aria-hidden className="me-auto font-mono text-base tabular-nums sm:hidden">
            {format.clock(seconds)}
          </span>
        ) : null}
        {canChoose ? (
          <Button
            type="button"
            className="max-sm:h-12 max-sm:w-full max-sm:text-base"
            onClick={onStart}
          >
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
        {live || status === 'stopped' || status === 'needsMinutes' ? (
          // Not in the phone's bar: a slip of the thumb would throw the meeting away.
          <Button
            type="button"
            variant="ghost"
            className={cn(live && 'max-sm:hidden')}
            onClick={onDiscard}
          >
            <Trash2 aria-hidden />
            {status === 'stopped' ? t('protocol.recorder.again') : t('protocol.recorder.discard')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
