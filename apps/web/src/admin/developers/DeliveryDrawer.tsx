import { useQuery } from '@tanstack/react-query';
import { usePlaza, webhookQueries } from '@plaza/react';
import type { WebhookAttempt, WebhookSubscription } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useDateFormat } from '../dates.js';
import { Drawer } from '../ui/Drawer.js';
import { DeliveryBadge } from './badges.js';
import { eventLabel } from './eventTypes.js';
import { SkeletonStack } from '../../ui/Skeleton.js';

/** One delivery: the event it carried and every attempt with its answer, latency and the start of the reply. */
export function DeliveryDrawer({
  subscription,
  deliveryId,
  onClose,
  onRedeliver,
  redelivering,
}: {
  subscription: WebhookSubscription;
  deliveryId: string | null;
  onClose: () => void;
  onRedeliver: (deliveryId: string) => void;
  redelivering: boolean;
}) {
  const { data, error, isPending, isFetching, refetch } = useQuery({
    ...webhookQueries.delivery(usePlaza(), subscription.id, deliveryId ?? ''),
    enabled: deliveryId !== null,
  });
  const date = useDateFormat();
  return (
    <Drawer open={deliveryId !== null} title="Delivery" onClose={onClose}>
      {isPending ? (
        <SkeletonStack
          label="Loading the delivery"
          className="space-y-3"
          bars={['h-5 w-2/3', 'h-4 w-1/2', 'h-24 w-full']}
        />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="space-y-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-medium">{eventLabel(data.delivery.eventType)}</p>
              <DeliveryBadge {...data.delivery} subscription={subscription} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-neutral-500">Happened</dt>
              <dd>{date(data.event.eventTime)}</dd>
              <dt className="text-neutral-500">Event type</dt>
              <dd className="truncate font-mono text-xs leading-5">{data.delivery.eventType}</dd>
              <dt className="text-neutral-500">Message id</dt>
              <dd className="truncate font-mono text-xs leading-5">{data.event.id}</dd>
              {data.delivery.nextAttemptDate && (
                <>
                  <dt className="text-neutral-500">Next try</dt>
                  <dd>{date(data.delivery.nextAttemptDate)}</dd>
                </>
              )}
            </dl>
            <p className="text-xs text-neutral-500">
              A message sent again keeps its id, so your system can ignore one it already handled.
            </p>
          </div>
          {data.delivery.status !== 'PENDING' && (
            <Button variant="secondary" busy={redelivering} onClick={() => onRedeliver(data.delivery.id)}>
              Send again
            </Button>
          )}
          <section aria-labelledby="attempts-title" className="space-y-3">
            <h3 id="attempts-title" className="text-sm font-semibold">
              Attempts
            </h3>
            {data.attempts.length === 0 ? (
              <p className="text-sm text-neutral-600">Not sent yet: it is waiting its turn.</p>
            ) : (
              <ol className="space-y-3">
                {[...data.attempts].reverse().map((a) => (
                  <AttemptItem key={a.attempt} attempt={a} when={date(a.date)} />
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </Drawer>
  );
}

/** "200 OK", "No answer". */
const answerOf = (a: WebhookAttempt) => (a.statusCode === null ? 'No answer' : `Answered ${a.statusCode}`);

function AttemptItem({ attempt: a, when }: { attempt: WebhookAttempt; when: string }) {
  const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
  return (
    <li className="rounded-md border border-neutral-200 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium">
          Attempt {a.attempt} · <span className={ok ? 'text-emerald-700' : 'text-red-700'}>{answerOf(a)}</span>
        </span>
        <span className="text-xs text-neutral-500">
          {when} · {a.latencyMs} ms
        </span>
      </div>
      {a.error && <p className="mt-1 text-red-700">{a.error}</p>}
      {a.responseExcerpt ? (
        // React escapes the text: whatever the receiver answered is shown, never run.
        <pre
          aria-label={`Reply to attempt ${a.attempt}`}
          className="mt-2 max-h-40 overflow-auto rounded bg-neutral-900 p-2 font-mono text-xs whitespace-pre-wrap break-all text-neutral-100"
        >
          {a.responseExcerpt}
        </pre>
      ) : (
        <p className="mt-1 text-xs text-neutral-500">The reply was empty.</p>
      )}
    </li>
  );
}
