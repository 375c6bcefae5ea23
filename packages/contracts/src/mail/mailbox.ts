import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';
import { PagingMetadata, PagingQuery } from '../common/paging.js';

export const MAIL_TEMPLATES = [
  'VERIFICATION_CODE',
  'PASSWORD_RECOVERY',
  'ACTIVATION',
  'REVIEW_REQUEST',
  'WEBHOOK_PAUSED',
  'BACK_IN_STOCK',
  'ABANDONED_CHECKOUT',
  'ORDER_PLACED',
  'ORDER_SHIPPED',
  'ORDER_READY_FOR_PICKUP',
  'PAYMENT_REQUEST',
  'ORDER_INVOICE',
  'DOWNLOAD_LINKS',
  'ORDER_REFUNDED',
  'SUBSCRIPTION_PAYMENT_CONFIRMATION',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
/** DEV_MAILBOX: stored only (no SMTP_URL). QUEUED, SENT, FAILED: delivery over SMTP. */
export const MAIL_STATUSES = ['DEV_MAILBOX', 'QUEUED', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MailMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  template: StringEnum(MAIL_TEMPLATES),
  status: StringEnum(MAIL_STATUSES),
  error: Type.Optional(Type.String()),
  createdDate: DateString,
  sentDate: Type.Optional(DateString),
});
export type MailMessage = Static<typeof MailMessage>;

/** GET /dev/v1/mailbox: `?to=ADDRESS` for one recipient (tests, scripts); without it, every message, paged. */
export const MailboxQuery = Type.Object(
  { to: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })), ...PagingQuery },
  { additionalProperties: false },
);
export type MailboxQuery = Static<typeof MailboxQuery>;

/** Newest first. */
export const MailboxResponse = PageBody('messages', MailMessage, { metadata: PagingMetadata });
export type MailboxResponse = Static<typeof MailboxResponse>;
