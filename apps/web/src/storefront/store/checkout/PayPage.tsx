import { call, paymentRequestQueries, usePlaza } from '@plaza/react';
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { payPaymentRequest } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage, describeError } from '../../../ui/ErrorMessage.js';
import { PageSkeleton } from '../../../ui/PageSkeleton.js';
import { useDayFormat } from '../../format.js';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from './CardFields.js';

/**
 * /pay/:requestId?token=…: the page a payment request's link opens. Whoever has the link sees the amount and pays it
 * by card; no account is needed. Paid, expired and unknown links say so in words.
 */
export default function PayPage() {
  const day = useDayFormat();
  const { requestId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const plaza = usePlaza();
  const queryClient = useQueryClient();
  const request = paymentRequestQueries.forPayer(plaza, requestId, token);
  const { data, error, isPending, refetch, isFetching } = useQuery(request);
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = cardProblem(card);
    if (wrong) return setProblem(wrong);
    setProblem(undefined);
    setBusy(true);
    try {
      const paid = await call(plaza, payPaymentRequest, requestId, token, await cardToken(plaza, card));
      queryClient.setQueryData(request.queryKey, paid.paymentRequest);
    } catch (err) {
      setProblem(describeError(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      {isPending ? (
        <PageSkeleton />
      ) : error ? (
        (error as { status?: number }).status === 404 ? (
          <div className="text-center">
            <h1 className="text-2xl font-semibold">This payment link does not work</h1>
            <p className="mt-2 text-neutral-600">
              Check that you opened the whole link from the e-mail, or ask the shop.
            </p>
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )
      ) : (
        <div className="space-y-5 rounded-lg border border-neutral-200 bg-white p-6">
          <div>
            {!data.title.includes(data.orderNumber) && (
              <p className="text-sm text-neutral-600">Order {data.orderNumber}</p>
            )}
            <h1 className="text-2xl font-semibold">{data.title}</h1>
            <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="amount">
              {data.amount.formattedAmount}
            </p>
          </div>
          {data.status === 'PAID' ? (
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-900">
              Paid — thank you! The shop has your payment.
            </p>
          ) : data.status === 'EXPIRED' ? (
            <p className="rounded-md bg-amber-50 p-3 text-amber-900">
              This link has expired. Ask the shop for a new one.
            </p>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment" className="space-y-3">
              <CardFields card={card} onChange={setCard} />
              {problem && (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                  {problem}
                </p>
              )}
              <Button type="submit" className="min-h-11 w-full" busy={busy}>
                Pay {data.amount.formattedAmount}
              </Button>
              <p className="text-xs text-neutral-600">Open until {day(data.expirationDate)}.</p>
            </form>
          )}
        </div>
      )}
    </div>
  );
}
