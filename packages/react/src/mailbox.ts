import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listMessages, type MailboxQuery } from '@plaza/sdk/mailbox';
import { call, type FetchClient } from './call.js';

export const mailboxQueries = {
  all: () => ['plaza', 'mailbox'] as const,
  /** A page of the development mailbox, newest first; the last page stays shown while the next loads. */
  messages: (client: FetchClient, query: MailboxQuery = {}) =>
    queryOptions({
      queryKey: [...mailboxQueries.all(), 'messages', query] as const,
      queryFn: () => call(client, listMessages, query),
      placeholderData: keepPreviousData,
    }),
};
