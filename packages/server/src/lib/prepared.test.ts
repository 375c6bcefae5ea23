import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTx } from '../kernel/context.js';
import { mailMessages } from '../platform/mail/tables.js';
import { serverSuite } from '../test/suite.js';
import { placeholders, preparedFor } from './prepared.js';

const { srv } = serverSuite();

const insert = preparedFor((db) =>
  db
    .insert(mailMessages)
    .values(placeholders('id', 'to', 'subject', 'text', 'html', 'template', 'status', 'createdDate'))
    .prepare('test_mail_insert'),
);
const count = preparedFor((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailMessages)
    .where(eq(mailMessages.to, sql.placeholder('to')))
    .prepare('test_mail_count'),
);
const mail = (to: string) => ({
  id: crypto.randomUUID(),
  to,
  subject: 's',
  text: 't',
  html: 'h',
  template: 'TEST',
  status: 'DEV_MAILBOX',
  createdDate: new Date(),
});

// Two transactions at once need two connections: the embedded database has one.
const PG = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

describe('preparedFor', () => {
  it.skipIf(!PG)(
    'runs a statement on the transaction it is given, even two at once: it sees its writes and rolls back with it',
    async () => {
      const ctx = srv.ctx();
      const kept = `${crypto.randomUUID()}@example.com`;
      const dropped = `${crypto.randomUUID()}@example.com`;
      const rows = async (to: string) => (await count(ctx.db).execute({ to }))[0]!.n;
      await withTx(ctx, async (a) => {
        await insert(a.db).execute(mail(kept)); // the first use builds the statement on a's connection
        // Another transaction, open at the same time, runs its copy on its own connection.
        await expect(
          withTx(ctx, async (b) => {
            await insert(b.db).execute(mail(dropped));
            expect((await count(b.db).execute({ to: dropped }))[0]!.n).toBe(1);
            throw new Error('roll back');
          }),
        ).rejects.toThrow('roll back');
      });
      expect(await rows(kept)).toBe(1);
      expect(await rows(dropped)).toBe(0);
    },
  );

  it('runs in one transaction after another, each rolled back alone', async () => {
    const ctx = srv.ctx();
    const to = `${crypto.randomUUID()}@example.com`;
    await withTx(ctx, async (tx) => void (await insert(tx.db).execute(mail(to))));
    await expect(
      withTx(ctx, async (tx) => {
        await insert(tx.db).execute(mail(to));
        expect((await count(tx.db).execute({ to }))[0]!.n).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await count(ctx.db).execute({ to }))[0]!.n).toBe(1);
  });
});
