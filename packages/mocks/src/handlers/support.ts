import { endpoints, ErrorCode } from '@protokoll/contract';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';

const e = endpoints;

/** Handlers of the support resource. */
export function createSupportHandlers(options: HandleOptions = {}) {
  return [
    handle(
      e.createSupportRequest,
      () =>
        reply(e.createSupportRequest, {
          success: true,
          message: 'Support request received',
          ticket_id: 42,
        }),
      options,
    ),
  ];
}

export const supportHandlers = createSupportHandlers();

/** Named support scenarios (the `support` key). */
export const support = {
  default: () => supportHandlers,
  failing: (status = 500) => [failWith(e.createSupportRequest, status, ErrorCode.SERVER)],
  slow: (ms = 3_000) => createSupportHandlers({ latency: ms }),
  /** Too many messages: 429 with the rate limit's code. */
  tooMany: () => [failWith(e.createSupportRequest, 429, ErrorCode.TOO_MANY_ATTEMPTS)],
};
