import {
  ONE_HOUR_MS,
  PASSWORD_RESET_TTL_MS,
  TEAM_INVITATION_TTL_MS,
  type Locale,
} from '@protokoll/contract';
import type { MailMessage } from './mailer.ts';

const PRODUCT = 'Protokoll';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Wording {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  ignore: string;
}

function render(to: string, link: string, w: Wording): MailMessage {
  const text = [w.greeting, '', ...w.lines, '', link, '', w.ignore, '', `– ${PRODUCT}`].join('\n');
  const paragraphs = w.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    <p>${escapeHtml(w.greeting)}</p>
    ${paragraphs}
    <p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>
    <p style="color: #555; font-size: 0.9em">${escapeHtml(link)}</p>
    <p style="color: #555; font-size: 0.9em">${escapeHtml(w.ignore)}</p>
    <p>– ${PRODUCT}</p>
  </body>
</html>
`;
  return { to, subject: w.subject, text, html };
}

const resetMinutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);

const passwordResetWording: Record<Locale, Wording> = {
  de: {
    subject: `${PRODUCT}: Passwort zurücksetzen`,
    greeting: 'Hallo,',
    lines: [
      `jemand (hoffentlich Sie) möchte das Passwort Ihres ${PRODUCT}-Kontos zurücksetzen.`,
      `Über diesen Link legen Sie ein neues Passwort fest. Er gilt ${resetMinutes} Minuten und nur einmal:`,
    ],
    action: 'Neues Passwort festlegen',
    ignore:
      'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  en: {
    subject: `${PRODUCT}: reset your password`,
    greeting: 'Hello,',
    lines: [
      `someone (hopefully you) asked to reset the password of your ${PRODUCT} account.`,
      `Use this link to choose a new password. It works once, for ${resetMinutes} minutes:`,
    ],
    action: 'Choose a new password',
    ignore: 'If this was not you, ignore this e-mail; your password stays the same.',
  },
};

const emailChangeWording: Record<Locale, Wording> = {
  de: {
    subject: `${PRODUCT}: neue E-Mail-Adresse bestätigen`,
    greeting: 'Hallo,',
    lines: [
      `diese Adresse soll künftig für Ihr ${PRODUCT}-Konto gelten.`,
      `Bitte bestätigen Sie die Änderung über diesen Link. Er gilt ${resetMinutes} Minuten und nur einmal:`,
    ],
    action: 'E-Mail-Adresse bestätigen',
    ignore: 'Wenn Sie das nicht veranlasst haben, ignorieren Sie diese E-Mail.',
  },
  en: {
    subject: `${PRODUCT}: confirm your new e-mail address`,
    greeting: 'Hello,',
    lines: [
      `this address is to become the e-mail address of your ${PRODUCT} account.`,
      `Please confirm the change with this link. It works once, for ${resetMinutes} minutes:`,
    ],
    action: 'Confirm e-mail address',
    ignore: 'If you did not ask for this, ignore this e-mail.',
  },
};

export function passwordResetMail(locale: Locale, to: string, link: string): MailMessage {
  return render(to, link, passwordResetWording[locale]);
}

export function emailChangeMail(locale: Locale, to: string, link: string): MailMessage {
  return render(to, link, emailChangeWording[locale]);
}

const inviteDays = Math.round(TEAM_INVITATION_TTL_MS / (24 * ONE_HOUR_MS));

/** The invitation to a team (docs/product.md#teams), in the language of the inviting request. */
export function teamInvitationMail(
  locale: Locale,
  to: string,
  link: string,
  inviter: string,
): MailMessage {
  const wording: Record<Locale, Wording> = {
    de: {
      subject: `${PRODUCT}: Einladung in das Team von ${inviter}`,
      greeting: 'Hallo,',
      lines: [
        `${inviter} lädt Sie in das ${PRODUCT}-Team ein. Als Mitglied nutzen Sie die Minuten des Teams; Ihre Notizen und Ordner bleiben privat.`,
        `Melden Sie sich mit dieser E-Mail-Adresse an oder registrieren Sie sich mit ihr, und öffnen Sie dann diesen Link. Er gilt ${inviteDays} Tage und nur einmal:`,
      ],
      action: 'Einladung annehmen',
      ignore: 'Wenn Sie nicht beitreten möchten, ignorieren Sie diese E-Mail.',
    },
    en: {
      subject: `${PRODUCT}: invitation to ${inviter}'s team`,
      greeting: 'Hello,',
      lines: [
        `${inviter} invites you to their ${PRODUCT} team. As a member you use the team's minutes; your notes and folders stay private.`,
        `Sign in or register with this e-mail address, then open this link. It works once, for ${inviteDays} days:`,
      ],
      action: 'Accept the invitation',
      ignore: 'If you do not want to join, ignore this e-mail.',
    },
  };
  return render(to, link, wording[locale]);
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
  locale: Locale,
  to: string,
  ticket: Pick<SupportTicketMail, 'ticketId' | 'subject' | 'message'>,
): MailMessage {
  const w =
    locale === 'de'
      ? {
          subject: `${PRODUCT}: Ihre Nachricht ist angekommen (#${ticket.ticketId})`,
          lines: [
            'Hallo,',
            '',
            `vielen Dank für Ihre Nachricht. Wir haben sie unter der Nummer #${ticket.ticketId} erfasst und melden uns so bald wie möglich per E-Mail.`,
            '',
            `Betreff: ${ticket.subject}`,
          ],
        }
      : {
          subject: `${PRODUCT}: we received your message (#${ticket.ticketId})`,
          lines: [
            'Hello,',
            '',
            `thank you for your message. We filed it as #${ticket.ticketId} and will answer by e-mail as soon as we can.`,
            '',
            `Subject: ${ticket.subject}`,
          ],
        };
  const text = [...w.lines, '', ticket.message, '', `– ${PRODUCT}`].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111">
    ${w.lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n    ')}
    <blockquote style="white-space: pre-wrap; color: #555">${escapeHtml(ticket.message)}</blockquote>
    <p>– ${PRODUCT}</p>
  </body>
</html>
`;
  return { to, subject: w.subject, text, html };
}
