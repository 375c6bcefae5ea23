import { useState } from 'react';
import type { InvoiceStatus, Order } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation } from '@plaza/react';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { useShortDate } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';
import { GuardedButton } from '../../ui/GuardedButton.js';
import { InvoiceDownload } from './InvoiceDownload.js';
import { orderDocument } from '../../../storefront/store/orders/document.js';

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** Each invoice status in the owner's words. */
export const INVOICE_WORDS: Record<InvoiceStatus, [label: string, tone: Tone]> = {
  Draft: ['Not sent yet', 'neutral'],
  Sent: ['Sent, waiting for payment', 'accent'],
  Processing: ['Payment on its way', 'accent'],
  Paid: ['Paid', 'success'],
  Overdue: ['Overdue', 'danger'],
  Void: ['Void: the order was canceled', 'neutral'],
  Deleted: ['Removed', 'neutral'],
  PartiallyPaid: ['Partly paid', 'warning'],
  PartialAndOverdue: ['Partly paid and overdue', 'danger'],
};

const closed = (order: Order) => order.status === 'CANCELED' || order.status === 'REJECTED';

/**
 * The order's invoice: its number and status, and issuing, e-mailing, removing and downloading it. Read from the
 * order (`order.invoice`), as the buyer's order page reads it: one state, and no request that fails before an invoice
 * exists.
 */
export function InvoicePanel({ order }: { order: Order }) {
  const invoice = order.invoice;
  const issue = usePlazaMutation(orderMutations.issueInvoice);
  const send = usePlazaMutation(orderMutations.sendInvoice);
  const toast = useToast();
  const shortDate = useShortDate();
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');

  const current = invoice && invoice.status !== 'Deleted' ? invoice : null;
  const [label, tone] = invoice ? INVOICE_WORDS[invoice.status] : ['No invoice yet', 'neutral' as Tone];
  const doc = orderDocument(order);

  return (
    <FormSection title="Invoice">
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="invoice-state">
        {invoice && <span className="font-medium">{invoice.number}</span>}
        <Badge tone={tone}>{label}</Badge>
      </div>
      <p className="text-sm text-neutral-600">
        {current
          ? 'The customer downloads this invoice from their order page.'
          : `The customer can download the order’s ${doc.label.toLowerCase()} from their order page. Issue an invoice to give it a number and a due date.`}
      </p>
      {current && (
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-neutral-600">Issued</dt>
          <dd>{shortDate(current.issueDate)}</dd>
          <dt className="text-neutral-600">Due</dt>
          <dd>{shortDate(current.dueDate)}</dd>
          <dt className="text-neutral-600">Still to pay</dt>
          <dd className="tabular-nums">{current.amountDue.formattedAmount}</dd>
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        {current ? (
          <>
            <GuardedButton
              variant="secondary"
              busy={send.isPending}
              blockedReason={
                !order.buyerInfo.email
                  ? 'The order has no e-mail address'
                  : current.status === 'Void'
                    ? 'The order was canceled'
                    : null
              }
              onClick={() =>
                send.mutate(order.id, {
                  onSuccess: () => toast(`Invoice e-mailed to ${order.buyerInfo.email}`),
                  onError: failed('Not sent'),
                })
              }
            >
              Send to customer
            </GuardedButton>
            <RemoveButton order={order} number={current.number} />
          </>
        ) : (
          <GuardedButton
            busy={issue.isPending}
            blockedReason={closed(order) ? 'Canceled orders get no invoice' : null}
            onClick={() =>
              issue.mutate(order.id, {
                onSuccess: ({ invoice: made }) => toast(`Invoice ${made.number} issued`),
                onError: failed('Not issued'),
              })
            }
          >
            Issue invoice
          </GuardedButton>
        )}
        <InvoiceDownload order={order} variant="ghost" label={(doc) => `Download ${doc.toLowerCase()}`} />
      </div>
    </FormSection>
  );
}

function RemoveButton({ order, number }: { order: Order; number: string }) {
  const remove = usePlazaMutation(orderMutations.removeInvoice);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        title={`Remove invoice ${number}?`}
        confirmLabel="Remove invoice"
        danger
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(order.id, {
            onSuccess: () => {
              toast(`Invoice ${number} removed`);
              setOpen(false);
            },
            onError: (e) => {
              setOpen(false);
              toast(`Not removed: ${describeError(e).message}`, 'error');
            },
          })
        }
      >
        <p>The customer keeps any copy already sent. You can issue a new invoice afterwards.</p>
      </ConfirmDialog>
    </>
  );
}
