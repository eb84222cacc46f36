import { describe, expect, it } from 'vitest';
import { emptyMinutes, isUnlimited, usagePercent } from './minutes.ts';
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

describe('usagePercent (SPEC §5)', () => {
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

describe('isUnlimited (SPEC §5)', () => {
  it('follows the flag or remaining minutes above 1e12', () => {
    expect(isUnlimited(minutes())).toBe(false);
    expect(isUnlimited(minutes({ unlimited: true }))).toBe(true);
    expect(isUnlimited(minutes({ remaining: 1e12 }))).toBe(false);
    expect(isUnlimited(minutes({ remaining: 1e12 + 1 }))).toBe(true);
  });
});

describe('emptyMinutes (SPEC §7)', () => {
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
