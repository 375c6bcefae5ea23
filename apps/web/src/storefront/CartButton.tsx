import { lazy, Suspense } from 'react';
import { cartCount, cartQueries, useCartFollowsSignIn, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { setCartOpen, useCartOpen } from './cartUi.js';

// The drawer is its own chunk: the first page only carries this button.
const CartDrawer = lazy(() => import('./store/CartDrawer.js'));

/** The header's cart icon with the item count; opens the drawer. */
export function CartButton() {
  const count = cartCount(useQuery(cartQueries.current(usePlaza())).data);
  return (
    <button
      type="button"
      data-testid="cart-button"
      aria-label={count ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart, empty'}
      onClick={() => setCartOpen(true)}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
    >
      <svg aria-hidden width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M6 7h12l-1 13H7L6 7Z" strokeLinejoin="round" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count}
        </span>
      )}
    </button>
  );
}

/** Mounted once by the layout: the drawer when open, and a fresh cart after sign-in or sign-out. */
export function CartDrawerHost() {
  useCartFollowsSignIn();
  const open = useCartOpen();
  return open ? (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  ) : null;
}
