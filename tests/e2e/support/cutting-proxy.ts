import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the app that drops one upload's connection part-way: the first
 * connection that carries a `PATCH /api/uploads/…` is cut (both sides closed) once `cutAfter`
 * bytes of it have passed; the server receives exactly those. Everything else passes unchanged.
 */
export async function startCuttingProxy(target: URL, cutAfter: number) {
  let cut = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let counting = false;
    let passed = 0;
    client.on('data', (chunk: Buffer) => {
      if (!cut && !counting && chunk.includes('PATCH /api/uploads/')) counting = true;
      if (!counting || cut) {
        upstream.write(chunk);
        return;
      }
      const room = cutAfter - passed;
      if (chunk.length < room) {
        passed += chunk.length;
        upstream.write(chunk);
        return;
      }
      cut = true;
      upstream.end(chunk.subarray(0, room), () => {
        upstream.destroy();
        client.destroy();
      });
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Whether the upload's connection was cut. */
    get cut() {
      return cut;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
