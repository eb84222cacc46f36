import '@testing-library/jest-dom/vitest';

// jsdom lays nothing out and has no ResizeObserver; Radix's controls only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
