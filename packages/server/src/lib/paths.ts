import { fileURLToPath } from 'node:url';

/** The monorepo root (where the root package.json, app/ and locales/ live). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The drizzle-kit output folder with the committed SQL migrations. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
