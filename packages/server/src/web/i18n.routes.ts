import { messageGroup, messages } from '@protokoll/contract';
import { etag } from 'hono/etag';
import { routeFor } from '../http/openapi.ts';

export const messagesRoute = routeFor(messages, { middleware: [etag()] });
export const messageGroupRoute = routeFor(messageGroup, { middleware: [etag()] });
