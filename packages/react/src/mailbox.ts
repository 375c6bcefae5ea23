import { listMessages, type MailboxQuery } from '@plaza/sdk/mailbox';
import { call, type FetchClient } from './call.js';
import { pageQuery } from './factories.js';

export const mailboxQueries = {
  all: () => ['plaza', 'mailbox'] as const,
  /** A page of the development mailbox, newest first; the last page stays shown while the next loads. */
  messages: (client: FetchClient, query: MailboxQuery = {}) =>
    pageQuery([...mailboxQueries.all(), 'messages', query] as const, () => call(client, listMessages, query)),
};
