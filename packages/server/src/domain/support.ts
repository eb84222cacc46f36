// The contact form (docs/product.md#support): a ticket row, a mail to the support inbox with who
// wrote it, and the sender's copy in their language.
import type { SupportBody } from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import { notes, supportTickets, type User } from '../db/schema.ts';
import { notFoundError } from '../lib/errors.ts';
import { translatorFor } from '../lib/locale-files.ts';
import type { Mailer } from '../providers/mail/mailer.ts';
import { supportConfirmationMail, supportInboxMail } from '../providers/mail/templates.ts';
import type { MailReach } from './accounts/mail-reach.ts';
import type { DomainDeps } from './deps.ts';

export interface SupportDeps extends DomainDeps {
  mailer: Mailer;
}

/**
 * Stores the ticket, then mails support and the sender. The ticket is stored first: a mail that
 * fails is logged and the message is still not lost.
 * @throws ApiError 404 when `note_id` is not one of the sender's notes.
 */
export async function createSupportTicket(
  deps: SupportDeps,
  { user, body, reach }: { user: User; body: SupportBody; reach: MailReach },
): Promise<number> {
  const { db, config, mailer, logger } = deps;
  if (body.note_id !== undefined) {
    const [note] = await db
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.id, body.note_id), eq(notes.userId, user.id)));
    if (!note) throw notFoundError();
  }
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      userId: user.id,
      email: user.email,
      category: body.category,
      subject: body.subject,
      message: body.message,
      noteId: body.note_id ?? null,
    })
    .returning({ id: supportTickets.id });
  if (!ticket) throw new Error('ticket insert returned nothing');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const mails = [
    supportInboxMail(config.supportEmail, {
      ticketId: ticket.id,
      userId: user.id,
      email: user.email,
      name,
      category: body.category,
      subject: body.subject,
      message: body.message,
      noteId: body.note_id,
    }),
    supportConfirmationMail(
      await translatorFor(config.localesDir, reach.locale(user.locale)),
      user.email,
      {
        ticketId: ticket.id,
        subject: body.subject,
        message: body.message,
      },
      user,
    ),
  ];
  for (const mail of mails) {
    await mailer.send(mail).catch((error: unknown) => {
      logger.error('support ticket stored, but a mail could not be sent', {
        ticketId: ticket.id,
        err: error,
      });
    });
  }
  logger.info('support ticket created', { ticketId: ticket.id, category: body.category });
  return ticket.id;
}
