import { endpoints } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testApp } from '../../test/app.ts';
import { testClient } from '../../test/client.ts';
import { testDbKind, useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();

describe('GET /api/health', () => {
  it('answers ok with the database kind, version and uptime', async () => {
    const { app } = testApp(database());
    const res = await testClient(app).call(endpoints.health);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = res.body;
    expect(body).toMatchObject({ status: 'ok', database: testDbKind, version: '9.9.9-test' });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with the error body when the database does not answer', async () => {
    const broken: Database = {
      kind: testDbKind,
      db: { execute: () => Promise.reject(new Error('connection refused at 10.0.0.5')) } as never,
      close: async () => {},
    };
    const { app, logs } = testApp(broken);
    const res = await testClient(app).call(endpoints.health);
    expect(res.status).toBe(503);
    const body = res.error;
    expect(body).toMatchObject({ success: false, code: 'server', message: 'Database unreachable' });
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
    expect(
      logs.some((line) => line.level === 'error' && JSON.stringify(line).includes('10.0.0.5')),
    ).toBe(true);
  });
});
