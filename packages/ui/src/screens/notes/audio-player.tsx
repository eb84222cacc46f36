import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

/** Ask the player to jump to `time` seconds; a new `id` repeats a jump to the same second. */
export interface SeekRequest {
  time: number;
  id: number;
}

export interface AudioPlayerProps extends Omit<
  React.ComponentProps<'audio'>,
  'children' | 'src' | 'controls'
> {
  /** Address of the recording (the app's audio URL or an object URL). */
  src: string;
  /** Accessible name of the player, e.g. "Aufnahme". */
  label: string;
  /** The latest jump asked for; the player's `currentTime` follows each new request. */
  seekRequest?: SeekRequest | null | undefined;
  /** The playback position changed (playing, dragging, or after a jump), in seconds. */
  onPositionChange?: ((seconds: number) => void) | undefined;
}

/**
 * The browser's own audio player (keyboard and screen-reader support come with it), wrapped so
 * the reader can drive its position. A jump before the recording has loaded is kept by the
 * browser and applied once it has.
 */
export function AudioPlayer({
  src,
  label,
  seekRequest,
  onPositionChange,
  className,
  ...props
}: AudioPlayerProps) {
  const ref = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (ref.current && seekRequest) ref.current.currentTime = seekRequest.time;
  }, [seekRequest]);

  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript beside it is the recording's text alternative
    <audio
      ref={ref}
      data-slot="audio-player"
      src={src}
      controls
      preload="metadata"
      aria-label={label}
      onTimeUpdate={(event) => onPositionChange?.(event.currentTarget.currentTime)}
      className={cn('block h-12 w-full min-w-0', className)}
      {...props}
    />
  );
}
