import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  auth,
  billing,
  capabilities,
  folders,
  minutes,
  notes,
  plans,
  support,
  system,
  team,
  user,
} from './index.ts';

/*
 * Every named scenario is shown by a story (docs/storybook.md#route-stories): a scenario nobody
 * renders is a state nobody has looked at. Stories call them as `<resource>.<name>(`.
 */

const scenarios = {
  system,
  auth,
  user,
  minutes,
  plans,
  notes,
  folders,
  billing,
  support,
  team,
  capabilities,
};

/** Scenarios no story can show, and why. */
const NOT_IN_STORIES: Record<string, string> = {
  'auth.googleFailed':
    "needs Google's sign-in script, which stories never load; Screens/Auth/Login shows its text",
};

const root = join(import.meta.dirname, '../../..');
const storyRoots = ['app/src', 'packages/ui/src'];

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : storyFiles(path);
    return entry.name.endsWith('.stories.tsx') ? [path] : [];
  });
}

describe('the named scenarios of packages/mocks', () => {
  const stories = storyRoots
    .flatMap((dir) => storyFiles(join(root, dir)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it('are found in the story files', () => {
    expect(stories).toContain('renderRoute');
  });

  it('are each used by at least one story', () => {
    const unused = Object.entries(scenarios).flatMap(([resource, named]) =>
      Object.keys(named)
        .map((name) => `${resource}.${name}`)
        .filter((id) => !stories.includes(`${id}(`) && !(id in NOT_IN_STORIES)),
    );
    expect(unused).toEqual([]);
  });

  it('leave out only scenarios that exist and no story uses', () => {
    for (const id of Object.keys(NOT_IN_STORIES)) {
      const [resource, name] = id.split('.') as [keyof typeof scenarios, string];
      expect(Object.keys(scenarios[resource]), id).toContain(name);
      expect(stories, id).not.toContain(`${id}(`);
    }
  });
});
