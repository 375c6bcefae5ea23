import { orderMutations, orderQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentRequest } from '@plaza/contracts';
import { type Order } from '@plaza/sdk/ecom';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { CopyButton } from '../../../ui/CopyButton.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { isAmount, normalizeAmount } from '../productDraft.js';

const STATUS = {
  UNPAID: <Badge tone="warning">Waiting</Badge>,
  PAID: <Badge tone="success">Paid</Badge>,
  EXPIRED: <Badge tone="neutral">Expired</Badge>,
};

/**
 * Links the buyer pays through (a deposit's balance, or what the owner asks for): their state, the link to copy,
 * and "Request payment" for what is still due, e-mailed to the buyer.
 */
export function PaymentRequests({ order }: { order: Order }) {
  const toast = useToast();
  const { data } = useQuery(orderQueries.paymentRequests(usePlaza(), order.id));
  const [open, setOpen] = useState(false);
  const due = order.balanceSummary.balance.amount;
  const [amount, setAmount] = useState(due);
  const [problem, setProblem] = useState<string>();
  const create = usePlazaMutation(orderMutations.requestPayment, {
    onSuccess: () => {
      setOpen(false);
      toast(
        order.buyerInfo.email ? `Payment link sent to ${order.buyerInfo.email}` : 'Payment link made: copy it below',
      );
    },
  });
  const canAsk = Number(due) > 0 && order.status !== 'CANCELED';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isAmount(amount) || Number(amount) <= 0) return setProblem('Enter an amount such as 25.00.');
    if (Number(amount) > Number(due))
      return setProblem(`At most ${order.balanceSummary.balance.formattedAmount} is due.`);
    setProblem(undefined);
    create.mutate({ orderId: order.id, amount: normalizeAmount(amount) });
  };
  if (!canAsk && !data?.length) return null;
  return (
    <div className="space-y-2 text-sm">
      {data && data.length > 0 && <PaymentLinkList requests={data} />}
      {canAsk && (
        <Button
          variant="secondary"
          onClick={() => {
            setAmount(due);
            setOpen(true);
          }}
        >
          Request payment
        </Button>
      )}
      <Dialog
        open={open}
        title={`Request a payment for order ${order.number}`}
        description="The buyer gets an e-mail with a link to pay by card."
        onClose={() => setOpen(false)}
        busy={create.isPending}
      >
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`Still due: ${order.balanceSummary.balance.formattedAmount}`}
            {...(problem ? { error: problem } : {})}
          />
          {create.error && <ErrorMessage error={create.error} />}
          <div className="flex gap-2">
            <Button type="submit" busy={create.isPending}>
              Send payment link
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** Each link's state, amount and date, with a copy button while it is unpaid. */
function PaymentLinkList({ requests: data }: { requests: PaymentRequest[] }) {
  const formatDate = useDateFormat();
  return (
    <>
      <h3 className="font-medium">Payment links</h3>
      <ul className="space-y-2">
        {data.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            {STATUS[r.status]}
            <span>
              {r.amount.formattedAmount} · {r.title}
            </span>
            <span className="text-xs text-neutral-600">
              {r.status === 'PAID' && r.paidDate
                ? `paid ${formatDate(r.paidDate)}`
                : `until ${formatDate(r.expirationDate)}`}
            </span>
            {r.status === 'UNPAID' && <CopyButton text={r.url} label="Copy link" />}
          </li>
        ))}
      </ul>
    </>
  );
}
