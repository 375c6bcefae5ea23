import { useEffect, useEffectEvent, useState } from 'react';
import type { Order, OrderPayment, OrderRefund } from '@plaza/sdk/ecom';
import {
  checkoutSettingsQueries,
  orderMutations,
  orderQueries,
  restocksByDefault,
  usePlaza,
  usePlazaMutation,
} from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { useToast } from '../../Toast.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { RestockLines, restockable, restockProblem, type Restockable } from './RestockLines.js';
import { CheckboxField } from '../../../ui/CheckboxField.js';

type Money = OrderPayment['amount'];

/** "12.5" → 125000n: a decimal amount in ten-thousandths, to compare amounts exactly. */
export const minor4 = (s: string) => {
  const [whole = '0', fraction = ''] = s.split('.');
  return BigInt(whole + fraction.padEnd(4, '0').slice(0, 4));
};

/**
 * Which lines go back in stock and how many of each: all that are still out when ticked, then as the owner edits.
 * Starts ticked when the shop's Restock action says so (and something is still out).
 */
function useRestockForm(lines: Restockable[], byDefault: boolean) {
  const all = () => Object.fromEntries(lines.map((l) => [l.lineItemId, String(l.left)]));
  const start = byDefault && lines.length > 0;
  const [on, setOn] = useState(start);
  const [counts, setCounts] = useState<Record<string, string>>(() => (start ? all() : {}));
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  // The shop's setting may arrive after the dialog is first drawn: follow it until the owner ticks themselves.
  const [touched, setTouched] = useState(false);
  const followDefault = useEffectEvent((value: boolean) => {
    if (!touched) tick(value);
  });
  useEffect(() => followDefault(start), [start]);
  const tick = (value: boolean) => {
    setOn(value);
    setCounts(value ? all() : {});
    setProblems({});
  };
  const change = (id: string, text: string) => {
    setCounts((c) => ({ ...c, [id]: text }));
    setProblems((p) => ({ ...p, [id]: undefined }));
  };
  /** The chosen lines, or undefined (problems shown next to their lines) when a count is not right. */
  const chosen = (): Array<{ lineItemId: string; quantity: number }> | undefined => {
    if (!on) return [];
    const found = Object.fromEntries(
      lines.map((l) => [l.lineItemId, restockProblem(counts[l.lineItemId] ?? '', l.left)]),
    );
    setProblems(found);
    if (Object.values(found).some(Boolean)) return undefined;
    return lines
      .map((l) => ({ lineItemId: l.lineItemId, quantity: Number(counts[l.lineItemId]) }))
      .filter((l) => l.quantity > 0);
  };
  const reset = () => {
    setTouched(false);
    tick(start);
  };
  const tickByHand = (value: boolean) => {
    setTouched(true);
    tick(value);
  };
  return { on, tick: tickByHand, reset, counts, problems, change, chosen };
}

/** The refund form's state; `submit` checks the amount against `max` before asking the server. */
function useRefundForm(
  order: Order,
  payment: OrderPayment,
  max: Money | undefined,
  lines: Restockable[],
  onClose: () => void,
) {
  const refund = usePlazaMutation(orderMutations.refund);
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const restock = useRestockForm(lines, restocksByDefault(useQuery(checkoutSettingsQueries.settings(usePlaza())).data));
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setAmount('');
    setReason('');
    restock.reset();
    setNotify(true);
    setProblem(undefined);
    setFailure(undefined);
    onClose();
  };
  const submit = () => {
    const value = normalizeAmount(amount);
    if (!amount.trim()) return setProblem('Enter the amount to refund.');
    if (!isAmount(amount) || minor4(value) <= 0n) return setProblem('Enter an amount such as 10.00.');
    if (max && minor4(value) > minor4(max.amount)) return setProblem(`At most ${max.formattedAmount} can be refunded.`);
    const restockItems = restock.chosen();
    if (!restockItems) return;
    const input = { amount: value, reason: reason.trim(), restockItems, notify: notify && !!order.buyerInfo.email };
    refund.mutate(
      { orderId: order.id, paymentId: payment.id, ...input },
      {
        onSuccess: (r) => {
          const last = r.orderTransactions.refunds.at(-1);
          const amount = last?.amount.formattedAmount ?? value;
          // A card refund the provider has not confirmed yet is on its way, not done.
          toast(
            last?.status === 'PENDING'
              ? `Refund of ${amount} asked: waiting for the card provider`
              : `Refunded ${amount}`,
          );
          close();
        },
        // A refused amount belongs next to the field; anything else (the card provider said no) below the form.
        onError: (e) => {
          const d = describeError(e);
          if ((e as { status?: number }).status === 400) setProblem(d.message);
          else setFailure(d.message);
        },
      },
    );
  };
  const setAmountText = (text: string) => {
    setAmount(text);
    setProblem(undefined);
  };
  return {
    ...{ amount, setAmountText, reason, setReason, restock, notify, setNotify, problem, failure },
    busy: refund.isPending,
    submit,
    close,
  };
}

/**
 * Refunding one payment. The amount starts empty (a refund is never one click from giving everything back); the most
 * that can be refunded is shown with its currency, read from the server; a reason, which items go back in stock (line
 * by line, never more than are still out) and the buyer's e-mail are asked for. Problems are shown next to their field.
 */
export function RefundDialog({
  open,
  order,
  payment,
  refunds,
  onClose,
}: {
  open: boolean;
  order: Order;
  payment: OrderPayment;
  /** The order's refunds so far: what they put back in stock is no longer offered. */
  refunds: readonly OrderRefund[];
  onClose: () => void;
}) {
  const refundability = useQuery({ ...orderQueries.refundability(usePlaza(), order.id), enabled: open });
  const item = refundability.data?.refundablePerItem.find((r) => r.paymentId === payment.id);
  const max = item?.refundableAmount;
  const lines = restockable(order, refunds);
  const f = useRefundForm(order, payment, max, lines, onClose);
  return (
    <ConfirmDialog
      open={open}
      title={`Refund order ${order.number}`}
      confirmLabel="Refund"
      danger
      busy={f.busy}
      onCancel={f.close}
      onConfirm={f.submit}
    >
      {refundability.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="space-y-3">
          <TextField
            label="Amount to refund"
            inputMode="decimal"
            autoComplete="off"
            hint={max ? `Up to ${max.formattedAmount}.` : undefined}
            value={f.amount}
            error={f.problem}
            onChange={(e) => f.setAmountText(e.target.value)}
          />
          {item?.refundability === 'MANUAL' && (
            <p>This payment was made outside the shop: give the money back yourself; this records the refund.</p>
          )}
          <TextField
            label="Reason (optional)"
            maxLength={500}
            hint="Kept in the order’s history and told to the customer."
            value={f.reason}
            onChange={(e) => f.setReason(e.target.value)}
          />
          {lines.length > 0 && (
            <Tick checked={f.restock.on} onChange={f.restock.tick}>
              Put the items back in stock
            </Tick>
          )}
          {f.restock.on && (
            <RestockLines
              lines={lines}
              values={f.restock.counts}
              problems={f.restock.problems}
              onChange={f.restock.change}
            />
          )}
          {order.buyerInfo.email && (
            <Tick checked={f.notify} onChange={f.setNotify}>
              E-mail the customer about the refund
            </Tick>
          )}
          {f.failure && (
            <p role="alert" className="text-red-700">
              {f.failure}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}

function Tick({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  children: string;
}) {
  return <CheckboxField label={children} checked={checked} onChange={onChange} className="flex items-center gap-3" />;
}
