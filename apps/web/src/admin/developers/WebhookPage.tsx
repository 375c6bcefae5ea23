import { useQuery } from '@tanstack/react-query';
import { usePlaza, webhookQueries } from '@plaza/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { WebhookSubscription } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Drawer } from '../ui/Drawer.js';
import { MissingNotice } from '../ui/MissingNotice.js';
import { PageHeader } from '../ui/PageHeader.js';
import { SubscriptionBadge } from './badges.js';
import { DeliveryDrawer } from './DeliveryDrawer.js';
import { eventLabel } from './eventTypes.js';
import { useSubscriptionActions, webhookName } from './subscriptionActions.js';
import { DeliveryLog, RedeliverFailedDialog, useRedeliver } from './WebhookDeliveryLog.js';
import { WebhookForm } from './WebhookForm.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { SkeletonStack } from '../../ui/Skeleton.js';

type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;

/** /admin/webhooks/:subscriptionId: one webhook, its actions and its delivery log. */
export const WebhookPage = ownerOnlyPage('Webhook', 'webhooks', WebhookLoader);

function WebhookLoader() {
  const { subscriptionId = '' } = useParams();
  const { data, error, isPending, isFetching, refetch } = useQuery(webhookQueries.subscriptions(usePlaza()));
  const summary = data?.find((s) => s.subscription.id === subscriptionId);
  if (isPending) {
    return (
      <SkeletonStack
        label="Loading the webhook"
        className="space-y-3"
        bars={['h-8 w-1/3', 'h-4 w-1/2', 'h-40 w-full']}
      />
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!summary) {
    return <MissingNotice title="Webhook not found" backTo="/admin/webhooks" backLabel="Back to webhooks" />;
  }
  return <WebhookDetails subscription={summary.subscription} failed={summary.counts.failed} counts={summary.counts} />;
}

function WebhookDetails({
  subscription,
  failed,
  counts,
}: {
  subscription: WebhookSubscription;
  failed: number;
  counts: { pending: number; succeeded: number; failed: number };
}) {
  const navigate = useNavigate();
  const actions = useSubscriptionActions({ onDeleted: () => void navigate('/admin/webhooks') });
  const { sendAgain, redelivering } = useRedeliver(subscription.id);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/webhooks" className="text-neutral-600 hover:text-neutral-900 hover:underline">
          ← Webhooks
        </Link>
      </p>
      <PageHeader
        title={webhookName(subscription)}
        description={<span className="font-mono text-xs break-all">{subscription.url}</span>}
        actions={<WebhookHeaderActions subscription={subscription} actions={actions} onEdit={() => setEditing(true)} />}
      />
      <div className="space-y-6">
        <WebhookSummary subscription={subscription} />
        <DeliveryLog
          subscription={subscription}
          counts={counts}
          onOpen={setOpen}
          onSendAgain={sendAgain}
          onSendAllFailed={() => setConfirmAll(true)}
        />
      </div>

      <DeliveryDrawer
        subscription={subscription}
        deliveryId={open}
        onClose={() => setOpen(null)}
        onRedeliver={sendAgain}
        redelivering={redelivering}
      />
      <Drawer open={editing} title="Edit webhook" onClose={() => setEditing(false)}>
        <WebhookForm subscription={subscription} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Drawer>
      <RedeliverFailedDialog
        subscriptionId={subscription.id}
        failed={failed}
        open={confirmAll}
        onClose={() => setConfirmAll(false)}
      />
      {actions.dialogs}
    </>
  );
}

function WebhookHeaderActions({
  subscription,
  actions,
  onEdit,
}: {
  subscription: WebhookSubscription;
  actions: SubscriptionActions;
  onEdit: () => void;
}) {
  const paused = subscription.status === 'PAUSED';
  return (
    <>
      <Button variant="secondary" busy={actions.testing} onClick={() => actions.sendTest(subscription)}>
        Send test message
      </Button>
      <Button variant="secondary" onClick={() => actions.setPaused(subscription, !paused)}>
        {paused ? 'Resume' : 'Pause'}
      </Button>
      <Button variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      <Button variant="danger" onClick={() => actions.askDelete(subscription)}>
        Delete
      </Button>
    </>
  );
}

/** Whether the webhook sends, why not, and what it sends about. */
function WebhookSummary({ subscription }: { subscription: WebhookSubscription }) {
  return (
    <section className="rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <SubscriptionBadge subscription={subscription} />
        {subscription.pausedReason === 'FAILING' && (
          <span className="text-neutral-700">
            It kept failing, so sending stopped. Fix the receiving system, then resume: waiting messages go out.
          </span>
        )}
        {subscription.pausedReason === 'BY_OWNER' && (
          <span className="text-neutral-700">Messages wait and go out when you resume.</span>
        )}
      </div>
      <p className="mt-3 font-medium">Sends</p>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {subscription.eventTypes.map((t) => (
          <li key={t} className="rounded bg-neutral-100 px-2 py-0.5 text-xs text-neutral-800" title={t}>
            {eventLabel(t)}
          </li>
        ))}
      </ul>
      {subscription.entityId && (
        <p className="mt-3 text-neutral-700">
          Only about the item <code className="font-mono text-xs">{subscription.entityId}</code>
        </p>
      )}
    </section>
  );
}
