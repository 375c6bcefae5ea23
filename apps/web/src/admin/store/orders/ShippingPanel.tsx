import { useState } from 'react';
import type { Order } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { FULFILLMENT_WORDS } from '../../../storefront/store/orders/words.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';
import { useFulfill, useFulfillments } from './api.js';

/** What was sent and how to track it, and "Mark as shipped" for everything not sent yet. */
export function ShippingPanel({ order }: { order: Order }) {
  const { data } = useFulfillments(order.id);
  const formatDate = useDateFormat();
  const [open, setOpen] = useState(false);
  const canShip = order.fulfillmentStatus !== 'FULFILLED' && order.status !== 'CANCELED';
  return (
    <FormSection title="Shipping" description={FULFILLMENT_WORDS[order.fulfillmentStatus]}>
      {data && data.length > 0 && (
        <ul className="space-y-2 text-sm">
          {data.map((f) => (
            <li key={f.id}>
              Sent {formatDate(f.createdDate)}: {f.lineItems.reduce((s, l) => s + l.quantity, 0)} items
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
          Mark as shipped
        </Button>
      )}
      <ShipDialog open={open} order={order} onClose={() => setOpen(false)} />
    </FormSection>
  );
}

function ShipDialog({ open, order, onClose }: { open: boolean; order: Order; onClose: () => void }) {
  const fulfill = useFulfill();
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
