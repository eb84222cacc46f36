import { PASSWORD_RESET_TTL_MS, type Locale } from '@protokoll/contract';
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
