import { pageRoutes, splitLocale } from '@protokoll/contract';

/**
 * The pages rendered to HTML at build time (docs/architecture.md#prerendered-pages), in their
 * German form: each is prerendered in every locale (`/login` and `/en/login`). Public pages that
 * need no data, and signed-in pages as a frame: layout and texts, with placeholders where the
 * account's data goes (docs/architecture.md#signed-in-frames). Adding one is adding its path.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', '/login', '/register', '/dashboard'];

/** Whether an address (`/en/dashboard`) is a signed-in page's. */
export function isSignedInPage(address: string): boolean {
  const { path } = splitLocale(address);
  return pageRoutes.some((route) => route.path === path && route.access === 'signed-in');
}

/**
 * The content pages are prerendered too, each at its own address in its own locale (`/agb`,
 * `/en/terms`): see `contentAddresses` in `lib/content.ts`.
 */
