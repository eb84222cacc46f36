/**
 * Freezes `new Date()` and `Date.now()` at one instant. Timers keep running (they do not read the
 * clock), so components behave normally while every rendered date is the same on each run.
 */
export function installFixedClock(now: Date): void {
  const RealDate = Date;
  const fixed = now.getTime();
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(fixed);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return fixed;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
}
