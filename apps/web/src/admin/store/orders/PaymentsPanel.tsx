import { useState } from 'react';
import type { Order, OrderPayment, OrderTransactions } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';
import { ManualPaymentButton } from './ManualPaymentDialog.js';
import { PaymentRequests } from './PaymentRequests.js';
import { RefundDialog } from './RefundDialog.js';
import { restockedWords } from './RestockLines.js';
import { Badge } from '../../../ui/Badge.js';
import { disputeWords, METHOD_WORDS, PAYMENT_STATE_WORDS, PROVIDER_WORDS, type Dispute } from './words.js';

/** a − b on decimal strings with the same places ("12.50" − "2.25" = "10.25"), without floating point. */
export function minus(a: string, b: string): string {
  const places = a.split('.')[1]?.length ?? 0;
  const minor = (x: string) => BigInt(x.replace('.', '').padEnd(x.replace('.', '').length, '0'));
  const d = minor(a) - minor(b);
  const digits = (d < 0n ? -d : d).toString().padStart(places + 1, '0');
  const out = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return d < 0n ? `-${out}` : out;
}

/** The order's payments with what the owner can do on each: take, release, refund; and "mark as paid". */
export function PaymentsPanel({ order, transactions }: { order: Order; transactions: OrderTransactions }) {
  const markPaid = usePlazaMutation(orderMutations.markPaid);
  const toast = useToast();
  const formatDate = useDateFormat();
  const due = Number(order.balanceSummary.balance.amount) > 0 && order.status !== 'CANCELED';
  return (
    <FormSection
      title="Payments"
      description={`Paid ${order.balanceSummary.paid.formattedAmount} of ${order.priceSummary.total.formattedAmount}.`}
    >
      {transactions.payments.length === 0 && <p className="text-sm text-neutral-600">No payment yet.</p>}
      <ul className="space-y-3">
        {transactions.payments.map((p) => (
          <PaymentRow key={p.id} order={order} payment={p} refunds={transactions.refunds} />
        ))}
      </ul>
      {transactions.refunds.length > 0 && (
        <div className="text-sm">
          <h3 className="font-medium">Refunds</h3>
          <ul className="mt-1 space-y-1 text-neutral-700">
            {transactions.refunds.map((r) => (
              <li key={r.id}>
                {r.amount.formattedAmount} on {formatDate(r.createdDate)}
                {r.restockedItems ? `; back in stock: ${restockedWords(order, r) || 'the items'}` : ''}
                {r.reason ? ` (${r.reason})` : ''}
                {REFUND_STATE_WORDS[r.status] ? ` · ${REFUND_STATE_WORDS[r.status]}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <PaymentRequests order={order} />
      {/* The dialog stays mounted when the order stops being due (paid meanwhile): it reports that itself. */}
      <div className="flex flex-wrap gap-2">
        <ManualPaymentButton order={order} offered={due} />
        {due && (
          <Button
            variant="secondary"
            busy={markPaid.isPending}
            onClick={() =>
              markPaid.mutate(order.id, {
                onSuccess: () => toast(`Order ${order.number} is marked as paid`),
                onError: (e) => toast(`Not marked: ${describeError(e).message}`, 'error'),
              })
            }
          >
            Mark as paid ({order.balanceSummary.balance.formattedAmount} received)
          </Button>
        )}
      </div>
    </FormSection>
  );
}

function PaymentRow({
  order,
  payment: p,
  refunds,
}: {
  order: Order;
  payment: OrderPayment;
  refunds: OrderTransactions['refunds'];
}) {
  const capture = usePlazaMutation(orderMutations.capturePayment);
  const release = usePlazaMutation(orderMutations.voidPayment);
  const toast = useToast();
  const [refunding, setRefunding] = useState(false);
  const state = p.regularPaymentDetails?.status;
  const authorized = state === 'AUTHORIZED';
  const left = minus(p.amount.amount, p.refundedAmount.amount);
  const captured = (p.regularPaymentDetails?.authorizationDetails?.captures ?? []).length > 0 || state === 'APPROVED';
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  return (
    <li className="rounded-md border border-neutral-200 p-3 text-sm">
      <PaymentSummary payment={p} />
      <div className="mt-2 flex flex-wrap gap-2">
        {authorized && (
          <Button
            busy={capture.isPending}
            onClick={() =>
              capture.mutate(
                { orderId: order.id, paymentId: p.id },
                {
                  onSuccess: (r) =>
                    toast(waiting(r, p.id) ? 'Asked the card provider to take the payment' : 'Payment taken'),
                  onError: failed('Not taken'),
                },
              )
            }
          >
            Capture payment
          </Button>
        )}
        {authorized && !captured && (
          <Button
            variant="secondary"
            busy={release.isPending}
            onClick={() =>
              release.mutate(
                { orderId: order.id, paymentId: p.id },
                { onSuccess: () => toast('Payment released'), onError: failed('Not released') },
              )
            }
          >
            Release
          </Button>
        )}
        {captured && Number(left) > 0 && (
          <Button variant="secondary" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )}
      </div>
      <RefundDialog open={refunding} order={order} payment={p} refunds={refunds} onClose={() => setRefunding(false)} />
    </li>
  );
}

/** How much, by what card, where the payment stands, what was refunded and what is still being taken. */
function PaymentSummary({ payment: p }: { payment: OrderPayment }) {
  const state = p.regularPaymentDetails?.status;
  const card = p.regularPaymentDetails?.creditCardDetails;
  const takingNow = (p.regularPaymentDetails?.authorizationDetails?.captures ?? []).filter(
    (c) => c.status === 'PENDING',
  );
  const provider = p.regularPaymentDetails?.paymentProvider;
  const dispute = p.regularPaymentDetails?.dispute;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-medium">{p.amount.formattedAmount}</span>
      <span>
        {METHOD_WORDS[p.method]}
        {card ? ` · ${card.brand} ending ${card.lastFourDigits}` : ''}
        {provider ? ` · ${PROVIDER_WORDS[provider.id] ?? provider.id}` : ''}
      </span>
      {p.method === 'CREDIT_CARD' && provider?.liveMode === false && (
        <Badge tone="warning">
          Test<span className="sr-only">: no real money moved</span>
        </Badge>
      )}
      <span className="text-neutral-600">{state ? (PAYMENT_STATE_WORDS[state] ?? state) : 'Taken'}</span>
      {Number(p.refundedAmount.amount) > 0 && (
        <span className="text-neutral-600">{p.refundedAmount.formattedAmount} refunded</span>
      )}
      {takingNow.map((c) => (
        <span key={c.id} className="text-neutral-600">
          Taking {c.amount.formattedAmount}: waiting for the card provider
        </span>
      ))}
      {dispute && <DisputeLine dispute={dispute} />}
    </div>
  );
}

const DISPUTE_TONES = {
  danger: 'bg-red-50 text-red-800',
  warning: 'bg-amber-50 text-amber-900',
  success: 'bg-emerald-50 text-emerald-800',
  neutral: 'bg-neutral-100 text-neutral-700',
};

/** A chargeback on the payment, on a line of its own: what it is about, what it waits for, and how much. */
function DisputeLine({ dispute }: { dispute: Dispute }) {
  const { words, tone } = disputeWords(dispute);
  return (
    <p className={`w-full rounded px-2 py-1 ${DISPUTE_TONES[tone]}`}>
      {words} · {dispute.amount.formattedAmount}
    </p>
  );
}

/** A refund still on its way, or refused, says so; a done one needs no words. */
const REFUND_STATE_WORDS: Partial<Record<string, string>> = {
  PENDING: 'waiting for the card provider',
  FAILED: 'refused by the card provider',
};

/** Whether the card provider has not answered yet: the capture shows as waiting until it does. */
function waiting(r: { orderTransactions: OrderTransactions }, paymentId: string): boolean {
  const payment = r.orderTransactions.payments.find((x) => x.id === paymentId);
  return payment?.regularPaymentDetails?.authorizationDetails?.captures.at(-1)?.status === 'PENDING';
}
