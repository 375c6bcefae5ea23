import { and, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import {
  GIFT_CARD_MASK_PATHS,
  type CreateGiftCardRequest,
  type GiftCard,
  type ListGiftCardsQuery,
  type UpdateGiftCardRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow } from '../../lib/entity-rows.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount } from '../pricing/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import { cardsByCode } from './cache.js';
import { generateCode, hashCode, normalizeCode, toGiftCard, type CardRow } from './model.js';
import { giftCardRedemptions, giftCards } from './tables.js';

const codeTaken = () =>
  new AppError('CONFLICT', 'Another gift card already has this code', { applicationCode: 'GIFT_CARD_CODE_EXISTS' });

const wire = async (ctx: Ctx, r: CardRow, code?: string) =>
  toGiftCard(r, (await getSite(ctx)).locale, ctx.clock(), code);

/** The event payload: never the code. */
const eventEntity = (card: GiftCard) => {
  const { code: _code, ...rest } = card;
  return rest;
};

/**
 * Issues a card inside the caller's transaction (the owner's POST, or an order paying for a GIFT_CARD item) and emits
 * ecom.gift_card.created. Returns the card with its full code: the only time it is shown.
 */
export async function issueGiftCard(
  tx: Ctx,
  input: {
    amount: bigint;
    currency?: string;
    code?: string;
    expirationDate?: Date;
    note?: string;
    source?: 'MANUAL' | 'ORDER';
    orderId?: string;
  },
): Promise<GiftCard> {
  const code = input.code ?? generateCode();
  const now = tx.clock();
  const [row] = await tx.db
    .insert(giftCards)
    .values({
      id: uuidv7(now.getTime()),
      codeHash: hashCode(code),
      last4: normalizeCode(code).slice(-4),
      currency: input.currency ?? (await getSite(tx)).currency,
      initialBalance: input.amount,
      balance: input.amount,
      expirationDate: input.expirationDate ?? null,
      note: input.note ?? null,
      source: input.source ?? 'MANUAL',
      orderId: input.orderId ?? null,
      createdDate: now,
      updatedDate: now,
    })
    .onConflictDoNothing({ target: giftCards.codeHash })
    .returning();
  if (!row) throw codeTaken();
  const card = await wire(tx, row, code);
  await emitEvent(tx, { type: 'ecom.gift_card.created', entityId: row.id, entity: eventEntity(card) });
  // A code someone tried before it existed may be cached as unknown.
  cardsByCode.changed();
  return card;
}

export async function createGiftCard(ctx: Ctx, req: CreateGiftCardRequest): Promise<GiftCard> {
  const { currency } = await getSite(ctx);
  const amount = parseAmount(req.giftCard.initialBalance.amount, currency, 'giftCard.initialBalance.amount');
  if (amount <= 0n) throw violation('giftCard.initialBalance.amount', 'DECIMAL_GT', 'The balance must be more than 0');
  const expirationDate = req.giftCard.expirationDate ? new Date(req.giftCard.expirationDate) : undefined;
  if (expirationDate && expirationDate <= ctx.clock()) {
    throw violation('giftCard.expirationDate', 'VALIDATION', 'The expiration date is in the past');
  }
  return cardsByCode.afterWrite(
    withTx(ctx, (tx) =>
      issueGiftCard(tx, {
        amount,
        currency,
        ...(req.giftCard.code ? { code: req.giftCard.code } : {}),
        ...(expirationDate ? { expirationDate } : {}),
        ...(req.giftCard.note ? { note: req.giftCard.note } : {}),
      }),
    ),
  );
}

export async function getGiftCard(ctx: Ctx, id: string): Promise<GiftCard> {
  const [row] = await ctx.db.select().from(giftCards).where(eq(giftCards.id, id)).limit(1);
  if (!row) throw notFound('Gift card');
  return wire(ctx, row);
}

/** Newest first; `codeEndsWith` finds a card by the last characters the buyer reads out. */
export async function listGiftCards(
  ctx: Ctx,
  q: ListGiftCardsQuery,
): Promise<{ giftCards: GiftCard[]; total: number }> {
  const where = q.codeEndsWith ? sql`${giftCards.last4} like ${`%${q.codeEndsWith.toUpperCase()}`}` : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(giftCards)
      .where(where)
      .orderBy(desc(giftCards.createdDate), desc(giftCards.id))
      .limit(q.limit ?? 50)
      .offset(q.offset ?? 0),
    ctx.db.select({ n: count() }).from(giftCards).where(where),
  ]);
  const { locale } = await getSite(ctx);
  return { giftCards: rows.map((r) => toGiftCard(r, locale, ctx.clock())), total: total?.n ?? 0 };
}

export async function updateGiftCard(ctx: Ctx, id: string, req: UpdateGiftCardRequest): Promise<GiftCard> {
  checkFieldMask(req.fieldMask.paths, GIFT_CARD_MASK_PATHS, req.giftCard, 'giftCard');
  const set: Partial<CardRow> = {};
  for (const p of req.fieldMask.paths as Array<(typeof GIFT_CARD_MASK_PATHS)[number]>) {
    if (p === 'expirationDate')
      set.expirationDate = req.giftCard.expirationDate ? new Date(req.giftCard.expirationDate) : null;
    else if (p === 'disabled') set.disabled = req.giftCard.disabled!;
    else set.note = req.giftCard.note ?? null;
  }
  return cardsByCode.afterWrite(
    withTx(ctx, async (tx) => {
      const [row] = await tx.db
        .update(giftCards)
        .set({ ...set, updatedDate: tx.clock() })
        .where(eq(giftCards.id, id))
        .returning();
      if (!row) throw notFound('Gift card');
      const card = await wire(tx, row);
      await emitEvent(tx, {
        type: 'ecom.gift_card.updated',
        entityId: id,
        entity: eventEntity(card),
        modifiedFields: req.fieldMask.paths,
      });
      return card;
    }),
  );
}

/** A card an order has paid with keeps its history: disable it instead (409 GIFT_CARD_REDEEMED). */
export async function deleteGiftCard(ctx: Ctx, id: string): Promise<void> {
  await cardsByCode.afterWrite(
    withTx(ctx, async (tx) => {
      const [used] = await tx.db
        .select({ id: giftCardRedemptions.id })
        .from(giftCardRedemptions)
        .where(eq(giftCardRedemptions.giftCardId, id))
        .limit(1);
      if (used) {
        throw new AppError('CONFLICT', 'This gift card has paid for orders: disable it instead of deleting it', {
          applicationCode: 'GIFT_CARD_REDEEMED',
        });
      }
      const row = await deleteEntityRow(tx, giftCards, id, 'Gift card');
      await emitEvent(tx, { type: 'ecom.gift_card.deleted', entityId: id, entity: eventEntity(await wire(tx, row)) });
    }),
  );
}

/**
 * Takes `amount` off the card for an order, inside the order's transaction. One conditional UPDATE (enabled, not
 * expired, balance ≥ amount), so two orders can never spend the same balance twice: the loser gets a 409
 * GIFT_CARD_INSUFFICIENT_BALANCE and its order does not go through.
 */
export async function reserveGiftCardBalance(
  tx: Ctx,
  input: { code: string; amount: bigint; orderId: string },
): Promise<{ giftCardId: string; balance: bigint }> {
  if (input.amount <= 0n) throw violation('amount', 'DECIMAL_GT', 'The amount must be more than 0');
  const now = tx.clock();
  const [row] = await tx.db
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} - ${input.amount}`, updatedDate: now })
    .where(
      and(
        eq(giftCards.codeHash, hashCode(input.code)),
        eq(giftCards.disabled, false),
        gte(giftCards.balance, input.amount),
        or(isNull(giftCards.expirationDate), gt(giftCards.expirationDate, now)),
      ),
    )
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', 'The gift card cannot pay this amount (balance, expiry or disabled)', {
      applicationCode: 'GIFT_CARD_INSUFFICIENT_BALANCE',
    });
  }
  await tx.db.insert(giftCardRedemptions).values({
    id: uuidv7(now.getTime()),
    giftCardId: row.id,
    orderId: input.orderId,
    amount: input.amount,
    createdDate: now,
  });
  const card = await wire(tx, row);
  await emitEvent(tx, {
    type: 'ecom.gift_card.updated',
    entityId: row.id,
    entity: eventEntity(card),
    modifiedFields: ['balance'],
  });
  // Called inside the order's transaction: a cart reading the card before the commit may show the old balance for up
  // to the cache's 2 s; what a card can pay is decided by the UPDATE above, never by that cache.
  cardsByCode.changed();
  return { giftCardId: row.id, balance: row.balance };
}

/** Puts refunded money back on the card, inside the refund's transaction (payments/refund.ts). */
export async function returnGiftCardBalance(tx: Ctx, giftCardId: string, amount: bigint, now: Date): Promise<void> {
  await tx.db
    .update(giftCards)
    .set({ balance: sql`${giftCards.balance} + ${amount}`, updatedDate: now })
    .where(eq(giftCards.id, giftCardId));
}
