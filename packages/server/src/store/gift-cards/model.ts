import { createHash, randomInt } from 'node:crypto';
import type { GiftCard } from '@plaza/contracts';
import { toMoney } from '../pricing/index.js';
import { type giftCards } from './tables.js';

export type CardRow = typeof giftCards.$inferSelect;

/** Codes compare without case or dashes: "abcd-efgh-…" is "ABCDEFGH…". */
export const normalizeCode = (code: string): string => code.replace(/-/g, '').toUpperCase();
export const hashCode = (code: string): string => createHash('sha256').update(normalizeCode(code)).digest('hex');

// No 0/O, 1/I/L: codes get read aloud and typed from paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 16 characters from 31 (≈ 79 bits, crypto random), shown as XXXX-XXXX-XXXX-XXXX. */
export function generateCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export const isActive = (r: CardRow, now: Date): boolean =>
  !r.disabled && r.balance > 0n && !(r.expirationDate && r.expirationDate <= now);

export function toGiftCard(r: CardRow, locale: string, now: Date, code?: string): GiftCard {
  const money = (m: bigint) => toMoney(m, r.currency, locale);
  return {
    id: r.id,
    obfuscatedCode: `•••• ${r.last4}`,
    last4: r.last4,
    ...(code ? { code } : {}),
    currency: r.currency,
    initialBalance: money(r.initialBalance),
    balance: money(r.balance),
    ...(r.expirationDate ? { expirationDate: r.expirationDate.toISOString() } : {}),
    disabled: r.disabled,
    active: isActive(r, now),
    ...(r.note !== null ? { note: r.note } : {}),
    source: r.source,
    ...(r.orderId !== null ? { orderId: r.orderId } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}
