// The OpenAI peer (openai.ts) as a process of its own on a fixed port, for end-to-end tests whose
// server needs STT_BASE_URL before the tests start. Everything under /v1 goes to the peer as it
// is; /control lets a test switch failure modes. Never used by `start`.
//
//   npx tsx tests/peers/openai-server.ts [port]        (default: OPENAI_PEER_PORT or 4312)
//
//   GET  /health             200 once the peer is up
//   POST /control/fail       {"status":500,"language":"pl"}: every transcription asked for in that
//                            spoken language fails with that status; without "language", every
//                            request fails (a FailurePlan of openai.ts, with "times"/"endpoint")
//   POST /control/reset      {"language":"pl"} ends one "fail" call for that language (they count,
//                            so tests running side by side each end only their own); {} ends
//                            all failures and forgets the requests
//   POST /control/speakers   {"language":"nl","speakers":3}: transcriptions asked for in that
//                            spoken language label their segments SPEAKER_00… round-robin over
//                            that many speakers (counted like "fail"; /control/reset with the
//                            language ends one)
//   POST /control/transcript {"sha256":"…","text":"…"}: the recording whose prepared chunk has
//                            this hash is transcribed as this text, a passage per sentence (a
//                            recording no other spec uploads)
//   GET  /control/requests   what the peer received: endpoint, status, bytes and duration
//
// Spec files run in parallel against the one server and so the one engine. A failure scoped to a
// spoken language hits only the test that uploads in that language; everybody else's recordings
// go on being transcribed.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { startOpenAiPeer, type FailurePlan } from './openai.ts';

const port = Number(process.argv[2] ?? process.env.OPENAI_PEER_PORT ?? 4312);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  process.stderr.write(`openai-server: invalid port "${process.argv[2]}"\n`);
  process.exit(2);
}

const peer = await startOpenAiPeer({ latencyMs: 0 });
const upstream = new URL(peer.url);
/** Spoken language → the status its transcriptions fail with, and how many tests asked for it. */
const failingLanguages = new Map<string, { status: number; holders: number }>();
/** Spoken language → how many speakers its transcriptions name, and how many tests asked for it. */
const speakerLanguages = new Map<string, { speakers: number; holders: number }>();

/** Ends one holder's claim on a language's scripted behaviour. */
function release<T extends { holders: number }>(languages: Map<string, T>, language: string) {
  const entry = languages.get(language);
  if (entry && entry.holders > 1) entry.holders--;
  else languages.delete(language);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req)).toString('utf8');
  const value: unknown = text ? JSON.parse(text) : {};
  if (typeof value !== 'object' || value === null) throw new Error('expected a JSON object');
  return value as Record<string, unknown>;
}

function isFailurePlan(
  value: Record<string, unknown>,
): value is Record<string, unknown> & FailurePlan {
  return (
    Number.isInteger(value.status) &&
    (value.times === undefined || Number.isInteger(value.times)) &&
    (value.endpoint === undefined ||
      value.endpoint === 'transcriptions' ||
      value.endpoint === 'chat')
  );
}

/** The `language` field of a multipart transcription request, if it has one. */
function languageOf(body: Buffer): string | undefined {
  return /name="language"\r\n\r\n([^\r]*)\r\n/.exec(body.toString('latin1'))?.[1];
}

async function control(req: IncomingMessage, res: ServerResponse, path: string) {
  if (req.method === 'POST' && path === '/control/fail') {
    const plan = await readJson(req).catch(() => ({}));
    if (!isFailurePlan(plan)) return sendJson(res, 400, { error: 'expected a FailurePlan' });
    if (typeof plan.language === 'string') {
      const holders = (failingLanguages.get(plan.language)?.holders ?? 0) + 1;
      failingLanguages.set(plan.language, { status: plan.status, holders });
    } else {
      peer.fail(plan);
    }
    return sendJson(res, 200, { ok: true });
  }
  if (req.method === 'POST' && path === '/control/speakers') {
    const { language, speakers } = await readJson(req).catch(() => ({}) as Record<string, unknown>);
    if (typeof language !== 'string' || !Number.isInteger(speakers) || (speakers as number) < 1) {
      return sendJson(res, 400, { error: 'expected {"language": "…", "speakers": n ≥ 1}' });
    }
    const holders = (speakerLanguages.get(language)?.holders ?? 0) + 1;
    speakerLanguages.set(language, { speakers: speakers as number, holders });
    return sendJson(res, 200, { ok: true });
  }
  if (req.method === 'POST' && path === '/control/transcript') {
    const { sha256, text } = await readJson(req).catch(() => ({}) as Record<string, unknown>);
    if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256) || typeof text !== 'string') {
      return sendJson(res, 400, { error: 'expected {"sha256": "<hex>", "text": "…"}' });
    }
    peer.registerTranscript(sha256, text);
    return sendJson(res, 200, { ok: true });
  }
  if (req.method === 'POST' && path === '/control/reset') {
    const { language } = await readJson(req).catch(() => ({}) as Record<string, unknown>);
    if (typeof language === 'string') {
      if (failingLanguages.has(language)) release(failingLanguages, language);
      else release(speakerLanguages, language);
    } else {
      failingLanguages.clear();
      speakerLanguages.clear();
      peer.reset();
    }
    return sendJson(res, 200, { ok: true });
  }
  if (req.method === 'GET' && path === '/control/requests') {
    return sendJson(
      res,
      200,
      peer.requests.map(({ endpoint, path: requestPath, status, file }) => ({
        endpoint,
        path: requestPath,
        status,
        bytes: file?.bytes,
        durationSeconds: file?.durationSeconds,
      })),
    );
  }
  sendJson(res, 404, { error: `unknown control call ${req.method} ${path}` });
}

/**
 * Passes a request to the peer and its answer back; `body` when it was already read. With
 * `rewrite`, a JSON answer is changed by it before it is passed on.
 */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  body?: Buffer,
  rewrite?: (answer: Record<string, unknown>) => void,
) {
  const headers = { ...req.headers, host: upstream.host };
  if (body) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const outgoing = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (answer) => {
      const json = String(answer.headers['content-type'] ?? '').includes('application/json');
      if (!rewrite || !json) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      void readBody(answer)
        .then((raw) => {
          const value = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          rewrite(value);
          const text = JSON.stringify(value);
          // Sent whole now, with its length instead of in chunks.
          const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, {
            ...headers,
            'content-length': String(Buffer.byteLength(text)),
          });
          res.end(text);
        })
        .catch((error: unknown) => res.destroy(error as Error));
    },
  );
  outgoing.on('error', (error) => {
    if (!res.headersSent) sendJson(res, 502, { error: error.message });
    else res.destroy(error);
  });
  if (body) outgoing.end(body);
  else req.pipe(outgoing);
}

/** Labels the segments of a verbose_json answer `SPEAKER_00`… round-robin over `speakers`. */
function labelSpeakers(speakers: number) {
  return (answer: Record<string, unknown>) => {
    if (!Array.isArray(answer.segments)) return;
    answer.segments.forEach((segment: Record<string, unknown>, index) => {
      segment.speaker = `SPEAKER_${String(index % speakers).padStart(2, '0')}`;
    });
  };
}

/**
 * A transcription in a failing language is answered here, as OpenAI words a server error; one in
 * a language with scripted speakers gets its segments labelled.
 */
async function transcription(req: IncomingMessage, res: ServerResponse) {
  const body = await readBody(req);
  const language = languageOf(body);
  const status = language === undefined ? undefined : failingLanguages.get(language)?.status;
  if (status === undefined) {
    const speakers = language === undefined ? undefined : speakerLanguages.get(language)?.speakers;
    return forward(req, res, body, speakers ? labelSpeakers(speakers) : undefined);
  }
  sendJson(res, status, {
    error: {
      message: `Scripted failure ${status} for language ${language}`,
      type: status >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code: null,
    },
  });
}

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  const fail = (error: unknown) => {
    if (!res.headersSent) sendJson(res, 500, { error: (error as Error).message });
    else res.destroy();
  };
  if (path === '/health') return sendJson(res, 200, { ok: true });
  if (path.startsWith('/control/')) return void control(req, res, path).catch(fail);
  if (
    path === '/v1/audio/transcriptions' &&
    (failingLanguages.size > 0 || speakerLanguages.size > 0)
  ) {
    return void transcription(req, res).catch(fail);
  }
  forward(req, res);
});

await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve());
});
process.stdout.write(`OpenAI peer on http://127.0.0.1:${port} (→ ${peer.url})\n`);

const stop = () => {
  server.close();
  server.closeAllConnections();
  void peer.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
