import { connect } from 'node:net';
import { endpoints, ErrorBody } from '@protokoll/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { accountsApp, signUp, type AccountsApp } from './test/accounts.ts';
import { memoryLogger, testConfig } from './test/app.ts';
import { useTestDatabase } from './test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

const KiB = 1024;

/** A JSON login body of exactly `bytes` bytes (the password pads it). */
function loginBody(bytes: number): string {
  const head = '{"email":"a@example.de","password":"';
  const tail = '"}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

/** A body that arrives in chunks without Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 8 * KiB));
      offset += 8 * KiB;
    },
  });
  return { body, duplex: 'half' };
}

async function expectTooLarge(res: Response): Promise<void> {
  expect(res.status).toBe(413);
  const body = ErrorBody.parse(await res.json());
  expect(body).toMatchObject({ success: false, code: 'invalidInput' });
}

describe('request body limit', () => {
  it('answers 413 with the error body for a JSON body over 64 KiB, before parsing it', async () => {
    // By hand: the test is about the body's bytes (chunked, not JSON), which the client cannot send.
    const over = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      ...chunked(loginBody(64 * KiB + 1)),
    });
    await expectTooLarge(over);
    // Not JSON at all: refused for its size, not for its syntax.
    const garbage = await t.app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '['.repeat(100 * KiB),
    });
    await expectTooLarge(garbage);
  });

  it('lets a body of exactly 64 KiB through', async () => {
    // By hand: the body must have an exact byte length.
    const res = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: loginBody(64 * KiB),
    });
    expect(res.status).toBe(401);
  });

  it('limits signed-in calls the same way', async () => {
    const anna = await signUp(t.api);
    const res = await t.api.unchecked(endpoints.updateUser, {
      token: anna.token,
      body: { first_name: 'A', last_name: 'B', company: 'x'.repeat(70 * KiB) },
    });
    await expectTooLarge(res.raw);
  });

  it('follows MAX_JSON_BODY_BYTES', async () => {
    const small = await accountsApp(database(), { MAX_JSON_BODY_BYTES: '1K' });
    // By hand: the body must have an exact byte length.
    const res = await small.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: loginBody(2 * KiB),
    });
    await expectTooLarge(res);
    expect(small.config.maxJsonBodyBytes).toBe(KiB);
  });

  it('leaves the upload to its own limit and gives the payment webhook 1 MiB', async () => {
    const anna = await signUp(t.api);
    const form = new FormData();
    form.set('audio_file', new File([new Uint8Array(200 * KiB)], 'a.mp3', { type: 'audio/mpeg' }));
    const upload = await t.api.unchecked(endpoints.uploadNote, { token: anna.token, body: form });
    expect(upload.status).not.toBe(413);
    // Stripe events are larger than a form: over 64 KiB is fine, over 1 MiB is not. By hand: raw
    // bodies of a given size, one of them chunked.
    const event = await t.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"pad":"${'x'.repeat(200 * KiB)}"}`,
    });
    expect(event.status).not.toBe(413);
    const huge = await t.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      ...chunked(`{"pad":"${'x'.repeat(1024 * KiB)}"}`),
    });
    await expectTooLarge(huge);
  });
});

describe('request body limit over HTTP', () => {
  let running: RunningServer | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it('refuses a 200 MB login by its Content-Length at once, without waiting for the body', async () => {
    running = await startServer(testConfig({ PORT: '0' }), {
      db: database(),
      logger: memoryLogger().logger,
      worker: false,
    });
    // The head announces 200 MB, and only a few bytes follow: an answer proves nothing waited.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(running!.port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('}')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.setTimeout(5_000, () => {
        socket.destroy();
        reject(new Error(`no answer within 5 s; so far: ${text}`));
      });
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${200 * 1000 * 1000}\r\n\r\n{"email":"`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    const body = ErrorBody.parse(JSON.parse(answer.slice(answer.indexOf('{'))));
    expect(body.code).toBe('invalidInput');
  });
});

/** One kept-alive connection: sends raw requests and reads whole answers (by Content-Length). */
function keptAlive(port: number) {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  let ended = false;
  let failure: Error | undefined;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((wake) => wake());
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    wake();
  });
  socket.on('end', () => {
    ended = true;
    wake();
  });
  socket.on('error', (error) => {
    failure = error;
    wake();
  });
  async function until(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (failure) throw failure;
      if (Date.now() > deadline) throw new Error(`${what} not within 5 s; so far: ${buffer}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return {
    write: (text: string) => socket.write(text),
    /** The next whole answer: status, head and body. */
    async answer(): Promise<{ status: number; head: string; body: string }> {
      let head = '';
      let length = 0;
      await until(() => {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return false;
        head = buffer.slice(0, end);
        length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        return Buffer.byteLength(buffer.slice(end + 4)) >= length;
      }, 'a whole answer');
      const rest = buffer.slice(head.length + 4);
      const body = rest.slice(0, length);
      buffer = rest.slice(length);
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body };
    },
    /** Resolves once the server ended the connection without an error (no reset). */
    closed: () => until(() => ended, 'the end of the connection'),
    destroy: () => socket.destroy(),
  };
}

describe('refusals on a kept-alive connection', () => {
  let running: RunningServer | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it('a 413 says Connection: close and the connection ends cleanly', async () => {
    running = await startServer(testConfig({ PORT: '0' }), {
      db: database(),
      logger: memoryLogger().logger,
      worker: false,
    });
    const first = keptAlive(running.port);
    try {
      first.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      expect((await first.answer()).status).toBe(200);
      // Announced too large: refused before the body, which never comes in full.
      first.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${200 * KiB}\r\n\r\n{"email":"`,
      );
      const refused = await first.answer();
      expect(refused.status).toBe(413);
      expect(refused.head).toMatch(/^connection: close$/im);
      expect(ErrorBody.parse(JSON.parse(refused.body)).code).toBe('invalidInput');
      await first.closed();
    } finally {
      first.destroy();
    }

    // Over the limit while arriving (chunked, no length): the same.
    const second = keptAlive(running.port);
    try {
      second.write(
        'POST /api/stripe/webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n',
      );
      const chunk = 'x'.repeat(64 * KiB);
      for (let i = 0; i < 20; i++) second.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const refused = await second.answer();
      expect(refused.status).toBe(413);
      expect(refused.head).toMatch(/^connection: close$/im);
      await second.closed();
    } finally {
      second.destroy();
    }
  });

  it('headers over 16 KiB on the second request of a connection get a whole 431 with its body', async () => {
    running ??= await startServer(testConfig({ PORT: '0' }), {
      db: database(),
      logger: memoryLogger().logger,
      worker: false,
    });
    const socket = keptAlive(running.port);
    try {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      const first = await socket.answer();
      expect(first.status).toBe(200);
      expect(first.head).not.toMatch(/^connection: close$/im);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * KiB)}\r\n\r\n`);
      const big = await socket.answer();
      expect(big.status).toBe(431);
      expect(big.head).toMatch(/^connection: close$/im);
      expect(ErrorBody.parse(JSON.parse(big.body))).toMatchObject({ success: false });
      await socket.closed();
    } finally {
      socket.destroy();
    }
  });
});
