import { describe, expect, it } from 'vitest';
import {
  billableMinutes,
  emptyMinutes,
  exceedsFileLimit,
  hasEnoughMinutes,
  isUnlimited,
  MINUTE_GRACE_SECONDS,
  recordingLength,
  RESUMMARY_PREMIUM_MINUTES,
  resummaryMinutes,
  usagePercent,
} from './minutes.ts';
import type { Minutes } from './user.ts';

const minutes = (overrides: Partial<Minutes> = {}): Minutes => ({
  total: 30,
  used: 12,
  remaining: 18,
  running: 0,
  unlimited: false,
  has_active_plan: true,
  ...overrides,
});

describe('usagePercent', () => {
  it('is the rounded ratio of used to total', () => {
    expect(usagePercent(minutes())).toBe(40);
    expect(usagePercent(minutes({ total: 3, used: 1 }))).toBe(33);
    expect(usagePercent(minutes({ total: 3, used: 2 }))).toBe(67);
    expect(usagePercent(minutes({ used: 30, remaining: 0 }))).toBe(100);
  });

  it('is 0 when the total is 0 or the plan is unlimited', () => {
    expect(usagePercent(minutes({ total: 0, used: 0, remaining: 0 }))).toBe(0);
    expect(usagePercent(minutes({ unlimited: true }))).toBe(0);
    expect(usagePercent(minutes({ remaining: 1e13 }))).toBe(0);
  });
});

describe('isUnlimited', () => {
  it('follows the flag or remaining minutes above 1e12', () => {
    expect(isUnlimited(minutes())).toBe(false);
    expect(isUnlimited(minutes({ unlimited: true }))).toBe(true);
    expect(isUnlimited(minutes({ remaining: 1e12 }))).toBe(false);
    expect(isUnlimited(minutes({ remaining: 1e12 + 1 }))).toBe(true);
  });
});

describe('emptyMinutes (the session’s minutes after a failed load)', () => {
  it('is all zero with no active plan', () => {
    expect(emptyMinutes()).toEqual({
      total: 0,
      used: 0,
      remaining: 0,
      running: 0,
      unlimited: false,
      has_active_plan: false,
    });
  });
});

describe('billableMinutes', () => {
  const cases: [seconds: number, minutes: number][] = [
    [0, 1],
    [0.4, 1],
    [59.9, 1],
    [60, 1],
    [60.5, 1],
    [60.6, 2],
    [25 * 60, 25],
    // An MP3 of exactly 25:00 lasts 25:00.08: the encoder padding starts no minute.
    [25 * 60 + 0.08, 25],
    [25 * 60 + 0.5, 25],
    [25 * 60 + 0.6, 26],
    [30 * 60 + 1, 31],
  ];
  it.each(cases)('%s s cost %s minutes', (seconds, minutes) => {
    expect(billableMinutes(seconds)).toBe(minutes);
  });

  it('forgives exactly MINUTE_GRACE_SECONDS past a minute', () => {
    expect(MINUTE_GRACE_SECONDS).toBe(0.5);
    expect(billableMinutes(120 + MINUTE_GRACE_SECONDS)).toBe(2);
    expect(billableMinutes(120 + MINUTE_GRACE_SECONDS + 0.001)).toBe(3);
  });
});

describe('exceedsFileLimit', () => {
  it('compares the cost, not the raw length, with the per-file limit', () => {
    expect(exceedsFileLimit(30 * 60, 30)).toBe(false);
    expect(exceedsFileLimit(30 * 60 + 0.08, 30)).toBe(false);
    expect(exceedsFileLimit(30 * 60 + 0.6, 30)).toBe(true);
    expect(exceedsFileLimit(31 * 60, 30)).toBe(true);
  });

  it('never refuses without a limit', () => {
    expect(exceedsFileLimit(10 * 3600, null)).toBe(false);
    expect(exceedsFileLimit(10 * 3600, undefined)).toBe(false);
  });
});

describe('hasEnoughMinutes', () => {
  it('covers the cost up to and including the remaining minutes', () => {
    expect(hasEnoughMinutes(minutes({ remaining: 25 }), 25)).toBe(true);
    expect(hasEnoughMinutes(minutes({ remaining: 25 }), 26)).toBe(false);
    expect(hasEnoughMinutes(minutes({ remaining: 0 }), 1)).toBe(false);
  });

  it('always covers on an unlimited plan, never without an active plan', () => {
    expect(hasEnoughMinutes(minutes({ unlimited: true, remaining: 0 }), 500)).toBe(true);
    expect(hasEnoughMinutes(minutes({ remaining: 1e13 }), 500)).toBe(true);
    expect(hasEnoughMinutes(minutes({ has_active_plan: false, remaining: 30 }), 1)).toBe(false);
  });
});

describe('recordingLength', () => {
  const cases: [seconds: number, shown: string, minutes: number][] = [
    [69, '1:09', 2],
    [68.7, '1:09', 2],
    [60.3, '1:00', 1],
    [25 * 60 + 0.08, '25:00', 25],
    [25 * 60 + 0.6, '25:01', 26],
    [40 * 60 + 1, '40:01', 41],
    [3723, '1:02:03', 63],
  ];
  it.each(cases)('%s s read %s and cost %s minutes', (seconds, shown, minutes) => {
    expect(recordingLength(seconds)).toBe(shown);
    expect(billableMinutes(seconds)).toBe(minutes);
  });

  it('agrees with the cost: a clock with seconds past the minute costs one minute more', () => {
    for (let seconds = 1; seconds < 7200; seconds += 0.7) {
      const [m, s] = recordingLength(seconds).split(':').map(Number).slice(-2) as [number, number];
      const h =
        recordingLength(seconds).split(':').length === 3
          ? Number(recordingLength(seconds).split(':')[0])
          : 0;
      expect(billableMinutes(seconds)).toBe(Math.max(1, h * 60 + m + (s > 0 ? 1 : 0)));
    }
  });
});

describe('resummaryMinutes', () => {
  it('is free for a standard model and the fixed charge for a premium one', () => {
    expect(resummaryMinutes({ premium: false })).toBe(0);
    expect(resummaryMinutes({ premium: true })).toBe(RESUMMARY_PREMIUM_MINUTES);
    expect(RESUMMARY_PREMIUM_MINUTES).toBeGreaterThan(0);
  });
});
