import { useState } from 'react';
import type { Order } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { useToast } from '../../Toast.js';

/** Orders the owner still decides on: placed while the payment is with the bank, or online orders not paid yet. */
export const waitsForApproval = (order: Pick<Order, 'status'>) =>
  order.status === 'INITIALIZED' || order.status === 'PENDING';

function whyWaiting(order: Order): string {
  if (order.paymentStatus === 'PENDING') return 'The payment is still with the customer’s bank.';
  if (order.paymentStatus === 'NOT_PAID' || order.paymentStatus === 'DECLINED') return 'Nothing is paid yet.';
  return 'It has not been confirmed yet.';
}

/** Approve or reject an order that waits; rejecting asks first (it cannot be undone). */
export function ApprovalActions({ order }: { order: Order }) {
  const setStatus = usePlazaMutation(orderMutations.setStatus);
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);
  if (!waitsForApproval(order)) return null;
  const move = (status: 'APPROVED' | 'REJECTED') =>
    setStatus.mutate(
      { orderId: order.id, status },
      {
        onSuccess: () => {
          setRejecting(false);
          toast(status === 'APPROVED' ? `Order ${order.number} is approved` : `Order ${order.number} is rejected`);
        },
        onError: (e) => {
          setRejecting(false);
          toast(`Not changed: ${describeError(e).message}`, 'error');
        },
      },
    );
  const busy = setStatus.isPending;
  return (
    <div className="mt-3 space-y-2 text-sm">
      <p className="text-neutral-700">Waiting for your approval. {whyWaiting(order)}</p>
      <div className="flex flex-wrap gap-2">
        <Button busy={busy && setStatus.variables.status === 'APPROVED'} onClick={() => move('APPROVED')}>
          Approve order
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>
          Reject order
        </Button>
      </div>
      <ConfirmDialog
        open={rejecting}
        title={`Reject order ${order.number}?`}
        confirmLabel="Reject order"
        danger
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={() => move('REJECTED')}
      >
        <p>The customer’s order is declined and cannot be approved later.</p>
        {Number(order.balanceSummary.paid.amount) > 0 && (
          <p className="mt-2">Money already taken is not refunded by this: refund it under Payments.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
