import { useQuery } from '@tanstack/react-query';
import { usePlaza, webhookQueries } from '@plaza/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { WebhookSubscriptionSummary } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { useDateFormat } from '../dates.js';
import { Drawer } from '../ui/Drawer.js';
import { PageHeader } from '../ui/PageHeader.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { DeliveryBadge, SubscriptionBadge } from './badges.js';
import { eventsSummary } from './eventTypes.js';
import { PrivateNetworkSetting } from './PrivateNetworkSetting.js';
import { PublicKeys } from './PublicKeys.js';
import { useSubscriptionActions, webhookName } from './subscriptionActions.js';
import { WebhookForm } from './WebhookForm.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';

export const webhookPath = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

/** /admin/webhooks: the store's webhooks with how their last message went, adding one, and the signing keys. */
export const WebhooksPage = ownerOnlyPage('Webhooks', 'webhooks', WebhookList);

function WebhookList() {
  const list = useQuery(webhookQueries.subscriptions(usePlaza()));
  const { data } = list;
  const navigate = useNavigate();
  const date = useDateFormat();
  const actions = useSubscriptionActions();
  const [adding, setAdding] = useState(false);
  const add = (
    <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
      Add webhook
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Webhooks send your other systems a message when something happens in your store."
        actions={add}
      />
      <div className="space-y-8">
        <ResourceTable<WebhookSubscriptionSummary>
          noun={{ one: 'webhook', other: 'webhooks' }}
          rows={data}
          rowKey={(s) => s.subscription.id}
          rowLabel={(s) => webhookName(s.subscription)}
          {...tableStates(list)}
          onOpen={(s) => void navigate(webhookPath(s.subscription.id))}
          columns={webhookColumns(date)}
          actions={[
            { label: 'Send test', onSelect: (s) => actions.sendTest(s.subscription) },
            {
              label: 'Pause',
              when: (s) => s.subscription.status === 'ACTIVE',
              onSelect: (s) => actions.setPaused(s.subscription, true),
            },
            {
              label: 'Resume',
              when: (s) => s.subscription.status === 'PAUSED',
              onSelect: (s) => actions.setPaused(s.subscription, false),
            },
          ]}
          empty={{
            title: 'No webhooks yet',
            body: 'Add one to tell your warehouse, CRM or mailing tool when members join, reviews arrive and more.',
            action: add,
          }}
        />
        <PublicKeys />
        <PrivateNetworkSetting />
      </div>
      <Drawer open={adding} title="Add webhook" onClose={() => setAdding(false)}>
        <WebhookForm
          subscription={null}
          onCancel={() => setAdding(false)}
          onDone={(s) => {
            setAdding(false);
            void navigate(webhookPath(s.id));
          }}
        />
      </Drawer>
      {actions.dialogs}
    </>
  );
}

/** The list's columns: name and address, what it sends, its state and how its last message went. */
function webhookColumns(date: (iso: string) => string): Column<WebhookSubscriptionSummary>[] {
  return [
    {
      header: 'Webhook',
      primary: true,
      cell: ({ subscription: s }) => (
        <span className="block min-w-0">
          <Link
            to={webhookPath(s.id)}
            className="block truncate font-medium text-neutral-900 hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {webhookName(s)}
          </Link>
          <span className="block truncate font-mono text-xs text-neutral-500">{s.url}</span>
        </span>
      ),
    },
    { header: 'Sends', className: 'w-44', cell: ({ subscription: s }) => eventsSummary(s.eventTypes) },
    {
      header: 'Status',
      className: 'w-48',
      cell: ({ subscription: s }) => <SubscriptionBadge subscription={s} />,
    },
    {
      header: 'Last message',
      className: 'w-56',
      cell: ({ lastDelivery, subscription }) =>
        lastDelivery ? (
          <span className="inline-flex items-center gap-2">
            <DeliveryBadge
              status={lastDelivery.status}
              attempts={lastDelivery.statusCode === null ? 0 : 1}
              subscription={subscription}
            />
            <span className="truncate text-xs text-neutral-500">{date(lastDelivery.date)}</span>
          </span>
        ) : (
          <span className="text-neutral-500">None yet</span>
        ),
    },
    {
      header: 'Failed',
      className: 'w-20',
      cell: ({ counts }) => (counts.failed ? <span className="text-red-700">{counts.failed}</span> : '0'),
    },
  ];
}
