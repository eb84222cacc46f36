import { UNLIMITED_MINUTES_THRESHOLD } from './constants.ts';
import type { Minutes, PlanOffer } from './user.ts';

/**
 * Encoders pad the end of a file with a few hundredths of a second (an MP3 of exactly 25:00 lasts
 * 25:00.08): that much past a full minute does not start another one.
 */
export const MINUTE_GRACE_SECONDS = 0.5;

/**
 * A recording's length as it is shown next to its cost, on a player's clock ("1:09",
 * "1:02:03"): the seconds past the encoder padding, started seconds counted, so the clock and
 * `billableMinutes` always agree (1:09 costs 2 minutes, 25:00 costs 25) and a file over a plan's
 * limit never reads as exactly the limit. Browser and server word refusals with it.
 */
export function recordingLength(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds - MINUTE_GRACE_SECONDS));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * What a recording of `seconds` costs (docs/minutes.md): every started minute counts, at least
 * one, and the encoder padding of MINUTE_GRACE_SECONDS starts none. The browser shows this cost
 * before sending and the server charges it, so both must use this function.
 */
export function billableMinutes(seconds: number): number {
  return Math.max(1, Math.ceil((seconds - MINUTE_GRACE_SECONDS) / 60));
}

/**
 * Whether a plan refuses a recording as too long: its cost is above the plan's per-file limit
 * (null or absent: no limit). Compared in billable minutes, so 30:00.08 fits a 30-minute limit.
 */
export function exceedsFileLimit(
  seconds: number,
  maxFileMinutes: PlanOffer['max_file_minutes'] | undefined,
): boolean {
  return maxFileMinutes != null && billableMinutes(seconds) > maxFileMinutes;
}

/**
 * Whether a balance covers `needed` minutes: an unlimited plan always does; without an active
 * plan nothing is left.
 */
export function hasEnoughMinutes(
  balance: Pick<Minutes, 'unlimited' | 'remaining' | 'has_active_plan'>,
  needed: number,
): boolean {
  return isUnlimited(balance) || (balance.has_active_plan && balance.remaining >= needed);
}

/** An unlimited plan, or remaining minutes above 1e12 (docs/minutes.md#unlimited). */
export function isUnlimited(minutes: Pick<Minutes, 'unlimited' | 'remaining'>): boolean {
  return minutes.unlimited || minutes.remaining > UNLIMITED_MINUTES_THRESHOLD;
}

/**
 * docs/minutes.md#usage-percentage: used / total as a rounded percentage; 0 when unlimited or when
 * total is 0.
 */
export function usagePercent(
  minutes: Pick<Minutes, 'unlimited' | 'remaining' | 'used' | 'total'>,
): number {
  if (isUnlimited(minutes) || minutes.total === 0) return 0;
  return Math.round((minutes.used / minutes.total) * 100);
}

/**
 * The session's minutes after a failed load, as the API rule says (docs/minutes.md#when-loading-fails):
 * all zero, no active plan. A fallback value, never shown in place of "not loaded".
 */
export function emptyMinutes(): Minutes {
  return { total: 0, used: 0, remaining: 0, running: 0, unlimited: false, has_active_plan: false };
}

/**
 * What summarising a note again costs (docs/minutes.md#summarising-again): the audio is not
 * transcribed again, so a standard model is free; a premium model costs this fixed number of
 * minutes, whatever the recording's length.
 */
export const RESUMMARY_PREMIUM_MINUTES = 3;

/** The cost of a re-summary with a model of this kind; the form shows it, the server charges it. */
export function resummaryMinutes(model: { premium: boolean }): number {
  return model.premium ? RESUMMARY_PREMIUM_MINUTES : 0;
}
