import { HttpResponse } from 'msw';
import type { ErrorBody } from '@protokoll/contract';

/** An error answer in the server's one error body shape. */
export function errorResponse(status: number, code: string, message: string) {
  const body: ErrorBody = { success: false, code, message };
  return HttpResponse.json(body, { status });
}
