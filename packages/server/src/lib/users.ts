import { DEFAULT_LOCALE, LOCALES, type Locale, type User as UserDto } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type User } from '../db/schema.ts';

/** The user as every answer carries it (docs/sessions.md#the-user). */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    company: user.company,
    phoneNumber: user.phoneNumber,
    planId: user.planId,
  };
}

/** The account of an e-mail address, whatever its case. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/**
 * The language of a mail or a worded refusal: the one asked for, else the best of an
 * Accept-Language header, else the account's, else German.
 */
export function preferredLocale(
  requested: Locale | undefined,
  acceptLanguage: string | undefined,
  account?: string,
): Locale {
  if (requested) return requested;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
        return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, index };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    const match = ranked.find((entry) => isLocale(entry.lang));
    if (match && isLocale(match.lang)) return match.lang;
  }
  return isLocale(account) ? account : DEFAULT_LOCALE;
}

/** One person's full name, or their address where the account has no name. */
export function nameOf(person: Pick<User, 'email' | 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}
