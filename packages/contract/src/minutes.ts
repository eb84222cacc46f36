import { UNLIMITED_MINUTES_THRESHOLD } from './constants.ts';
import type { Minutes } from './user.ts';

/** SPEC §5: an unlimited plan, or remaining minutes above 1e12. */
export function isUnlimited(minutes: Pick<Minutes, 'unlimited' | 'remaining'>): boolean {
  return minutes.unlimited || minutes.remaining > UNLIMITED_MINUTES_THRESHOLD;
}

/** SPEC §5: used / total as a rounded percentage; 0 when unlimited or when total is 0. */
export function usagePercent(
  minutes: Pick<Minutes, 'unlimited' | 'remaining' | 'used' | 'total'>,
): number {
  if (isUnlimited(minutes) || minutes.total === 0) return 0;
  return Math.round((minutes.used / minutes.total) * 100);
}

/** SPEC §7: what the client shows when loading minutes fails: all zero, no active plan. */
export function emptyMinutes(): Minutes {
  return { total: 0, used: 0, remaining: 0, running: 0, unlimited: false, has_active_plan: false };
}
