import type { CheckoutTemplate } from '@plaza/sdk/ecom';
import { checkoutSettingsMutations, checkoutSettingsQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../ui/Badge.js';
import { CopyButton } from '../../../ui/CopyButton.js';
import { ManagedListPage, type ManagedListSetup } from '../../ui/ManagedListPage.js';
import { TemplateForm } from './TemplateForm.js';
import { NameCell } from '../../ui/NameCell.js';

/** The link as buyers open it: the server's address may be a path on this site. */
const absolute = (url: string) => (typeof window === 'undefined' ? url : new URL(url, window.location.origin).href);
const itemsWords = (t: CheckoutTemplate) => {
  const n = t.lineItems.reduce((sum, l) => sum + l.quantity, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}${t.couponCode ? ` with coupon ${t.couponCode}` : ''}`;
};

/** /admin/store/buy-links: ready baskets behind a "buy now" link to share in a post, a mail or a button. */
export function CheckoutTemplatesPage() {
  return (
    <ManagedListPage<CheckoutTemplate>
      title="Buy now links"
      what="buy now links"
      description="A link that opens checkout with products already in the basket: share it anywhere."
      useList={useTemplatesList}
    />
  );
}

function useTemplatesList(): ManagedListSetup<CheckoutTemplate> {
  const query = useQuery(checkoutSettingsQueries.templates(usePlaza()));
  const setActive = usePlazaMutation(checkoutSettingsMutations.setTemplateActive);
  const remove = usePlazaMutation(checkoutSettingsMutations.deleteTemplate);
  return {
    query,
    addLabel: 'Create a link',
    noun: { one: 'link', other: 'links' },
    rows: query.data?.checkoutTemplates,
    total: query.data?.metadata.total,
    rowKey: (t) => t.id,
    rowLabel: (t) => t.name,
    columns: [
      {
        header: 'Link',
        primary: true,
        cell: (t) => <NameCell name={t.name} detail={itemsWords(t)} />,
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
    ],
    editor: {
      newTitle: 'Create a buy now link',
      render: (_, close) => <TemplateForm onDone={close} onCancel={close} />,
    },
    toggle: {
      isOn: (t) => t.status === 'ACTIVE',
      set: (t, active, handlers) => setActive.mutate({ id: t.id, active }, handlers),
      said: (name, on) => (on ? `${name} works again` : `${name} is turned off`),
    },
    remove: {
      mutation: remove,
      consequence: 'Anyone who opens the link afterwards sees that it no longer works. Checkouts already started stay.',
    },
    empty: {
      title: 'No buy now links yet',
      body: 'Make one for a bundle or a best seller, then share it in a post or a newsletter.',
    },
  };
}
