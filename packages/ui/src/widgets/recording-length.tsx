import { useFormat } from '../lib/format.ts';

/**
 * A recording's length as the player's clock shows it, "45:12" or "1:02:03" (a note's meta line):
 * the exact length, so it never disagrees with the player, while the minutes it cost are the
 * started minutes of that length (docs/minutes.md#cost-of-a-recording). Screen readers hear it in
 * words ("45 Minuten 12 Sekunden").
 */
export function RecordingLength({ seconds }: { seconds: number }) {
  const format = useFormat();
  const whole = Math.max(0, Math.round(seconds));
  return (
    <time data-slot="recording-length" dateTime={`PT${whole}S`}>
      <span aria-hidden>{format.clock(whole)}</span>
      <span className="sr-only">{format.duration(whole)}</span>
    </time>
  );
}
