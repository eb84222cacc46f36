import { Health } from '@protokoll/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { memoryLogger, testConfig } from './test/app.ts';
import { testDbKind, useTestDatabase } from './test/db.ts';

const database = useTestDatabase();

describe('startServer', () => {
  let running: RunningServer | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it('listens on a free port and answers /api/health over real HTTP', async () => {
    const { logger, lines } = memoryLogger();
    running = await startServer(testConfig({ PORT: '0' }), { db: database(), logger });
    expect(running.port).toBeGreaterThan(0);
    expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'listening', url: running.url }));

    const res = await fetch(`${running.url}/api/health`, {
      headers: { 'X-Request-Id': 'http-test-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('http-test-1');
    expect(Health.parse(await res.json()).database).toBe(testDbKind);

    await running.close();
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
    // The injected database belongs to the caller and stays open.
    await expect(database().db.execute('select 1')).resolves.toBeDefined();
  });
});
