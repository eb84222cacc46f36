/**
 * Scenario handlers that count answers ("the first load fails", "the third poll is done") keep
 * their count in a closure made once, when a story's parameters are read. A story may render
 * again in the same page (Storybook's own runs, a remount, a second test), and a request left
 * over from the story before may reach its handlers: each count must start again with every
 * story. `resetMockDb` runs these.
 */
const resets = new Set<() => void>();

/** Runs `reset` now and again whenever the mock data is reset (before every story). */
export function onMockReset(reset: () => void): void {
  resets.add(reset);
}

/** Puts every counting handler back to its start. */
export function resetCounters(): void {
  for (const reset of resets) reset();
}
