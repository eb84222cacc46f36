import type { Locale } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { leaveFor } from '../../lib/leave.ts';
import { loadSession } from '../../session/session-context.ts';

// POST /api/stripe/portalSession

export interface PortalRequest {
  /** The signed-in user: the server takes only the caller's own id (docs/billing.md#calls). */
  userId: number;
  /** The interface language: the portal's way back follows it. */
  locale: Locale;
}

/** A customer portal session's address (multipart body, docs/billing.md#calls). */
export async function openPortal({ userId, locale }: PortalRequest): Promise<string> {
  const { client, endpoints } = await loadSession();
  const form = new FormData();
  form.set('user_id', String(userId));
  const { url } = await client.call(endpoints.createPortalSession, {
    body: form,
    headers: { 'Accept-Language': locale },
  });
  if (!url) {
    throw new ApiError('invalid-response', 200, 'invalid-response', 'createPortalSession: no url');
  }
  return url;
}

/** Opens Stripe's customer portal; the mutation stays successful while the page leaves. */
export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: (url) => leaveFor(url) });
}
