import { Gauge, Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { Button } from '../../components/button.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';

/**
 * Ask the player to jump to `time` seconds; a new `id` repeats a jump to the same second. With
 * `play` it starts playing there (a click on a transcript line or a summary item).
 */
export interface SeekRequest {
  time: number;
  id: number;
  play?: boolean | undefined;
}

/** The speeds offered, slowest first (docs/product.md#the-reader). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** What −15/+15, J and L skip. */
export const SKIP_SECONDS = 15;
/** What ← and → skip. */
export const STEP_SECONDS = 5;
/** Bars of the level overview: enough to read the shape, few enough to draw 4 times a second. */
const BARS = 160;

export interface AudioPlayerProps extends Omit<
  React.ComponentProps<'div'>,
  'children' | 'onError'
> {
  /** Address of the recording (the app's audio URL or an object URL). */
  src: string;
  /** Accessible name of the player, e.g. "Aufnahme". */
  label: string;
  /** The latest jump asked for; the player's position follows each new request. */
  seekRequest?: SeekRequest | null | undefined;
  /** The playback position changed (playing, dragging, or after a jump), in seconds. */
  onPositionChange?: ((seconds: number) => void) | undefined;
  /** Playing started (`true`) or stopped. */
  onPlayingChange?: ((playing: boolean) => void) | undefined;
  /** The recording could not be loaded (gone, offline). */
  onError?: (() => void) | undefined;
  /** The server's level overview, percent per slice; without it a plain track shows. */
  peaks?: readonly number[] | undefined;
  /** Length known before the recording has loaded (the note's), in seconds. */
  duration?: number | undefined;
  /** Space, ←/→ and J/K/L steer the player while focus is not in a field (the reader's page). */
  keyboardShortcuts?: boolean | undefined;
}

/** Folds `peaks` into `count` bars, each its loudest slice. */
export function peakBars(peaks: readonly number[], count = BARS): number[] {
  if (peaks.length <= count) return [...peaks];
  return Array.from({ length: count }, (_, index) => {
    const from = Math.floor((index * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * peaks.length) / count));
    return Math.max(...peaks.slice(from, to));
  });
}

/** Focus is somewhere a key means something else: typing, a menu, a slider of another widget. */
function keyBelongsElsewhere(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select, [role="menu"]')) {
    return true;
  }
  if (target.closest('[role="dialog"], [role="alertdialog"], [role="listbox"]')) return true;
  // Space presses a focused button or link; the player's own buttons do what they say.
  if (key === ' ' && target.closest('button, a, [role="button"], [role="slider"]')) return true;
  return false;
}

/**
 * The reader's player: play/pause, −15/+15 s, speed, the time, and the level overview to click
 * into, over a hidden `<audio>` element. Keyboard: space or K plays and pauses, J and L skip 15
 * seconds, ← and → five; the overview is a slider that takes the arrows, Home and End too.
 */
export function AudioPlayer({
  src,
  label,
  seekRequest,
  onPositionChange,
  onPlayingChange,
  onError,
  peaks,
  duration: knownDuration,
  keyboardShortcuts = true,
  className,
  ...props
}: AudioPlayerProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [loadedDuration, setLoadedDuration] = useState<number | null>(null);
  const [rate, setRate] = useState<number>(1);
  const duration =
    loadedDuration !== null && Number.isFinite(loadedDuration) && loadedDuration > 0
      ? loadedDuration
      : (knownDuration ?? 0);

  const seekTo = (seconds: number) => {
    const audio = ref.current;
    const time = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
    if (audio) audio.currentTime = time;
    setPosition(time);
    onPositionChange?.(time);
  };
  const play = () => {
    // A browser refusing to play (autoplay rules) leaves the button as it was.
    void ref.current?.play()?.catch(() => {});
  };
  const toggle = () => {
    const audio = ref.current;
    if (!audio) return;
    if (audio.paused) play();
    else audio.pause();
  };
  const skip = (seconds: number) => seekTo((ref.current?.currentTime ?? position) + seconds);

  // A new jump shows its position at once; the element follows in the effect below.
  const [shownRequest, setShownRequest] = useState<number | null>(null);
  if (seekRequest && seekRequest.id !== shownRequest) {
    setShownRequest(seekRequest.id);
    setPosition(Math.max(0, seekRequest.time));
  }
  useEffect(() => {
    const audio = ref.current;
    if (!seekRequest || !audio) return;
    // A jump before the recording has loaded is kept by the browser and applied once it has.
    audio.currentTime = Math.max(0, seekRequest.time);
    if (seekRequest.play) void audio.play()?.catch(() => {});
  }, [seekRequest]);

  // The latest handlers for the window's key listener, which is added once.
  const keys = useRef({ toggle, skip });
  useEffect(() => {
    keys.current = { toggle, skip };
  });
  useEffect(() => {
    if (!keyboardShortcuts) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (keyBelongsElsewhere(event.target, key)) return;
      const actions: Record<string, () => void> = {
        ' ': () => keys.current.toggle(),
        k: () => keys.current.toggle(),
        j: () => keys.current.skip(-SKIP_SECONDS),
        l: () => keys.current.skip(SKIP_SECONDS),
        ArrowLeft: () => keys.current.skip(-STEP_SECONDS),
        ArrowRight: () => keys.current.skip(STEP_SECONDS),
      };
      const action = actions[key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboardShortcuts]);

  const progress = duration > 0 ? Math.min(1, position / duration) : 0;
  const bars = peaks && peaks.length > 0 ? peakBars(peaks) : null;
  const time = format.clock(position);
  const total = format.clock(duration);

  const onTrackKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => skip(-STEP_SECONDS),
      ArrowDown: () => skip(-STEP_SECONDS),
      ArrowRight: () => skip(STEP_SECONDS),
      ArrowUp: () => skip(STEP_SECONDS),
      PageDown: () => skip(-SKIP_SECONDS * 4),
      PageUp: () => skip(SKIP_SECONDS * 4),
      Home: () => seekTo(0),
      End: () => seekTo(duration),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div
      role="group"
      aria-label={label}
      data-slot="audio-player"
      data-state={playing ? 'playing' : 'paused'}
      className={cn(
        'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2',
        'sm:grid-cols-[auto_auto_minmax(0,1fr)_auto_auto] sm:gap-x-3',
        className,
      )}
      {...props}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript beside it is the recording's text alternative */}
      <audio
        ref={ref}
        src={src}
        preload="metadata"
        className="hidden"
        onTimeUpdate={(event) => {
          setPosition(event.currentTarget.currentTime);
          onPositionChange?.(event.currentTarget.currentTime);
        }}
        onLoadedMetadata={(event) => {
          setLoadedDuration(event.currentTarget.duration);
          event.currentTarget.playbackRate = rate;
        }}
        onDurationChange={(event) => setLoadedDuration(event.currentTarget.duration)}
        onPlay={() => {
          setPlaying(true);
          onPlayingChange?.(true);
        }}
        onPause={() => {
          setPlaying(false);
          onPlayingChange?.(false);
        }}
        onError={() => onError?.()}
      />
      <div className="col-span-3 flex items-center gap-1 sm:col-span-1">
        <IconButton
          variant="ghost"
          label={t('reader.player.back', { seconds: SKIP_SECONDS })}
          onClick={() => skip(-SKIP_SECONDS)}
        >
          <RotateCcw />
        </IconButton>
        <IconButton
          variant="primary"
          size="lg"
          data-slot="play-button"
          label={playing ? t('reader.player.pause') : t('reader.player.play')}
          className="rounded-full"
          onClick={toggle}
        >
          {playing ? <Pause /> : <Play className="translate-x-px" />}
        </IconButton>
        <IconButton
          variant="ghost"
          label={t('reader.player.forward', { seconds: SKIP_SECONDS })}
          onClick={() => skip(SKIP_SECONDS)}
        >
          <RotateCw />
        </IconButton>
        <span
          data-slot="player-time"
          className="ml-auto pl-2 text-sm text-muted-foreground tabular-nums sm:hidden"
        >
          {time} / {total}
        </span>
      </div>
      <span aria-hidden className="hidden text-sm text-muted-foreground tabular-nums sm:block">
        {time}
      </span>
      <div
        role="slider"
        tabIndex={0}
        data-slot="player-track"
        aria-label={t('reader.player.position')}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={t('reader.player.positionText', { time, total })}
        onKeyDown={onTrackKey}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          if (box.width > 0 && duration > 0) {
            seekTo(((event.clientX - box.left) / box.width) * duration);
          }
        }}
        className={cn(
          'relative col-span-2 h-10 min-w-0 cursor-pointer rounded-md outline-none sm:col-span-1',
          'focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        {bars ? (
          <svg
            aria-hidden
            data-slot="player-waveform"
            viewBox={`0 0 ${bars.length} 100`}
            preserveAspectRatio="none"
            className="size-full"
          >
            {bars.map((level, index) => {
              const height = Math.max(6, level);
              return (
                <rect
                  key={index}
                  x={index + 0.15}
                  y={(100 - height) / 2}
                  width={0.7}
                  height={height}
                  rx={0.3}
                  className={
                    (index + 0.5) / bars.length <= progress
                      ? 'fill-primary'
                      : 'fill-muted-foreground/40'
                  }
                />
              );
            })}
          </svg>
        ) : (
          <div
            aria-hidden
            className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-border"
          >
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${progress * 100}%` }}
            />
          </div>
        )}
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 w-0.5 rounded-full bg-foreground"
          style={{ left: `calc(${progress * 100}% - 1px)` }}
        />
      </div>
      <span aria-hidden className="hidden text-sm text-muted-foreground tabular-nums sm:block">
        {total}
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            data-slot="player-speed"
            aria-label={t('reader.player.speedLabel', { rate: format.number(rate) })}
            className="tabular-nums"
          >
            <Gauge aria-hidden className="hidden sm:block" />
            {format.number(rate)}×
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t('reader.player.speed')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={String(rate)}
            onValueChange={(value) => {
              const next = Number(value);
              setRate(next);
              if (ref.current) ref.current.playbackRate = next;
            }}
          >
            {PLAYBACK_RATES.map((option) => (
              <DropdownMenuRadioItem key={option} value={String(option)}>
                {format.number(option)}×
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
