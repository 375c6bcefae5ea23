import { call, usePlaza } from '@plaza/react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { createCheckoutFromTemplate } from '@plaza/sdk/ecom';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Spinner } from '../../../ui/Spinner.js';

/** A shareable "buy now" link: makes a checkout from the owner's template and opens it. */
export default function BuyNowPage() {
  const { templateId = '' } = useParams();
  const plaza = usePlaza();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () => call(plaza, createCheckoutFromTemplate, templateId).then((r) => r.checkout.id),
    onSuccess: (id) => void navigate(`/checkout/${id}`, { replace: true }),
  });
  // Once per visit, also under React's development double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutate();
  }, [create]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      {create.error ? (
        (create.error as { status?: number }).status === 404 ? (
          <>
            <h1 className="text-2xl font-semibold">This offer is no longer available</h1>
            <Link to="/products" className="mt-6 inline-block font-medium text-accent hover:underline">
              Browse the shop
            </Link>
          </>
        ) : (
          <ErrorMessage error={create.error} onRetry={() => create.mutate()} retrying={create.isPending} />
        )
      ) : (
        <p role="status" className="inline-flex items-center gap-3 text-neutral-700">
          <Spinner /> Preparing your checkout…
        </p>
      )}
    </div>
  );
}
