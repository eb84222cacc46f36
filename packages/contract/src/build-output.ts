/*
 * What the app's build writes for the server beside the pages (docs/architecture.md#the-contract).
 */

/**
 * The content security policy's sources (`'sha256-…'`) of the pages' inline scripts, as a JSON
 * list, relative to the build folder (`APP_DIST`): written by `app/scripts/build.mjs` from the
 * scripts it inlines, read by the server (`web/security-headers.ts`). Hidden, so never served.
 */
export const SCRIPT_HASHES_FILE = '.ssr/script-hashes.json';
