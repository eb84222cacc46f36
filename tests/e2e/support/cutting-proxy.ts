import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the app that drops one upload's connection part-way: the first
 * connection that carries a `PATCH /api/uploads/…` stops passing bytes once `cutAfter` of them
 * have passed (`reachedCut`), and is cut when the test calls `cutNow()` (the server has received
 * exactly those bytes, then the connection closes; the browser gets a 502 as from a gateway that
 * lost its upstream). Everything else passes unchanged. The test decides when to cut, so that it
 * can wait for a state first (the server having stored some of the bytes), not for time.
 */
const SLICE = 16 * 1024;
const TICK_MS = 20;

export async function startCuttingProxy(target: URL, cutAfter: number) {
  /** The upload's connection to the server, once `cutAfter` bytes have passed on it. */
  let held: Socket | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let counting = false;
    let cutHere = false;
    let passed = 0;
    // The upload's bytes pass in slices of SLICE bytes every TICK_MS, as over a slow line, so
    // the server has stored what passed when the connection drops.
    const queue: Buffer[] = [];
    let pump: ReturnType<typeof setInterval> | undefined;
    const drain = () => {
      let budget = SLICE;
      while (budget > 0 && queue.length > 0 && !cutHere) {
        const head = queue[0]!;
        const take = Math.min(budget, head.length, cutAfter - passed);
        upstream.write(head.subarray(0, take));
        passed += take;
        budget -= take;
        if (take === head.length) queue.shift();
        else queue[0] = head.subarray(take);
        if (passed >= cutAfter) {
          held = upstream;
          cutHere = true;
          clearInterval(pump);
        }
      }
    };
    client.on('data', (chunk: Buffer) => {
      if (cutHere) return;
      if (!held && !counting && chunk.includes('PATCH /api/uploads/')) {
        counting = true;
        pump = setInterval(drain, TICK_MS);
      }
      if (!counting || held) upstream.write(chunk);
      else queue.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cutHere) client.write(chunk);
    });
    const close = () => {
      if (cutHere && !client.destroyed) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        upstream.destroy();
        return;
      }
      client.destroy();
      upstream.destroy();
    };
    client
      .on('error', () => client.destroy())
      .on('close', () => {
        clearInterval(pump);
        upstream.destroy();
      });
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Whether `cutAfter` bytes of the upload have passed: it waits for `cutNow()`. */
    get reachedCut() {
      return held !== undefined;
    },
    /**
     * Ends the upload's connection after the bytes that passed: the server gets the end of the
     * connection; once it has dealt with that (and closed its side), the browser hears of the
     * drop as a gateway reports it. (A silent close of a reused connection makes Chromium send
     * the whole request again by itself, unseen by the page.)
     */
    cutNow() {
      if (!held) throw new Error('the upload has not reached the cut');
      held.end();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
