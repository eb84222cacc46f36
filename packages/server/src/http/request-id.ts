import { requestId as honoRequestId } from 'hono/request-id';

/**
 * Takes the caller's X-Request-Id when it is a short token of letters, digits, `_`, `-` and `=`
 * (so ids from a proxy survive into our logs), otherwise makes a UUID. Echoed as a response header
 * and stored as `c.var.requestId`.
 */
export const requestId = () => honoRequestId({ headerName: 'X-Request-Id', limitLength: 128 });
