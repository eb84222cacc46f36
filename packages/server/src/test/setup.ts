import { afterAll } from 'vitest';
import { removeTempDataDirs } from './accounts.ts';

// Runs for every server test file. The files share their workers' modules
// (docs/architecture.md#suite-time), so a helper's per-file clean-up is registered here, where it
// runs for each file, not at the helper's import, which happens once per worker.
afterAll(removeTempDataDirs);
