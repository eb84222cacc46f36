import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from './config.ts';
import { repoRoot } from './lib/paths.ts';

/*
 * The deployment files (docs/deployment.md) set only variables the server reads: a name the
 * configuration does not know would be ignored without a word, and the operator would believe a
 * setting applied.
 */

/** Read by a library rather than by our configuration: the AWS SDK's credential chain. */
const READ_BY_LIBRARIES = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

const known = (name: string) =>
  (CONFIG_VARIABLES as readonly string[]).includes(name) || READ_BY_LIBRARIES.has(name);

describe('deployment files', () => {
  it('the compose file gives the Protokoll processes only known variables, each in the README', async () => {
    const compose = parse(await readFile(join(repoRoot, 'deploy/compose.yaml'), 'utf8'), {
      merge: true,
    }) as {
      'x-protokoll-environment': Record<string, unknown>;
      services: Record<string, { environment?: unknown; build?: unknown; image?: string }>;
    };
    const names = Object.keys(compose['x-protokoll-environment']);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !known(name))).toEqual([]);
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    expect(names.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    // Every service built from our image uses that one environment, plus known variables of its
    // own (the worker's metrics port).
    const ours = Object.entries(compose.services).filter(([, s]) => s.image === 'protokoll');
    expect(ours.map(([name]) => name)).toEqual(['api-1', 'api-2', 'worker']);
    for (const [, service] of ours) {
      const environment = service.environment as Record<string, unknown>;
      expect(environment).toMatchObject(compose['x-protokoll-environment']);
      const own = Object.keys(environment).filter((name) => !names.includes(name));
      expect(own.filter((name) => !known(name) || !readme.includes(`\`${name}\``))).toEqual([]);
    }
  });

  it('the Dockerfile sets only known variables', async () => {
    const dockerfile = await readFile(join(repoRoot, 'deploy/Dockerfile'), 'utf8');
    // `ENV A=1 \ B=2` over continued lines.
    const envBlocks = [...dockerfile.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.+)$/gm)];
    const names = envBlocks.flatMap(([, body]) =>
      [...body!.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]!),
    );
    expect(names).toContain('DATA_DIR');
    expect(names.filter((name) => !known(name))).toEqual([]);
  });
});
