import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { mfaRecoveryCodes } from './tables.js';

/**
 * MFA recovery codes: the way back in for a member who lost the phone with their authenticator app (and their
 * mailbox). Ten per set, each `xxxxx-xxxxx` from letters and digits that can't be confused (~50 bits): shown once,
 * stored as an HMAC keyed with a server secret and bound to the identity, so a copy of the database alone can't be
 * searched for them. A password hash would cost ~45 ms per stored code on every try; with 50 random bits a keyed
 * hash is enough (see docs/decisions.md).
 */

// No 0/o or 1/i/l, so a code read off paper is typed right: 31 characters, 10 of them are ~49.5 bits.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What a person typed, as it was made: lowercase, no spaces or dashes. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const hashCode = (ctx: Ctx, identityId: string, code: string) =>
  createHmac('sha256', ctx.keys.secret('mfa-recovery-code'))
    .update(`${identityId}:${normalize(code)}`)
    .digest('hex');

function newCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Replaces the identity's recovery codes with a new set and returns it in clear (the only time it exists so). */
export async function replaceRecoveryCodes(ctx: Ctx, identityId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  const now = ctx.clock();
  await ctx.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.identityId, identityId));
  await ctx.db.insert(mfaRecoveryCodes).values(
    [...codes].map((code) => ({
      id: uuidv7(now.getTime()),
      identityId,
      codeHash: hashCode(ctx, identityId, code),
      createdDate: now,
    })),
  );
  return [...codes];
}

/** Drops every recovery code of the identity (TOTP turned off). */
export async function deleteRecoveryCodes(ctx: Ctx, identityId: string): Promise<void> {
  await ctx.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.identityId, identityId));
}

/** How many unused recovery codes the identity has. */
export async function remainingRecoveryCodes(ctx: Pick<Ctx, 'db'>, identityId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.identityId, identityId), isNull(mfaRecoveryCodes.usedDate)));
  return Number(row?.n ?? 0);
}

/**
 * Uses a recovery code: marks it used in the statement that checks it, so the same code never passes twice (not
 * even two requests at once). Returns whether it was accepted.
 */
export async function useRecoveryCode(ctx: Ctx, identityId: string, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{10}$/.test(normalize(code))) return false;
  const claimed = await ctx.db
    .update(mfaRecoveryCodes)
    .set({ usedDate: ctx.clock() })
    .where(
      and(
        eq(mfaRecoveryCodes.identityId, identityId),
        eq(mfaRecoveryCodes.codeHash, hashCode(ctx, identityId, code)),
        isNull(mfaRecoveryCodes.usedDate),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return claimed.length === 1;
}
