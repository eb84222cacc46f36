// The bounded queue on its own, as the password queue (docs/architecture.md#password-and-probe-queues), then
// sign-in and registration behind a full password queue. The database gate, the same queue with
// requests lent out and back, is tested in db-gate.test.ts. Every wait is for a state, never for
// a fixed time.
import { endpoints } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import type { QueueLimits } from '../config.ts';
import { accountsApp, registration, signUp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import { createBoundedQueue, type BoundedQueue } from './bounded-queue.ts';
import { ServerBusyError } from './errors.ts';

const database = useTestDatabase();

/** Resolves once `check` holds (polled each macrotask; the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** A password queue with these limits. */
const passwordQueueOf = (limits: QueueLimits): BoundedQueue =>
  createBoundedQueue(limits, 'password');

/** A place held until `release()`. */
async function hold(queue: BoundedQueue): Promise<() => void> {
  let release!: () => void;
  await new Promise<void>((entered) => {
    void queue.run(() => {
      entered();
      return new Promise<void>((r) => (release = r));
    });
  });
  return release;
}

describe('createBoundedQueue (the password queue)', () => {
  it('runs at most maxConcurrent at once and the rest in arrival order', async () => {
    const queue = passwordQueueOf({ maxConcurrent: 2, queueLimit: 10, queueTimeoutMs: 60_000 });
    const started: string[] = [];
    const finish: Record<string, () => void> = {};
    const runs = ['a', 'b', 'c', 'd', 'e'].map((name) =>
      queue.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => (finish[name] = resolve));
        return name;
      }),
    );
    await until(() => started.length === 2);
    expect([queue.active, queue.waiting]).toEqual([2, 3]);
    finish.b!();
    await until(() => started.length === 3);
    finish.a!();
    await until(() => started.length === 4);
    finish.d!();
    await until(() => started.length === 5);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    finish.c!();
    finish.e!();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses at once beyond the queue limit with ServerBusyError, without starting the work', async () => {
    const queue = passwordQueueOf({ maxConcurrent: 1, queueLimit: 1, queueTimeoutMs: 2_500 });
    const release = await hold(queue);
    const queued = queue.run(async () => 'queued');
    let started = false;
    const refused = queue.run(async () => {
      started = true;
    });
    await expect(refused).rejects.toBeInstanceOf(ServerBusyError);
    await expect(refused).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 3,
      reason: 'password queue full',
    });
    expect(started).toBe(false);
    release();
    expect(await queued).toBe('queued');
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('gives up on a wait after queueTimeoutMs, and the place goes to the next', async () => {
    const queue = passwordQueueOf({ maxConcurrent: 1, queueLimit: 5, queueTimeoutMs: 30 });
    const release = await hold(queue);
    let started = false;
    const waited = queue.run(async () => {
      started = true;
    });
    await expect(waited).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 1,
      reason: 'password queue wait timed out',
    });
    expect(started).toBe(false);
    expect(queue.waiting).toBe(0);
    const next = queue.run(async () => 'next');
    release();
    expect(await next).toBe('next');
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the place when the work fails', async () => {
    const queue = passwordQueueOf({ maxConcurrent: 1, queueLimit: 0, queueTimeoutMs: 1_000 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'again')).toBe('again');
  });
});

describe('the app behind a full password queue', () => {
  it('answers 503 with Retry-After to sign-in and registration, and lets them through once free', async () => {
    const passwordQueue = passwordQueueOf({
      maxConcurrent: 1,
      queueLimit: 0,
      queueTimeoutMs: 2_000,
    });
    const t = await accountsApp(database(), {}, { passwordQueue });
    const anna = await signUp(t.api);
    const release = await hold(passwordQueue);

    const login = await t.api.call(endpoints.login, {
      body: { email: anna.email, password: anna.password },
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('Retry-After')).toBe('2');
    expect(login.error.code).toBe('server');
    // An unknown address waits for the same queue (its dummy check is a hash like any other).
    const unknown = await t.api.call(endpoints.login, {
      body: { email: 'niemand@example.de', password: 'irgendwas-1' },
    });
    expect(unknown.status).toBe(503);
    const form = registration();
    const register = await t.api.call(endpoints.register, { body: form });
    expect(register.status).toBe(503);

    release();
    await until(() => passwordQueue.active === 0);
    const again = await t.api.call(endpoints.login, {
      body: { email: anna.email, password: anna.password },
    });
    expect(again.status).toBe(200);
    // The refused registration wrote nothing: the address is still free.
    expect((await t.api.call(endpoints.register, { body: form })).status).toBe(200);
    expect([passwordQueue.active, passwordQueue.waiting]).toEqual([0, 0]);
  });
});
