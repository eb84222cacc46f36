// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The app's layers (docs/architecture.md#import-direction) are ESLint's `no-restricted-imports`
 * in eslint.config.js. This lints a few imports as if they stood in a module of each layer: the
 * rule must fire upwards and stay quiet downwards.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;
// Loading the configuration (and its plugins) is most of the work: a cap for a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.calculateConfigForFile('app/src/lib/example.ts');
}, 180_000);

/** The messages of `no-restricted-imports` for one import written in `file`. */
async function restricted(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export * from '${from}';\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the app layers', () => {
  it.each([
    ['app/src/lib/example.ts', '../session/session-context.ts', 'lib sits below session'],
    ['app/src/lib/example.ts', '../route-table.ts', 'lib sits below'],
    ['app/src/session/example.ts', '../api/user/minutes.ts', 'session sits below api'],
    ['app/src/api/notes/example.ts', '../../uploads/upload-store.ts', 'api sits below uploads'],
    ['app/src/routes/example.tsx', '../prefetch-page.ts', 'routes sits below the route table'],
    ['app/src/route-table.ts', './app.tsx', 'the route table sits below the entries'],
    ['app/src/api/example.ts', '../stories/route-story.tsx', 'Only stories, tests'],
  ])('%s may not import %s', async (file, from, message) => {
    const messages = await restricted(file, from);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['app/src/session/example.ts', '../lib/query-keys.ts'],
    ['app/src/api/user/example.ts', '../../session/session-context.ts'],
    ['app/src/routes/example.tsx', '../api/user/plan.ts'],
    ['app/src/prefetch-page.ts', './route-table.ts'],
    ['app/src/main.tsx', './mock-mode.ts'],
  ])('%s may import %s', async (file, from) => {
    expect(await restricted(file, from)).toEqual([]);
  });
});
