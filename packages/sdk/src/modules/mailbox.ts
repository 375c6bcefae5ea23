import type { MailboxQuery, MailboxResponse } from '@plaza/contracts';
import { queryMethod } from '../core/crud.js';

export type { MailboxQuery, MailboxResponse, MailMessage } from '@plaza/contracts';

/**
 * The e-mails the server wrote instead of sending (development mode without a mail server), newest first. Owner only.
 * @example const { messages } = await admin.mailbox.listMessages({ to: 'ada@example.com', 'paging.limit': 20 });
 */
export const listMessages = queryMethod<MailboxQuery, MailboxResponse>('/dev/v1/mailbox');

/** The development mailbox module: `import { mailbox } from '@plaza/sdk/mailbox'`. */
export const mailbox = { listMessages };
