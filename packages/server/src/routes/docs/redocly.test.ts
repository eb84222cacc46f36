import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Env } from '../../config.ts';
import { repoRoot } from '../../lib/paths.ts';
import { noDatabase, testApp, testConfig } from '../../test/app.ts';

const run = promisify(execFile);
const cli = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin',
  'cli.js',
);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

/** Redocly's lint of the served document, offline, with the repository's redocly.yaml. */
async function lint(env: Env): Promise<Problem[]> {
  const { app } = testApp(noDatabase(), testConfig(env));
  const dir = await mkdtemp(join(tmpdir(), 'protokoll-openapi-'));
  dirs.push(dir);
  const file = join(dir, 'openapi.json');
  await writeFile(file, await (await app.request('/api/openapi.json')).text());
  const args = [cli, 'lint', file, '--config', join(repoRoot, 'redocly.yaml'), '--format=json'];
  const { stdout } = await run(process.execPath, args, {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

const readable = (problems: Problem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);

describe('the OpenAPI document under Redocly', () => {
  it.each([
    ['with a public address', { PUBLIC_URL: 'https://protokoll.example' }],
    ['without one', {}],
  ])(
    'passes the recommended rules %s',
    async (_, env) => {
      expect(readable(await lint(env))).toEqual([]);
    },
    60_000,
  );
});
