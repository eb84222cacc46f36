/**
 * The server process of the upload benchmark (upload-bench.ts): the real server from the
 * environment (as main.ts starts it, worker off), plus one command on stdin the benchmark needs,
 * `grant <userId> <minutes>`: a Pro plan and that many minutes this month, so a 1 GiB recording
 * passes the plan's limits and the whole accepting path is measured. PGlite admits one process,
 * so the benchmark cannot write to the database itself. Stops when stdin closes.
 */
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { minutesLedger, users } from '../src/db/schema.ts';
import { createLogger } from '../src/lib/logger.ts';
import { monthPeriod } from '../src/domain/minutes.ts';
import { startServer } from '../src/server.ts';

const config = loadConfig(process.env);
const running = await startServer(config, {
  logger: createLogger({ level: config.logLevel }),
  worker: false,
});
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const [command, user, minutes] = line.trim().split(/\s+/);
  if (command !== 'grant') continue;
  const userId = Number(user);
  await running.db.db.update(users).set({ planId: 'pro' }).where(eq(users.id, userId));
  await running.db.db.insert(minutesLedger).values({
    userId,
    kind: 'grant',
    minutes: Number(minutes),
    period: monthPeriod(new Date()),
    reason: 'plan:pro',
  });
  process.stdout.write('granted\n');
}
await running.close();
