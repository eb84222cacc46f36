import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @protokoll/server db:generate` writes a new migration into ./drizzle after a
// change to the schema; the generated SQL is committed and applied at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
