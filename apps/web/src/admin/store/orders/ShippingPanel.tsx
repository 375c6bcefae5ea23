import { useState } from 'react';
import type { Order } from '@plaza/sdk/ecom';
import { orderMutations, orderQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { FULFILLMENT_WORDS } from '../../../storefront/store/orders/words.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';

/** A pickup order is made ready, not shipped: the words of the panel and its dialog for each. */
const PICKUP_WORDS = {
  title: 'Pickup',
  NOT_FULFILLED: 'Not ready for pickup yet',
  PARTIALLY_FULFILLED: 'Partly ready for pickup',
  FULFILLED: 'Ready for pickup',
  done: 'Ready',
  action: 'Mark as ready for pickup',
};

/**
 * What was sent and how to track it, and "Mark as shipped" for everything not sent yet; for a pickup order, what
 * is ready and "Mark as ready for pickup" (the customer gets the ready-for-pickup e-mail).
 */
export function ShippingPanel({ order }: { order: Order }) {
  const { data } = useQuery(orderQueries.fulfillments(usePlaza(), order.id));
  const formatDate = useDateFormat();
  const [open, setOpen] = useState(false);
  const pickup = !!order.shippingInfo?.logistics?.pickupDetails;
  const canShip = order.fulfillmentStatus !== 'FULFILLED' && order.status !== 'CANCELED';
  const status = order.fulfillmentStatus as keyof typeof PICKUP_WORDS;
  return (
    <FormSection
      title={pickup ? PICKUP_WORDS.title : 'Shipping'}
      description={pickup ? PICKUP_WORDS[status] : FULFILLMENT_WORDS[order.fulfillmentStatus]}
    >
      {data && data.length > 0 && (
        <ul className="space-y-2 text-sm">
          {data.map((f) => (
            <li key={f.id}>
              {pickup ? PICKUP_WORDS.done : 'Sent'} {formatDate(f.createdDate)}:{' '}
              {f.lineItems.reduce((s, l) => s + l.quantity, 0)} items
              {f.trackingInfo?.trackingNumber
                ? ` · ${f.trackingInfo.shippingProvider ? `${f.trackingInfo.shippingProvider} ` : ''}${f.trackingInfo.trackingNumber}`
                : ''}
              {f.trackingInfo?.trackingLink && (
                <a
                  href={f.trackingInfo.trackingLink}
                  className="ml-2 text-accent hover:underline"
                  target="_blank"
                  rel="noreferrer"
                >
                  Track
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {canShip && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {pickup ? PICKUP_WORDS.action : 'Mark as shipped'}
        </Button>
      )}
      {pickup ? (
        <ReadyDialog open={open} order={order} onClose={() => setOpen(false)} />
      ) : (
        <ShipDialog open={open} order={order} onClose={() => setOpen(false)} />
      )}
    </FormSection>
  );
}

function ShipDialog({ open, order, onClose }: { open: boolean; order: Order; onClose: () => void }) {
  const fulfill = usePlazaMutation(orderMutations.fulfill);
  const toast = useToast();
  const [v, setV] = useState({ carrier: '', number: '', link: '' });
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    const link = v.link.trim();
    if (link && !/^https?:\/\//.test(link)) return setProblem('The tracking link starts with https://.');
    const trackingInfo = {
      ...(v.carrier.trim() ? { shippingProvider: v.carrier.trim() } : {}),
      ...(v.number.trim() ? { trackingNumber: v.number.trim() } : {}),
      ...(link ? { trackingLink: link } : {}),
    };
    fulfill.mutate(
      { orderId: order.id, body: { fulfillment: Object.keys(trackingInfo).length ? { trackingInfo } : {} } },
      {
        onSuccess: () => {
          toast(`Order ${order.number} is marked as shipped`);
          onClose();
        },
        onError: (e) => setProblem(describeError(e).message),
      },
    );
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Ship order ${order.number}`}
      confirmLabel="Mark as shipped"
      busy={fulfill.isPending}
      onCancel={onClose}
      onConfirm={submit}
    >
      <div className="space-y-3">
        <p>Everything not sent yet. The customer gets an e-mail with the tracking.</p>
        <TextField
          label="Carrier"
          placeholder="UPS"
          value={v.carrier}
          onChange={(e) => setV({ ...v, carrier: e.target.value })}
        />
        <TextField label="Tracking number" value={v.number} onChange={(e) => setV({ ...v, number: e.target.value })} />
        <TextField
          label="Tracking link"
          placeholder="https://"
          value={v.link}
          onChange={(e) => setV({ ...v, link: e.target.value })}
        />
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

/** A pickup order made ready: no carrier or tracking, and the customer is told where and when to collect it. */
function ReadyDialog({ open, order, onClose }: { open: boolean; order: Order; onClose: () => void }) {
  const fulfill = usePlazaMutation(orderMutations.fulfill);
  const toast = useToast();
  const [problem, setProblem] = useState<string>();
  const submit = () =>
    fulfill.mutate(
      { orderId: order.id, body: { fulfillment: {} } },
      {
        onSuccess: () => {
          toast(`Order ${order.number} is ready for pickup`);
          onClose();
        },
        onError: (e) => setProblem(describeError(e).message),
      },
    );
  return (
    <ConfirmDialog
      open={open}
      title={`Order ${order.number} is ready for pickup`}
      confirmLabel={PICKUP_WORDS.action}
      busy={fulfill.isPending}
      onCancel={onClose}
      onConfirm={submit}
    >
      <p>Everything not ready yet. The customer gets an e-mail saying where and when to pick it up.</p>
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}
