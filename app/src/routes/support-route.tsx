import { FaqFile } from '@protokoll/contract';
import { SupportScreen } from '@protokoll/ui';
import deFaq from '../../../content/faq/de.json' with { type: 'json' };
import enFaq from '../../../content/faq/en.json' with { type: 'json' };
import { useNotes } from '../api/notes/list.ts';
import { useSendSupportRequest } from '../api/support/create.ts';
import { toFailureText, toFieldIssues } from '../lib/failure.ts';
import { useLocale } from '../lib/use-locale.ts';

// The FAQ files are small (a few KB); both ship with this page's chunk.
const faqByLocale = { de: FaqFile.parse(deFaq), en: FaqFile.parse(enFaq) };

/** Notes offered in the form's picker: the most recent ones. */
const PICKER_NOTES = 20;

/** `/support`: the FAQ of the page's language and the contact form (docs/product.md#support). */
export function SupportRoute() {
  const { locale } = useLocale();
  const notes = useNotes({ page: 1, page_size: PICKER_NOTES });
  const send = useSendSupportRequest();
  return (
    <SupportScreen
      faq={faqByLocale[locale]}
      notes={(notes.data ?? []).map(({ id, name }) => ({ id, name }))}
      onSubmit={(body) => send.mutate({ body, locale })}
      status={send.status}
      error={send.error ? toFailureText(send.error) : undefined}
      fieldErrors={toFieldIssues(send.error)}
      ticketId={send.data}
    />
  );
}
