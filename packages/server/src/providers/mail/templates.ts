import {
  ONE_HOUR_MS,
  PASSWORD_RESET_TTL_MS,
  TEAM_INVITATION_TTL_MS,
  type Locale,
  type Summary,
} from '@protokoll/contract';
import type { Translate } from '../../lib/locale-files.ts';
import type { MailMessage } from './mailer.ts';

const PRODUCT = 'Protokoll';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

type MailKind = 'passwordReset' | 'emailChange' | 'teamInvitation' | 'signatureRequest';

/** Whom a mail greets: the person's first name where the account has one. */
export interface Greeted {
  firstName?: string | null | undefined;
}

/** "Hallo Anna," where the name is known, else "Hallo,". */
function greetingOf(t: Translate, person: Greeted | undefined): string {
  const name = person?.firstName?.trim();
  return name ? t('mail.greetingNamed', { name }) : t('mail.greeting');
}

/**
 * A mail of one kind in the language of `t` (docs/i18n.md#server-side-texts): the texts are
 * `mail.*` in locales/; reset and e-mail links last a reset link's lifetime, invitations
 * TEAM_INVITATION_TTL_MS.
 */
function render(
  t: Translate,
  kind: MailKind,
  to: string,
  link: string,
  person: Greeted | undefined,
  extra: Record<string, string | number> = {},
): MailMessage {
  const values = {
    product: PRODUCT,
    minutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
    days: Math.round(TEAM_INVITATION_TTL_MS / (24 * ONE_HOUR_MS)),
    ...extra,
  };
  const text = (key: string) => t(`mail.${key}`, values);
  const lines = [text(`${kind}.intro`), text(`${kind}.link`)];
  const [greeting, action, ignore, signature] = [
    greetingOf(t, person),
    text(`${kind}.action`),
    text(`${kind}.ignore`),
    text('signature'),
  ];
  const body = [greeting, '', ...lines, '', link, '', ignore, '', signature].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    <p>${escapeHtml(greeting)}</p>
    ${paragraphs}
    <p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
    <p style="color: #555; font-size: 0.9em">${escapeHtml(link)}</p>
    <p style="color: #555; font-size: 0.9em">${escapeHtml(ignore)}</p>
    <p>${escapeHtml(signature)}</p>
  </body>
</html>
`;
  return { to, subject: text(`${kind}.subject`), text: body, html };
}

export function passwordResetMail(
  t: Translate,
  to: string,
  link: string,
  person?: Greeted,
): MailMessage {
  return render(t, 'passwordReset', to, link, person);
}

export function emailChangeMail(
  t: Translate,
  to: string,
  link: string,
  person?: Greeted,
): MailMessage {
  return render(t, 'emailChange', to, link, person);
}

/** The invitation to a team (docs/product.md#teams), in the invitee's language. */
export function teamInvitationMail(
  t: Translate,
  to: string,
  link: string,
  inviter: string,
  person?: Greeted,
): MailMessage {
  return render(t, 'teamInvitation', to, link, person, { inviter });
}

/**
 * The request to sign formal minutes (docs/formal-minutes.md#approval-and-signature), in the
 * signer's language; the link works until the signer decides or the keeper starts a correction.
 */
export function signatureRequestMail(
  t: Translate,
  to: string,
  link: string,
  details: { keeper: string; note: string; role: string; signer: string },
  person?: Greeted,
): MailMessage {
  return render(t, 'signatureRequest', to, link, person ?? { firstName: details.signer }, details);
}

export interface SharedNoteDetails {
  sender: string;
  note: string;
  summary: Summary | null;
  /** The sender's own words above the summary. */
  message?: string | undefined;
  expiresAt: Date | null;
  /** The link asks for an access code (the mail never carries it). */
  accessCode: boolean;
}

/** The days a mail shows in: the product's home zone, since the recipient's is not known. */
const MAIL_TIME_ZONE = 'Europe/Berlin';

/**
 * A shared note for one participant (docs/sharing.md#mailing-the-minutes), in the note's language:
 * the sender's words, the summary's overview, decisions and tasks as text, and the link.
 */
export function sharedNoteMail(
  t: Translate,
  locale: Locale,
  to: string,
  link: string,
  details: SharedNoteDetails,
): MailMessage {
  const values = { product: PRODUCT, sender: details.sender || PRODUCT, note: details.note };
  const text = (key: string, extra: Record<string, string> = {}) =>
    t(`mail.sharedNote.${key}`, { ...values, ...extra });
  const { summary } = details;
  const lists: [string, string[]][] = [
    [text('decisions'), summary?.decisions.map((decision) => decision.text) ?? []],
    [
      text('tasks'),
      summary?.action_items.map((task) =>
        task.owner ? `${task.owner}: ${task.task}` : task.task,
      ) ?? [],
    ],
  ];
  const notes = [
    details.expiresAt
      ? text('expires', {
          date: new Intl.DateTimeFormat(locale, {
            dateStyle: 'long',
            timeZone: MAIL_TIME_ZONE,
          }).format(details.expiresAt),
        })
      : undefined,
    details.accessCode ? text('code') : undefined,
  ].filter((line): line is string => line !== undefined);
  const overview = summary?.overview.trim() ?? '';
  const body = [
    greetingOf(t, undefined),
    '',
    text('intro'),
    ...(details.message ? ['', details.message] : []),
    ...(overview ? ['', `${text('summary')}:`, overview] : []),
    ...lists.flatMap(([heading, items]) =>
      items.length > 0 ? ['', `${heading}:`, ...items.map((item) => `- ${item}`)] : [],
    ),
    '',
    text('link'),
    link,
    ...notes,
    '',
    text('ignore'),
    '',
    t('mail.signature', values),
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    ${paragraph(greetingOf(t, undefined))}
    ${paragraph(text('intro'))}
    ${details.message ? `<p style="white-space: pre-line">${escapeHtml(details.message)}</p>` : ''}
    ${overview ? `<h2 style="font-size: 1.1em">${escapeHtml(text('summary'))}</h2>${paragraph(overview)}` : ''}
    ${lists
      .filter(([, items]) => items.length > 0)
      .map(
        ([heading, items]) =>
          `<h3 style="font-size: 1em">${escapeHtml(heading)}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      )
      .join('\n    ')}
    ${paragraph(text('link'))}
    <p><a href="${escapeHtml(link)}">${escapeHtml(text('action'))}</a></p>
    <p style="color: #555; font-size: 0.9em">${escapeHtml(link)}</p>
    ${notes.map((line) => `<p style="color: #555; font-size: 0.9em">${escapeHtml(line)}</p>`).join('\n    ')}
    <p style="color: #555; font-size: 0.9em">${escapeHtml(text('ignore'))}</p>
    ${paragraph(t('mail.signature', values))}
  </body>
</html>
`;
  return { to, subject: text('subject'), text: body, html };
}

export interface SupportTicketMail {
  ticketId: number;
  userId: number;
  email: string;
  name: string;
  category: string;
  subject: string;
  message: string;
  noteId: number | undefined;
}

/** The contact form's message for the support inbox; in German, the team's language. */
export function supportInboxMail(to: string, ticket: SupportTicketMail): MailMessage {
  const fields: [string, string][] = [
    ['Ticket', `#${ticket.ticketId}`],
    ['Konto-ID', String(ticket.userId)],
    ['E-Mail', ticket.email],
    ['Name', ticket.name],
    ['Kategorie', ticket.category],
    ['Notiz-ID', ticket.noteId === undefined ? '–' : String(ticket.noteId)],
    ['Betreff', ticket.subject],
  ];
  const text = [...fields.map(([k, v]) => `${k}: ${v}`), '', ticket.message].join('\n');
  const rows = fields
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('\n      ');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    <table>
      ${rows}
    </table>
    <pre style="white-space: pre-wrap; font-family: inherit">${escapeHtml(ticket.message)}</pre>
  </body>
</html>
`;
  return {
    to,
    subject: `[Support #${ticket.ticketId}] ${ticket.category}: ${ticket.subject}`,
    text,
    html,
  };
}

/** The sender's copy: their message was received, in their language. */
export function supportConfirmationMail(
  t: Translate,
  to: string,
  ticket: Pick<SupportTicketMail, 'ticketId' | 'subject' | 'message'>,
  person?: Greeted,
): MailMessage {
  const values = { product: PRODUCT, ticket: ticket.ticketId, subject: ticket.subject };
  const text = (key: string) => t(`mail.${key}`, values);
  const lines = [
    greetingOf(t, person),
    '',
    text('supportConfirmation.intro'),
    '',
    text('supportConfirmation.subjectLine'),
  ];
  const signature = text('signature');
  const body = [...lines, '', ticket.message, '', signature].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    ${lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n    ')}
    <blockquote style="white-space: pre-wrap; color: #555">${escapeHtml(ticket.message)}</blockquote>
    <p>${escapeHtml(signature)}</p>
  </body>
</html>
`;
  return { to, subject: text('supportConfirmation.subject'), text: body, html };
}
