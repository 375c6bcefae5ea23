import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MailMessage } from '@plaza/contracts';
import { mailboxQueries, usePlaza } from '@plaza/react';
import { Button } from '../ui/Button.js';
import { EmptyState } from '../ui/EmptyState.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { inputClass } from '../ui/Field.js';
import { cx } from '../ui/cx.js';
import { useDateFormat } from './dates.js';
import { ListSkeleton } from './ListSkeleton.js';
import { PageHeader } from './SiteQuery.js';

const PAGE = 20;

const templateNames: Record<MailMessage['template'], string> = {
  VERIFICATION_CODE: 'Verification code',
  PASSWORD_RECOVERY: 'Password reset',
  ACTIVATION: 'Activation',
  REVIEW_REQUEST: 'Review request',
  WEBHOOK_PAUSED: 'Webhook paused',
  BACK_IN_STOCK: 'Back in stock',
  ABANDONED_CHECKOUT: 'Basket reminder',
  ORDER_PLACED: 'Order confirmation',
  ORDER_SHIPPED: 'Shipping confirmation',
  ORDER_READY_FOR_PICKUP: 'Ready for pickup',
  PAYMENT_REQUEST: 'Payment request',
  ORDER_INVOICE: 'Invoice',
  DOWNLOAD_LINKS: 'Downloads',
  ORDER_REFUNDED: 'Refund',
  SUBSCRIPTION_PAYMENT_CONFIRMATION: 'Confirm a renewal payment',
};

/** /admin/mailbox: every e-mail the site stored (all of them while no SMTP server is set), newest first. */
export function MailboxPage() {
  const client = usePlaza();
  const [search, setSearch] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const date = useDateFormat();

  const { data, error, isPending, isFetching, refetch } = useQuery(
    mailboxQueries.messages(client, { ...(to ? { to } : {}), 'paging.limit': PAGE, 'paging.offset': offset }),
  );
  const open = data?.messages.find((m) => m.id === openId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTo(search.trim());
    setOffset(0);
    setOpenId(null);
  };

  const total = data?.metadata.total ?? 0;
  return (
    <>
      <PageHeader
        title="Mailbox"
        description="E-mails the site sent: verification codes, password resets. Without an SMTP server they stay here."
      />
      <MailboxSearch
        search={search}
        onSearch={setSearch}
        onSubmit={submit}
        onRefresh={() => void refetch()}
        refreshing={isFetching && !isPending}
      />

      {isPending ? (
        <ListSkeleton label="Loading the mailbox" />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.messages.length === 0 ? (
        <EmptyState title={to ? `No e-mails to ${to}` : 'No e-mails yet'}>
          {to
            ? 'Check the address, or clear the search.'
            : 'Codes and password-reset links show up here as people sign up.'}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className={cx('min-w-0', open && 'hidden lg:block')}>
            <MessageList messages={data.messages} openId={openId} date={date} onOpen={setOpenId} />
            <MailboxPager offset={offset} count={data.messages.length} total={total} onOffset={setOffset} />
          </div>
          {open ? (
            <MessageView message={open} date={date} onClose={() => setOpenId(null)} />
          ) : (
            <div className="hidden items-center justify-center rounded-lg border border-dashed border-neutral-300 p-10 text-sm text-neutral-500 lg:flex">
              Choose an e-mail to read it.
            </div>
          )}
        </div>
      )}
    </>
  );
}

/** The recipient search, and a refresh for e-mails sent since. */
function MailboxSearch({
  search,
  onSearch,
  onSubmit,
  onRefresh,
  refreshing,
}: {
  search: string;
  onSearch: (search: string) => void;
  onSubmit: (e: FormEvent) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <form onSubmit={onSubmit} role="search" className="mb-4 flex flex-col gap-2 sm:flex-row">
      <label htmlFor="mailbox-search" className="sr-only">
        Search by recipient address
      </label>
      <input
        id="mailbox-search"
        type="search"
        className={cx(inputClass, 'sm:max-w-sm')}
        placeholder="Recipient address, e.g. ada@example.com"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <Button variant="ghost" onClick={onRefresh} busy={refreshing}>
          Refresh
        </Button>
      </div>
    </form>
  );
}

/** The page's e-mails, newest first; the open one is marked. */
function MessageList({
  messages,
  openId,
  date,
  onOpen,
}: {
  messages: MailMessage[];
  openId: string | null;
  date: (iso: string) => string;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-neutral-100 overflow-hidden rounded-lg border border-neutral-200 bg-white">
      {messages.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => onOpen(m.id)}
            aria-current={m.id === openId || undefined}
            className={cx(
              'block w-full px-4 py-3 text-left hover:bg-neutral-50',
              m.id === openId && 'bg-accent-soft hover:bg-accent-soft',
            )}
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="truncate text-sm font-medium text-neutral-900">{m.subject}</span>
              <time dateTime={m.createdDate} className="shrink-0 text-xs text-neutral-500">
                {date(m.createdDate)}
              </time>
            </span>
            <span className="mt-0.5 block truncate text-xs text-neutral-600">
              To {m.to} · {templateNames[m.template] ?? m.template}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function MailboxPager({
  offset,
  count,
  total,
  onOffset,
}: {
  offset: number;
  count: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  return (
    <nav aria-label="Mailbox pages" className="mt-3 flex items-center justify-between text-sm text-neutral-600">
      <span>
        {offset + 1}–{offset + count} of {total}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE))}>
          Newer
        </Button>
        <Button variant="secondary" disabled={offset + PAGE >= total} onClick={() => onOffset(offset + PAGE)}>
          Older
        </Button>
      </span>
    </nav>
  );
}

function MessageView({
  message,
  date,
  onClose,
}: {
  message: MailMessage;
  date: (iso: string) => string;
  onClose: () => void;
}) {
  const [view, setView] = useState<'html' | 'text'>(message.html ? 'html' : 'text');
  return (
    <article aria-labelledby="mail-subject" className="min-w-0 rounded-lg border border-neutral-200 bg-white">
      <header className="border-b border-neutral-200 p-4">
        <Button variant="ghost" className="mb-2 -ml-2 lg:hidden" onClick={onClose}>
          ← All e-mails
        </Button>
        <h2 id="mail-subject" className="text-lg font-semibold break-words">
          {message.subject}
        </h2>
        <dl className="mt-2 grid grid-cols-[4rem_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="text-neutral-500">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="text-neutral-500">Date</dt>
          <dd>
            <time dateTime={message.createdDate}>{date(message.createdDate)}</time>
          </dd>
          <dt className="text-neutral-500">Status</dt>
          <dd>
            {message.status === 'DEV_MAILBOX' ? 'Kept here (no SMTP server)' : message.status}
            {message.error && <span className="block text-red-700">{message.error}</span>}
          </dd>
        </dl>
        {message.html && (
          <div
            role="group"
            aria-label="Show as"
            className="mt-3 inline-flex rounded-md border border-neutral-300 p-0.5"
          >
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cx(
                  'rounded px-3 py-1 text-xs font-medium',
                  view === v ? 'bg-neutral-900 text-white' : 'text-neutral-700',
                )}
              >
                {v === 'html' ? 'Formatted' : 'Plain text'}
              </button>
            ))}
          </div>
        )}
      </header>
      {view === 'html' && message.html ? (
        // No scripts, no forms, no same-origin access: mail HTML can't touch the dashboard.
        <iframe
          title={`E-mail: ${message.subject}`}
          sandbox=""
          srcDoc={message.html}
          className="h-[28rem] w-full bg-white"
        />
      ) : (
        <pre className="overflow-x-auto p-4 font-mono text-sm break-words whitespace-pre-wrap" data-testid="mail-text">
          {message.text}
        </pre>
      )}
    </article>
  );
}
