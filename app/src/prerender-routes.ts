/**
 * The pages rendered to HTML at build time (docs/architecture.md#prerendered-pages), in their
 * German form: each is prerendered in every locale (`/login` and `/en/login`). Only public pages
 * that need no data belong here; adding one is adding its path.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/login', '/register'];

/**
 * The content pages are prerendered too, each at its own address in its own locale (`/agb`,
 * `/en/terms`): see `contentAddresses` in `lib/content.ts`.
 */
