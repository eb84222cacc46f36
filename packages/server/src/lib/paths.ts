import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module: the same answer whether it
 * runs from its source (`src/lib/paths.ts`) or from the build (`dist/main.js`).
 */
function serverPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@protokoll/server'
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the @protokoll/server package folder was not found');
    dir = parent;
  }
}

const serverRoot = serverPackageRoot();

/** The monorepo root (where the root package.json, app/ and locales/ live). */
export const repoRoot = join(serverRoot, '..', '..') + '/';

/** The drizzle-kit output folder with the committed SQL migrations. */
export const migrationsFolder = join(serverRoot, 'drizzle');
