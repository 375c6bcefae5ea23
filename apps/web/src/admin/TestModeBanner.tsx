import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paymentQueries, usePlaza } from '@plaza/react';

/**
 * A slim line across the dashboard while buyers pay with test cards (or Stripe's test mode): the orders and money
 * the owner sees are not real. Nothing while that is unknown or once payments are live.
 */
export function TestModeBanner() {
  const methods = useQuery(paymentQueries.methods(usePlaza())).data;
  if (!methods?.card.testMode) return null;
  return (
    <aside
      aria-label="Payments mode"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-8 print:hidden"
    >
      <p className="mx-auto max-w-6xl">
        <span className="font-medium">Test mode: payments are not real money.</span>{' '}
        <Link to="/admin/settings/payments" className="underline hover:no-underline">
          Payment settings
        </Link>
      </p>
    </aside>
  );
}
