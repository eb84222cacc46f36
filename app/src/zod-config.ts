// Zod tries `new Function('')` once to see whether it may compile faster parsers. Under the
// server's content security policy (no 'unsafe-eval') that attempt is a reported violation, and
// zod falls back to the same interpreted parsers anyway: so it is told not to try (`jitless`).
// Schemas read the setting when they are built, so this runs first (main.tsx imports it before
// anything else). It is written where zod keeps its global configuration (`z.config()` writes
// the same object) so that the sign-in page's first paint does not grow by zod's core.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
