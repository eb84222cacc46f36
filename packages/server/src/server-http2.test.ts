import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { memoryLogger, testConfig } from './test/app.ts';
import { useTestDatabase } from './test/db.ts';

// Which protocol a connection speaks is HTTP itself: node's own clients here, no typed client.

const database = useTestDatabase();
const PAGE = '<!doctype html><html lang="de"><h1>Anmelden</h1></html>';

let dir: string;
let running: RunningServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protokoll-tls-'));
  // A throwaway certificate for 127.0.0.1, made for this run.
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  await writeFile(join(dir, 'cert.pem'), pems.cert);
  await writeFile(join(dir, 'key.pem'), pems.private);
  const dist = join(dir, 'dist');
  await mkdir(join(dist, 'pages'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist, 'pages', 'login.html'), PAGE);
  running = await startServer(
    testConfig({
      PORT: '0',
      SERVE_APP: 'true',
      APP_DIST: dist,
      TLS_CERT_FILE: join(dir, 'cert.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
    }),
    { db: database(), logger: memoryLogger().logger, worker: false },
  );
});
afterAll(async () => {
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

/** One HTTP/2 GET on an open session: status, headers and body. */
function get2(session: ClientHttp2Session, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const stream = session.request({ ':path': path });
      let headers: Record<string, unknown> = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (received) => (headers = received));
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
      stream.on('error', reject);
    },
  );
}

describe('with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('listens on https', () => {
    expect(running.url).toBe(`https://127.0.0.1:${running.port}`);
  });

  it('answers a page and the API over HTTP/2 on one connection', async () => {
    const session = connect(running.url, { rejectUnauthorized: false });
    try {
      const page = await get2(session, '/login');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe(PAGE);
      const health = await get2(session, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  it('still answers a client that speaks only HTTP/1.1', async () => {
    const answer = await new Promise<{ version: string; status: number; body: string }>(
      (resolve, reject) => {
        const req = httpsRequest(
          `${running.url}/api/health`,
          // node's https client offers only http/1.1 (no ALPN h2).
          { rejectUnauthorized: false, agent: false },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () =>
              resolve({ version: res.httpVersion, status: res.statusCode ?? 0, body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.version).toBe('1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });

  it('refuses to start without the certificate file it names', async () => {
    const config = testConfig({
      PORT: '0',
      TLS_CERT_FILE: join(dir, 'missing.pem'),
      TLS_KEY_FILE: join(dir, 'key.pem'),
    });
    await expect(
      startServer(config, { db: database(), logger: memoryLogger().logger, worker: false }),
    ).rejects.toThrow(/missing\.pem/);
  });
});

describe('TLS settings', () => {
  it('need both files', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(/TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: '/etc/key.pem' })).toThrow(/TLS_CERT_FILE/);
    expect(loadConfig({}).tls).toBeUndefined();
    expect(
      loadConfig({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: '/k.pem' }, { root: '/srv' }).tls,
    ).toEqual({ certFile: '/srv/c.pem', keyFile: '/k.pem' });
  });
});
