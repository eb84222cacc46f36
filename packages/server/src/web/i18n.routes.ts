import { LocaleParam, messages, type Messages as MessagesTree } from '@protokoll/contract';
import { etag } from 'hono/etag';
import { z } from 'zod';
import { routeFor } from '../lib/openapi.ts';

/**
 * The contract's recursive `Messages` schema has no component id, which sends the OpenAPI
 * generator into endless recursion; this copy carries one so the document can `$ref` itself.
 */
const MessagesDoc: z.ZodType<MessagesTree> = z
  .lazy(() => z.record(z.string(), z.union([z.string(), MessagesDoc])))
  .meta({ id: 'Messages' });

export const messagesRoute = routeFor(messages, {
  params: LocaleParam,
  responseDoc: MessagesDoc,
  middleware: [etag()],
});
