import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { type Cart, cartCount, cartQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/Button.js';
import { CloseIcon } from '../../ui/icons.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { setCartOpen } from '../cartUi.js';
import { CartLines, CouponForm, Totals } from './CartLines.js';
import { describeProblem } from './problems.js';
import { useStartCheckout } from './checkoutStart.js';

/** The cart sliding in from the side (its own lazy chunk; opened by the header icon and by "Add to cart"). */
export default function CartDrawer() {
  const { data: cart, isPending, error, refetch } = useQuery(cartQueries.current(usePlaza()));
  const panel = useRef<HTMLDivElement>(null);
  const close = () => setCartOpen(false);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-40">
      <div aria-hidden className="absolute inset-0 bg-black/30" onClick={close} />
      <div
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label="Your cart"
        className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
          <h2 className="text-lg font-semibold">Your cart {cart ? `(${cartCount(cart)})` : ''}</h2>
          <button
            type="button"
            aria-label="Close the cart"
            onClick={close}
            className="rounded-md p-2 hover:bg-neutral-100"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4">
          {isPending ? (
            <div className="space-y-3 py-4" aria-busy="true">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : error ? (
            <div className="py-4">
              <ErrorMessage error={error} onRetry={() => void refetch()} />
            </div>
          ) : !cart?.lineItems.length ? (
            <div className="py-16 text-center">
              <p className="font-medium">Your cart is empty</p>
              <Link
                to="/products"
                onClick={close}
                className="mt-3 inline-block text-sm font-medium text-accent hover:underline"
              >
                Start shopping
              </Link>
            </div>
          ) : (
            <>
              <CartLines cart={cart} compact />
              <div className="border-t border-neutral-200 py-4">
                <CouponForm cart={cart} />
              </div>
            </>
          )}
        </div>
        {cart && cart.lineItems.length > 0 && <DrawerFooter cart={cart} close={close} />}
      </div>
    </div>
  );
}

/** The totals, "View cart" and "Check out" under the lines. */
function DrawerFooter({ cart, close }: { cart: Cart; close: () => void }) {
  const start = useStartCheckout();
  const blocked = (cart.violations ?? []).some((v) => v.severity === 'ERROR');
  return (
    <div className="space-y-3 border-t border-neutral-200 p-4">
      {cart.priceSummary && <Totals summary={cart.priceSummary} discounts={cart.appliedDiscounts} />}
      <p className="text-xs text-neutral-600">Shipping and tax are worked out at checkout.</p>
      {start.error && (
        <p role="alert" className="text-sm text-red-700">
          {describeProblem(start.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Link
          to="/cart"
          onClick={close}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-md border border-neutral-300 text-sm font-medium hover:bg-neutral-50"
        >
          View cart
        </Link>
        <Button
          className="min-h-11 flex-1"
          disabled={blocked}
          busy={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: close })}
        >
          Check out
        </Button>
      </div>
    </div>
  );
}
