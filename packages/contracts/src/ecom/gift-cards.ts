import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { Money, MoneyInput } from '../catalog/product.js';
import { OffsetPageFields } from '../common/paging.js';
import { DateString, Timestamps } from '../common/schema.js';

/**
 * Gift cards: issued by the owner or an `ecom` API key (or bought as a GIFT_CARD item), in the site currency. The full
 * code is returned once, when the card is created; afterwards only its last 4 characters (`obfuscatedCode`). Buyers
 * only apply a code at checkout.
 */

/** Letters, digits and dashes; compared case-insensitively and without dashes. */
export const GiftCardCode = Type.String({ pattern: '^[A-Za-z0-9-]{8,40}$' });

export const GiftCard = Type.Object({
  id: Type.String(),
  /** "•••• ABCD": the last 4 characters. */
  obfuscatedCode: Type.String(),
  last4: Type.String(),
  /** Only in the creation's answer. */
  code: Type.Optional(Type.String()),
  currency: Type.String(),
  initialBalance: Money,
  balance: Money,
  expirationDate: Type.Optional(DateString),
  disabled: Type.Boolean(),
  /** Whether it can pay now: enabled, not expired and with a balance. */
  active: Type.Boolean(),
  note: Type.Optional(Type.String()),
  source: Type.Union([Type.Literal('MANUAL'), Type.Literal('ORDER')]),
  orderId: Type.Optional(Type.String()),
  ...Timestamps,
});
export type GiftCard = Static<typeof GiftCard>;

export const CreateGiftCardRequest = Type.Object(
  {
    giftCard: Type.Object(
      {
        /** Given code (8–40 letters, digits, dashes); none: Plaza generates an unguessable one. */
        code: Type.Optional(GiftCardCode),
        initialBalance: MoneyInput,
        expirationDate: Type.Optional(DateString),
        note: Type.Optional(Type.String({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateGiftCardRequest = Static<typeof CreateGiftCardRequest>;
export const GIFT_CARD_MASK_PATHS = ['expirationDate', 'disabled', 'note'] as const;
export const UpdateGiftCardRequest = MaskedBody(
  'giftCard',
  Type.Object(
    {
      expirationDate: Type.Optional(Type.Union([DateString, Type.Null()])),
      disabled: Type.Optional(Type.Boolean()),
      note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    },
    { additionalProperties: false },
  ),
);
export type UpdateGiftCardRequest = Static<typeof UpdateGiftCardRequest>;
export const ListGiftCardsQuery = Type.Object(
  {
    /** The last characters of the code (1–4), e.g. "AB12". */
    codeEndsWith: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,4}$' })),
    ...OffsetPageFields,
  },
  { additionalProperties: false },
);
export type ListGiftCardsQuery = Static<typeof ListGiftCardsQuery>;
export const GiftCardResponse = Type.Object({ giftCard: GiftCard });
export type GiftCardResponse = Static<typeof GiftCardResponse>;
export const ListGiftCardsResponse = Type.Object({ giftCards: Type.Array(GiftCard), total: Type.Integer() });
export type ListGiftCardsResponse = Static<typeof ListGiftCardsResponse>;
/** The event payload: a card never carries its code in events. */
export const GiftCardEvent = Type.Omit(GiftCard, ['code']);
