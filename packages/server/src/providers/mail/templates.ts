import { PASSWORD_RESET_TTL_MS } from '@protokoll/contract';
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

type MailKind = 'passwordReset' | 'emailChange';

/**
 * A mail of one kind in the language of `t` (docs/i18n.md#server-side-texts): the texts are
 * `mail.*` in locales/, both links last a reset link's lifetime.
 */
function render(t: Translate, kind: MailKind, to: string, link: string): MailMessage {
  const values = { product: PRODUCT, minutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000) };
  const text = (key: string) => t(`mail.${key}`, values);
  const lines = [text(`${kind}.intro`), text(`${kind}.link`)];
  const [greeting, action, ignore, signature] = [
    text('greeting'),
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

export function passwordResetMail(t: Translate, to: string, link: string): MailMessage {
  return render(t, 'passwordReset', to, link);
}

export function emailChangeMail(t: Translate, to: string, link: string): MailMessage {
  return render(t, 'emailChange', to, link);
}
