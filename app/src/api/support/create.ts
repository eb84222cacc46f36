import type { Locale, SupportBody } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/support

/**
 * Sends the contact form; answers the ticket number (docs/product.md#support). The sender's
 * copy is written in the page's language (`locale`).
 */
export async function sendSupportRequest({
  body,
  locale,
}: {
  body: SupportBody;
  locale: Locale;
}): Promise<number> {
  const { client, endpoints } = await loadSession();
  const { ticket_id } = await client.call(endpoints.createSupportRequest, {
    body,
    headers: { 'Accept-Language': locale },
  });
  return ticket_id;
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
