import { messages, Messages } from '@protokoll/contract';
import { etag } from 'hono/etag';
import { z } from 'zod';
import { routeFor } from '../lib/openapi.ts';

/**
 * A recursive schema needs a component id for the OpenAPI generator to `$ref` itself; without
 * one it recurses forever. Until the contract's `Messages` carries an id, document the route
 * with an identical tree that has one.
 */
function messagesDoc(): z.ZodType | undefined {
  if (z.globalRegistry.get(Messages)?.id) return undefined;
  const tree: z.ZodType<Messages> = z
    .lazy(() => z.record(z.string(), z.union([z.string(), tree])))
    .meta({ id: 'Messages' });
  return tree;
}

const responseDoc = messagesDoc();

export const messagesRoute = routeFor(messages, {
  ...(responseDoc ? { responseDoc } : {}),
  middleware: [etag()],
});
