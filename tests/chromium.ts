/**
 * One place that decides which Chromium the browser tests drive: Debian's by default (no
 * download needed), any other through CHROMIUM_PATH (e.g. Playwright's own build on a laptop).
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium';

/** Headless flags that work as root in a container and make no outside connections. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--font-render-hinting=none',
  // Rasterise the same pixels on every run, so visual baselines can demand exact equality.
  '--force-color-profile=srgb',
  '--force-device-scale-factor=1',
  '--disable-lcd-text',
  '--disable-font-subpixel-positioning',
  '--disable-partial-raster',
  '--disable-checker-imaging',
  '--disable-threaded-animation',
  '--disable-threaded-scrolling',
  '--disable-skia-runtime-opts',
  '--run-all-compositor-stages-before-draw',
];
