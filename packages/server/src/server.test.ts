import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, ErrorBody } from '@protokoll/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { LEGAL_PAGES, placeholderPages } from './web/placeholder-content.ts';
import { memoryLogger, testConfig } from './test/app.ts';
import { httpClient } from './test/client.ts';
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

    const res = await httpClient(running.url).call(endpoints.health, {
      headers: { 'X-Request-Id': 'http-test-1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('http-test-1');
    expect(res.body.database).toBe(testDbKind);

    await running.close();
    // A closed socket is HTTP itself: a plain request.
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
    // The injected database belongs to the caller and stays open.
    await expect(database().db.execute('select 1')).resolves.toBeDefined();
  });
});

/** Sends raw bytes and reads until the server closes the connection. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer; so far: ${answer}`));
    });
    socket.write(request);
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body };
}

describe('answers the HTTP parser refuses', () => {
  let running: RunningServer | undefined;
  afterAll(async () => {
    await running?.close();
  });

  it('answer 431 for headers over 16 KiB and 400 for a broken request, with the error body', async () => {
    running = await startServer(testConfig({ PORT: '0' }), {
      db: database(),
      logger: memoryLogger().logger,
      worker: false,
    });
    const big = parseRaw(
      await rawRequest(
        running.port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
      ),
    );
    expect(big.status).toBe(431);
    expect(big.headers).toMatch(/content-type: application\/json/i);
    expect(ErrorBody.parse(JSON.parse(big.body))).toMatchObject({ success: false });

    const broken = parseRaw(await rawRequest(running.port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(broken.status).toBe(400);
    expect(ErrorBody.parse(JSON.parse(broken.body))).toMatchObject({ success: false });

    // Just under the limit still works.
    const fine = await fetch(`${running.url}/api/health`, {
      headers: { 'X-Big': 'a'.repeat(15 * 1024) },
    });
    expect(fine.status).toBe(200);
  });
});

describe('the legal pages at a production start', () => {
  async function appDistWith(impressum: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
    await mkdir(join(dir, 'pages', 'en'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Protokoll</title>');
    await writeFile(join(dir, 'pages', 'impressum.html'), impressum);
    return dir;
  }

  async function startLines(appDist: string, env: Record<string, string> = {}) {
    const { logger, lines } = memoryLogger();
    const running = await startServer(
      testConfig({ PORT: '0', NODE_ENV: 'production', APP_DIST: appDist, ...env }),
      { db: database(), logger, worker: false },
    );
    await running.close();
    return lines.filter(
      (line) => line.msg === 'legal pages still show the placeholders of the templates',
    );
  }

  it('warns when the served Impressum is still the template, and not once it is the operator’s', async () => {
    const template = await appDistWith(
      '<main><h1>Impressum</h1><p>Protokoll GmbH<br>Musterstraße 1<br>10115 Berlin</p><p>HRB 000000</p></main>',
    );
    expect(await startLines(template)).toEqual([
      expect.objectContaining({ level: 'warn', pages: ['/impressum'] }),
    ]);
    const own = await appDistWith(
      '<main><h1>Impressum</h1><p>Beispiel AG<br>Hauptstraße 5<br>80331 München</p><p>HRB 123456</p></main>',
    );
    expect(await startLines(own)).toEqual([]);
    // Not serving the app (an API-only process): nothing to say.
    expect(await startLines(template, { SERVE_APP: 'false' })).toEqual([]);
  });

  it('knows the templates the repository ships: each marker is in its page', async () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    for (const { template, markers } of LEGAL_PAGES) {
      const text = await readFile(join(root, template), 'utf8');
      for (const marker of markers) expect(text, template).toContain(marker);
    }
    // Nothing prerendered at all (a build without pages): no warning to give.
    expect(await placeholderPages(await mkdtemp(join(tmpdir(), 'protokoll-empty-')))).toEqual([]);
  });
});
