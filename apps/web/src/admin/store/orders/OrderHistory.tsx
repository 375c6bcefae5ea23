import { useState } from 'react';
import type { Order } from '@plaza/sdk/ecom';
import { orderMutations, usePlazaMutation, useSite } from '@plaza/react';
import { moneyFormat } from '../../../lib/format.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextAreaField } from '../../../ui/Field.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { FormSection } from '../../ui/FormPage.js';

type Activity = Order['activities'][number];

const ACTIVITY_WORDS: Partial<Record<Activity['type'], string>> = {
  ORDER_PLACED: 'Order placed',
  ORDER_PAID: 'Paid in full',
  ORDER_PARTIALLY_PAID: 'Paid in part',
  ORDER_REFUNDED: 'Refunded',
  ORDER_CANCELED: 'Canceled',
  PAYMENT_PENDING: 'Payment waiting for the bank',
  PAYMENT_CANCELED: 'Payment released',
  PAYMENT_DECLINED: 'Payment declined',
  SAVED_PAYMENT_METHOD: 'Card saved for later charges',
  ORDER_PENDING: 'Put on hold',
  ORDER_REJECTED: 'Declined',
  EMAIL_EDITED: 'E-mail changed',
  SHIPPING_ADDRESS_EDITED: 'Shipping address changed',
  MERCHANT_COMMENT: 'Comment',
  CUSTOM_ACTIVITY: 'App activity',
  DRAFT_ORDER_CHANGES_APPLIED: 'Items changed',
  ORDER_FULFILLED: 'Sent in full',
  ORDER_NOT_FULFILLED: 'Marked as not sent',
  TRACKING_NUMBER_ADDED: 'Tracking number added',
  TRACKING_NUMBER_EDITED: 'Tracking number changed',
  TRACKING_LINK_ADDED: 'Tracking link added',
  SHIPPING_CONFIRMATION_EMAIL_SENT: 'Shipping confirmation e-mailed',
  PICKUP_READY_EMAIL_SENT: 'Ready-for-pickup e-mail sent',
  DOWNLOAD_LINK_SENT: 'Download links e-mailed',
  INVOICE_ADDED: 'Invoice issued',
  INVOICE_REMOVED: 'Invoice removed',
  INVOICE_SENT: 'Invoice e-mailed',
};

/** " $25.00: Lid was scratched · items back in stock": what a refund gave back and why (older entries have neither). */
function refundWords(a: Activity): string {
  const r = a.orderRefunded;
  if (!r) return '';
  return ` ${r.amount.formattedAmount}${r.reason ? `: ${r.reason}` : ''}${r.restockedItems ? ' · items back in stock' : ''}`;
}

/**
 * A chargeback Stripe reported, as it reads in the history: what Stripe says, how much, and the bank's reason
 * ("Dispute opened: respond in Stripe before the deadline · €25.00 (fraudulent)"). Undefined for other entries.
 */
export function disputeActivityWords(a: Activity, money: (amount: string) => string): string | undefined {
  const custom = a.customActivity;
  if (a.type !== 'CUSTOM_ACTIVITY' || custom?.type !== 'PAYMENT_DISPUTE') return undefined;
  const { says, amount, reason } = custom.additionalData ?? {};
  return (
    [says ?? 'Payment disputed', amount && money(amount)].filter(Boolean).join(' · ') + (reason ? ` (${reason})` : '')
  );
}

/** Formats the order's plain amounts ("25.00") in its currency, as the site writes money. */
function useOrderMoney(order: Order): (amount: string) => string {
  const site = useSite().data;
  const format = moneyFormat({ locale: site?.locale ?? 'en-US', currency: order.currency });
  return (amount) => (Number.isFinite(Number(amount)) ? format.format(Number(amount)) : amount);
}

/** The order's history, newest first: what happened, and the owner's comments (which can be edited or deleted). */
export function OrderHistory({ order }: { order: Order }) {
  const comment = usePlazaMutation(orderMutations.comment);
  const toast = useToast();
  const [text, setText] = useState('');
  return (
    <FormSection title="History">
      <ol className="space-y-2 border-l border-neutral-200 pl-4 text-sm">
        {[...order.activities].reverse().map((a) => (
          <Entry key={a.id} order={order} activity={a} />
        ))}
      </ol>
      <form
        className="space-y-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          comment.mutate(
            { orderId: order.id, message: text.trim() },
            {
              onSuccess: () => {
                setText('');
                toast('Comment added');
              },
              onError: (err) => toast(`Not added: ${describeError(err).message}`, 'error'),
            },
          );
        }}
      >
        <TextAreaField
          label="Add a comment"
          rows={2}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={comment.isPending} disabled={!text.trim()}>
          Add comment
        </Button>
      </form>
    </FormSection>
  );
}

function Entry({ order, activity: a }: { order: Order; activity: Activity }) {
  const formatDate = useDateFormat();
  const remove = usePlazaMutation(orderMutations.deleteComment);
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const money = useOrderMoney(order);
  const message = a.merchantComment?.message;
  if (draft !== null) return <CommentEditor order={order} activity={a} draft={draft} setDraft={setDraft} />;
  return (
    <li>
      <span className="block">
        {disputeActivityWords(a, money) ?? ACTIVITY_WORDS[a.type] ?? 'Update'}
        {refundWords(a)}
        {message ? `: ${message}` : ''}
        {a.draftOrderChanges?.reason ? `: ${a.draftOrderChanges.reason}` : ''}
      </span>
      {a.draftOrderChanges && (
        <ul className="list-disc pl-5 text-neutral-700">
          {a.draftOrderChanges.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      <span className="text-xs text-neutral-600">
        {formatDate(a.createdDate)}
        {a.author ? ` · ${a.author}` : ''}
      </span>
      {a.type === 'MERCHANT_COMMENT' && (
        <span className="ml-2 inline-flex gap-2 text-xs">
          <button type="button" className="text-accent hover:underline" onClick={() => setDraft(message ?? '')}>
            Edit
          </button>
          <button type="button" className="text-red-700 hover:underline" onClick={() => setConfirming(true)}>
            Delete
          </button>
        </span>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          // mutateAsync: the entry is gone once the order is read again, and the toast must still come.
          remove.mutateAsync({ orderId: order.id, activityId: a.id }).then(
            () => toast('Comment deleted'),
            (err: unknown) => {
              setConfirming(false);
              toast(`Not deleted: ${describeError(err).message}`, 'error');
            },
          )
        }
      >
        <p>“{message}” will no longer show in the order’s history.</p>
      </ConfirmDialog>
    </li>
  );
}

/** Edits a comment in place; Save keeps it, Cancel drops the change. */
function CommentEditor({
  order,
  activity: a,
  draft,
  setDraft,
}: {
  order: Order;
  activity: Activity;
  draft: string;
  setDraft: (draft: string | null) => void;
}) {
  const edit = usePlazaMutation(orderMutations.editComment);
  const toast = useToast();
  return (
    <li className="space-y-2">
      <TextAreaField
        label="Comment"
        rows={2}
        maxLength={2000}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <div className="flex gap-2">
        <Button
          variant="secondary"
          busy={edit.isPending}
          disabled={!draft.trim()}
          onClick={() =>
            edit.mutate(
              { orderId: order.id, activityId: a.id, message: draft.trim() },
              {
                onSuccess: () => {
                  setDraft(null);
                  toast('Comment saved');
                },
                onError: (err) => toast(`Not saved: ${describeError(err).message}`, 'error'),
              },
            )
          }
        >
          Save
        </Button>
        <Button variant="secondary" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
    </li>
  );
}
