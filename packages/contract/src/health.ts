import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.enum(['pglite', 'postgres']),
    uptimeSeconds: z.number().nonnegative(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

export const health = defineEndpoint({
  id: 'health',
  method: 'GET',
  path: '/api/health',
  tag: 'system',
  summary: 'Liveness and database reachability',
  auth: false,
  response: Health,
  timeoutMs: 5_000,
});
