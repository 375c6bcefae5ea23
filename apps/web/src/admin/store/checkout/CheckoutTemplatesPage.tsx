import { useState } from 'react';
import type { CheckoutTemplate } from '@plaza/sdk/ecom';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { CopyButton } from '../../../ui/CopyButton.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { OwnerOnly } from '../../developers/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ResourceTable } from '../../ui/ResourceTable.js';
import { useCheckoutTemplates, useDeleteTemplate, useSetTemplateActive } from './api.js';
import { TemplateForm } from './TemplateForm.js';

/** The link as buyers open it: the server's address may be a path on this site. */
const absolute = (url: string) => (typeof window === 'undefined' ? url : new URL(url, window.location.origin).href);
const itemsWords = (t: CheckoutTemplate) => {
  const n = t.lineItems.reduce((sum, l) => sum + l.quantity, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}${t.couponCode ? ` with coupon ${t.couponCode}` : ''}`;
};

/** /admin/store/buy-links: ready baskets behind a "buy now" link to share in a post, a mail or a button. */
export function CheckoutTemplatesPage() {
  return (
    <OwnerOnly title="Buy now links" what="buy now links">
      <TemplatesScreen />
    </OwnerOnly>
  );
}

function TemplatesScreen() {
  const { data, error, isPending, isFetching, refetch } = useCheckoutTemplates();
  const setActive = useSetTemplateActive();
  const remove = useDeleteTemplate();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CheckoutTemplate | null>(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  const toggle = (t: CheckoutTemplate, active: boolean) =>
    setActive.mutate(
      { id: t.id, active },
      {
        onSuccess: () => toast(active ? `${t.name} works again` : `${t.name} is turned off`),
        onError: failed('Not changed'),
      },
    );
  const add = (
    <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
      Create a link
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Buy now links"
        description="A link that opens checkout with products already in the basket: share it anywhere."
        actions={add}
      />
      <ResourceTable<CheckoutTemplate>
        noun={{ one: 'link', other: 'links' }}
        rows={data?.checkoutTemplates}
        total={data?.metadata.total}
        rowKey={(t) => t.id}
        rowLabel={(t) => t.name}
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
        columns={[
          {
            header: 'Link',
            primary: true,
            cell: (t) => (
              <span className="block min-w-0">
                <span className="block truncate font-medium text-neutral-900">{t.name}</span>
                <span className="block truncate text-xs text-neutral-500">{itemsWords(t)}</span>
              </span>
            ),
          },
          {
            header: 'Status',
            className: 'w-24',
            cell: (t) => (t.status === 'ACTIVE' ? <Badge tone="success">Works</Badge> : <Badge>Off</Badge>),
          },
          {
            header: 'Share',
            className: 'w-36',
            cell: (t) => <CopyButton text={absolute(t.buyNowUrl)} label="Copy link" />,
          },
        ]}
        actions={[
          { label: 'Turn off', when: (t) => t.status === 'ACTIVE', onSelect: (t) => toggle(t, false) },
          { label: 'Turn on', when: (t) => t.status !== 'ACTIVE', onSelect: (t) => toggle(t, true) },
          { label: 'Delete', danger: true, onSelect: setDeleting },
        ]}
        actionsClassName="w-52"
        empty={{
          title: 'No buy now links yet',
          body: 'Make one for a bundle or a best seller, then share it in a post or a newsletter.',
          action: add,
        }}
      />
      <Drawer open={adding} title="Create a buy now link" onClose={() => setAdding(false)}>
        {adding && <TemplateForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />}
      </Drawer>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the link'}?`}
        confirmLabel="Delete link"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast(`${deleting.name} is deleted`);
              setDeleting(null);
            },
            onError: (e) => {
              setDeleting(null);
              failed('It was not deleted')(e);
            },
          })
        }
      >
        Anyone who opens the link afterwards sees that it no longer works. Checkouts already started stay.
      </ConfirmDialog>
    </>
  );
}
