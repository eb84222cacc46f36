import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdmin } from './admin-cli.ts';
import { subscriptions, users } from './db/schema.ts';
import { silentLogger } from './lib/logger.ts';
import { minutesOf } from './domain/minutes.ts';
import { useTestDatabase } from './test/db.ts';

const database = useTestDatabase();

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    { db: database().db, logger: silentLogger },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let counter = 0;
async function account(planId = 'free') {
  counter += 1;
  const [user] = await database()
    .db.insert(users)
    .values({ email: `Admin.${counter}@Example.com`, planId })
    .returning();
  return user!;
}

async function planOf(id: number) {
  const [user] = await database().db.select().from(users).where(eq(users.id, id));
  return user?.planId;
}

describe('npm run admin -- plan', () => {
  it('grants a plan by e-mail (any case) with the plan’s minutes for the month, topped up once', async () => {
    const user = await account();
    const db = database().db;
    expect(await minutesOf(db, user.id, 'free')).toMatchObject({ total: 30 });
    const granted = await run('plan', 'grant', user.email.toLowerCase(), 'pro');
    expect(granted).toMatchObject({ code: 0, err: '' });
    expect(granted.out).toBe(
      `${user.email}: Free → Pro (1200 von 1200 Minuten übrig in diesem Zeitraum)`,
    );
    expect(await planOf(user.id)).toBe('pro');
    expect(await minutesOf(db, user.id, 'pro')).toMatchObject({ total: 1_200 });

    const removed = await run('plan', 'remove', user.email);
    expect(removed.code).toBe(0);
    expect(removed.out).toContain('Pro → Free');
    expect(await planOf(user.id)).toBe('free');
    // What this month was given stays; nothing is added on top.
    expect(await minutesOf(db, user.id, 'free')).toMatchObject({ total: 1_200 });
  });

  it('refuses unknown accounts and plans, Free twice, and accounts with a Stripe subscription', async () => {
    expect(await run('plan', 'grant', 'niemand@example.com', 'pro')).toMatchObject({
      code: 1,
      err: 'Kein Konto mit der E-Mail-Adresse niemand@example.com.',
    });
    const user = await account();
    expect(await run('plan', 'grant', user.email, 'platin')).toMatchObject({
      code: 1,
      err: 'Unbekannter Tarif "platin" (bekannt: free, starter, pro, business).',
    });
    expect((await run('plan', 'remove', user.email)).code).toBe(1);

    const subscriber = await account('starter');
    await database().db.insert(subscriptions).values({
      userId: subscriber.id,
      customerId: 'cus_admin',
      subscriptionId: 'sub_admin',
      planId: 'starter',
      interval: 'month',
      status: 'active',
    });
    const refused = await run('plan', 'grant', subscriber.email, 'business');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Stripe-Abonnement');
    expect(await planOf(subscriber.id)).toBe('starter');
  });

  it('explains its usage for anything else', async () => {
    for (const argv of [
      [],
      ['plan'],
      ['plan', 'grant', 'a@b.de'],
      ['plan', 'remove'],
      ['user', 'x'],
    ]) {
      const result = await run(...argv);
      expect(result.code).toBe(2);
      expect(result.err).toContain('npm run admin -- plan grant');
    }
  });
});
