/** Build id baked in at build time; keys the locale cache so a deploy never shows stale texts. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin. */
  readonly VITE_API_BASE?: string;
}
