import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCRIPT_HASHES_FILE, SHARE_PATH_PREFIX } from '@protokoll/contract';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.ts';
import type { AppEnv } from '../http/context.ts';
import { isApiPath } from './app-serving.ts';
import { isStorybookPath } from './storybook-serving.ts';

/** Google Identity Services: its script, its button's frame and styles, its calls. */
const GOOGLE = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/** Pages the API serves as HTML for a browser (the reference UI and its files). */
function isApiPage(path: string): boolean {
  return path === '/api/docs' || path.startsWith('/api/docs/');
}

/**
 * The sources of the inline scripts the app's pages run (head script, script loader, signed-in
 * check; docs/architecture.md#prerendered-pages), as the app's build wrote them beside its pages
 * (`SCRIPT_HASHES_FILE`). Without a build there is no page to run them: none is allowed.
 */
export function inlineScriptHashes(appDist: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(appDist, SCRIPT_HASHES_FILE), 'utf8');
  } catch {
    return [];
  }
  const hashes: unknown = JSON.parse(text);
  if (
    !Array.isArray(hashes) ||
    !hashes.every((hash) => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash))
  )
    throw new Error(`${SCRIPT_HASHES_FILE} in ${appDist} is not a list of script hashes`);
  return hashes;
}

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type CspOptions = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;

/**
 * The policy of the web app and the API reference. The session token sits in storage scripts can
 * read, so scripts are the point: only files from this server (no eval), the three inline scripts
 * (head script, script loader, signed-in check) by their hashes, plus Google's sign-in script when it is configured. Styles allow 'unsafe-inline': Radix's scroll
 * lock writes a `<style>` element whose content changes with the scrollbar width (no hash can
 * match it) and the API reference styles through attributes; a nonce would mean rewriting the
 * precompressed index.html per request. Injected CSS cannot run script, and everything else
 * stays on this server.
 */
function pagePolicy(config: Config): CspOptions {
  const google = Boolean(config.googleClientId);
  const https = config.publicUrl?.startsWith('https://') ?? false;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...inlineScriptHashes(config.appDist),
      ...(google ? [GOOGLE.script] : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'", ...(google ? [GOOGLE.style] : [])],
    // data: for the inline favicon and the reference UI's icons; blob: for local previews.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // A chosen recording is measured in the browser through a blob: URL before upload.
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...(google ? [GOOGLE.connect] : [])],
    frameSrc: google ? [GOOGLE.frame] : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    // Checkout is a top-level redirect, not a form post: forms only go to this server.
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The served Storybook (docs/storybook.md#a-deployed-storybook) is a developer tool, not the app:
 * its manager runs inline scripts and frames its own preview, whose MSW worker answers every API
 * call. So it gets a policy of its own — still nothing from other sites — and may be framed by
 * this site only.
 */
const STORYBOOK_POLICY: CspOptions = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/** JSON, audio and exports are never documents: they may load nothing and be framed by no one. */
const API_POLICY: CspOptions = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (errors and static files included): a content security policy
 * (strict for the API, the page policy for HTML and its files), no framing, no MIME sniffing,
 * the referrer's origin only across sites (none from share pages), the microphone for this site only, and HSTS when the
 * public address is https (README "Security headers").
 */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const common: SecureHeadersOptions = {
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Only with TLS in front: over plain http the header is ignored anyway, and a local
    // http://localhost must not learn to insist on https. No includeSubDomains: sibling hosts
    // are not ours to decide for.
    strictTransportSecurity: https ? 'max-age=31536000' : false,
    // Google's sign-in popup reports back to its opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [] },
  };
  const api = secureHeaders({ ...common, contentSecurityPolicy: API_POLICY });
  const pages = secureHeaders({ ...common, contentSecurityPolicy: pagePolicy(config) });
  // A share link's page and recording (docs/sharing.md#the-page): the token is in the address, so
  // no referrer at all goes out from it.
  const shared = secureHeaders({
    ...common,
    referrerPolicy: 'no-referrer',
    contentSecurityPolicy: pagePolicy(config),
  });
  const storybook = secureHeaders({
    ...common,
    xFrameOptions: 'SAMEORIGIN',
    contentSecurityPolicy: STORYBOOK_POLICY,
  });
  return (c, next) => {
    const path = c.req.path;
    if (config.serveStorybook && isStorybookPath(path)) return storybook(c, next);
    if (path.startsWith(SHARE_PATH_PREFIX)) return shared(c, next);
    return (isApiPath(path) && !isApiPage(path) ? api : pages)(c, next);
  };
}
