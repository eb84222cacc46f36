// Lighthouse from npm on Debian's Chromium, mobile with simulated throttling, as the web
// benchmarks run it (`bench-web.mjs`, `packages/server/bench/share-page-bench.ts`): one run's
// score, FCP, LCP, TBT, CLS and the bytes transferred by kind.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The browser's flags; a benchmark may add its own (a certificate to trust). */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Which kind of bytes a response is. */
export function kindOf(url, resourceType) {
  if (url.includes('/_i18n/')) return 'messages';
  if (/\.js(\?|$)/.test(url) || resourceType === 'Script' || resourceType === 'script') return 'js';
  if (/\.css(\?|$)/.test(url) || resourceType === 'Stylesheet' || resourceType === 'stylesheet')
    return 'css';
  if (/\.woff2?(\?|$)/.test(url) || resourceType === 'Font' || resourceType === 'font')
    return 'fonts';
  if (resourceType === 'Document' || resourceType === 'document') return 'html';
  return 'other';
}
export const KINDS = ['js', 'css', 'messages', 'fonts', 'html'];

/** Runs a command to its end: its exit status and what it printed. */
function run(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', fail);
    child.on('close', (status) =>
      done({
        status,
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
      }),
    );
  });
}

/** One Lighthouse run; a run that fails to record (it happens under load) is tried again. */
export async function lighthouse(url, attempts = 3) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    process.stderr.write(`retrying ${url}: ${String(error).slice(0, 160)}\n`);
    return lighthouse(url, attempts - 1);
  }
}

/** Lighthouse runs in a child process; asynchronously, so this one can serve the blank page. */
async function lighthouseOnce(url) {
  const result = await run(
    process.execPath,
    [
      join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  for (const item of report.audits['network-requests'].details.items) {
    const kind = kindOf(item.url, item.resourceType);
    if (kind in bytes) bytes[kind] += item.transferSize ?? 0;
  }
  const metric = (id) => report.audits[id].numericValue;
  const document = report.audits['network-requests'].details.items.find(
    (item) => item.resourceType === 'Document',
  );
  return {
    protocol: document?.protocol ?? '?',
    bi: report.environment.benchmarkIndex,
    score: Math.round(report.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    /** The element of the largest paint. */
    lcpElement:
      report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
        ?.selector,
    /** What shifted: each element's selector and its score. */
    shifts: (report.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      selector: item.node?.selector,
      score: item.score,
    })),
    bytes,
  };
}
