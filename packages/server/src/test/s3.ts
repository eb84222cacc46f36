// A real S3-compatible server for the tests: @20minutes/s3rver (a maintained fork of s3rver,
// installed by `npm install` like every other dev dependency), listening on a free loopback port
// with its objects in a temporary folder. It speaks the S3 REST API the SDK uses: objects, ranges,
// listing, multi-object delete and multipart uploads (docs/decisions/008-object-storage-and-stateless-api.md).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import type { StorageConfig } from '../config.ts';
import { createS3Client } from '../providers/storage/s3.ts';

/** s3rver's fixed credentials: not a secret, the server accepts nothing else. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** What STORAGE=s3 with S3_BUCKET, S3_ENDPOINT and S3_FORCE_PATH_STYLE=true parse to. */
  settings: Extract<StorageConfig, { kind: 's3' }>;
  /** The environment a child process (an API or worker) needs to use the same bucket. */
  env: Record<string, string>;
  client: S3Client;
  /**
   * Takes the service away as if it died: answers being sent break off, new connections are
   * refused; its objects stay for `resume`.
   */
  pause(): Promise<void>;
  /** Brings it back on the same port with the same objects (nothing when it is running). */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * s3rver signs a bucket's own requests (listing, multi-object delete) over `/bucket`, while the
 * SDK sends and signs `/bucket/`; S3, MinIO and Garage take either. The path loses its slash
 * before signing, for the test server's sake only.
 */
export function matchS3rverSigning(client: S3Client): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) {
        request.path = request.path.slice(0, -1);
      }
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
}

/** Starts a server with one empty bucket; `stop` closes it and removes its folder. */
export async function startTestS3(bucket = 'protokoll-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'protokoll-s3-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server: S3rver | undefined = serve(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {
    kind: 's3' as const,
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
  };
  const client = createS3Client(settings, { credentials: S3RVER_CREDENTIALS });
  matchS3rverSigning(client);
  return {
    settings,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    client,
    async pause() {
      const closing = server?.close();
      // close() alone waits for every answer in flight (a recording a worker is still reading).
      server?.httpServer?.closeAllConnections();
      await closing;
      server = undefined;
    },
    async resume() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async stop() {
      client.destroy();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
