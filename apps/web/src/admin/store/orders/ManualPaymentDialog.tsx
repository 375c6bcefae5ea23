import { useState } from 'react';
import type { Order } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { useToast } from '../../Toast.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { minor4 } from './RefundDialog.js';

/** What is wrong with the amount typed, in words, or undefined; `due` is what the order still waits for. */
export function manualAmountProblem(text: string, due: Order['balanceSummary']['balance']): string | undefined {
  if (!text.trim()) return 'Enter the amount you received.';
  // The amount still due comes with the currency's decimals ("25.00", or "1000" in yen): no more than that.
  const places = due.amount.split('.')[1]?.length ?? 0;
  const example = places ? `20.${'0'.repeat(places)}` : '20';
  if (!isAmount(text) || minor4(normalizeAmount(text)) <= 0n) return `Enter an amount such as ${example}.`;
  if ((normalizeAmount(text).split('.')[1]?.length ?? 0) > places) {
    return places ? `Use at most ${places} decimal places, such as ${example}.` : 'Enter a whole amount.';
  }
  if (minor4(normalizeAmount(text)) > minor4(due.amount)) return `At most ${due.formattedAmount} is still due.`;
  return undefined;
}

/**
 * "Record a payment": money the owner received outside the shop (cash, a bank transfer), part or all of what is
 * still due, with an optional note for the order's history. Amount problems are shown next to the field. Shown
 * while the order is `offered` (money is due); the dialog outlives that, to report an order paid meanwhile.
 */
export function ManualPaymentButton({ order, offered }: { order: Order; offered: boolean }) {
  const record = usePlazaMutation(orderMutations.recordPayment);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const due = order.balanceSummary.balance;
  const close = () => {
    setOpen(false);
    setAmount('');
    setNote('');
    setProblem(undefined);
  };
  const submit = () => {
    const found = manualAmountProblem(amount, due);
    if (found) return setProblem(found);
    record.mutate(
      { orderId: order.id, amount: normalizeAmount(amount), note: note.trim() },
      {
        onSuccess: ({ noteSaved }) => {
          toast(noteSaved ? 'Payment recorded' : 'Payment recorded, but the note was not saved: add it as a comment');
          close();
        },
        // A refused amount belongs next to the field. Anything else (the order was paid meanwhile) is a toast: the
        // refreshed order may no longer offer this dialog at all.
        onError: (e) => {
          const d = describeError(e);
          if ((e as { status?: number }).status === 400) return setProblem(d.message);
          toast(`Not recorded: ${d.message}`, 'error');
          close();
        },
      },
    );
  };
  return (
    <>
      {offered && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Record a payment
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={`Record a payment for order ${order.number}`}
        confirmLabel="Record payment"
        busy={record.isPending}
        onCancel={close}
        onConfirm={submit}
      >
        <div className="space-y-3">
          <p>Money you received outside the shop, such as cash or a bank transfer.</p>
          <TextField
            label="Amount received"
            inputMode="decimal"
            autoComplete="off"
            hint={`${due.formattedAmount} is still due.`}
            value={amount}
            error={problem}
            onChange={(e) => {
              setAmount(e.target.value);
              setProblem(undefined);
            }}
          />
          <TextField
            label="Note (optional)"
            maxLength={500}
            hint="How it was paid, kept in the order’s history."
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
