import { call, usePlaza } from '@plaza/react';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CatalogReference, Product } from '@plaza/sdk/catalog';
import { createBackInStockNotificationRequest } from '@plaza/sdk/ecom';
import { Button } from '../../ui/Button.js';
import { inputClass } from '../../ui/inputClass.js';
import { describeProblem } from './problems.js';

/** "Tell me when it is back": one e-mail, sent once when the item is restocked. */
export function BackInStockForm({
  product,
  catalogReference,
  price,
}: {
  product: Product;
  catalogReference: CatalogReference;
  price: string;
}) {
  const plaza = usePlaza();
  const [email, setEmail] = useState('');
  const ask = useMutation({
    mutationFn: () => {
      const image = product.media[0];
      return call(
        plaza,
        createBackInStockNotificationRequest,
        { email: email.trim(), catalogReference, itemUrl: `/products/${product.slug}` },
        { name: product.name, price, ...(image ? { image: { url: image.url } } : {}) },
      );
    },
  });
  if (ask.isSuccess)
    return (
      <p role="status" className="mt-6 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
        Thanks! We will e-mail {email.trim()} once when it is back in stock.
      </p>
    );
  return (
    <form
      className="mt-6 rounded-lg border border-neutral-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        ask.mutate();
      }}
    >
      <label htmlFor="bis-email" className="text-sm font-medium">
        Get an e-mail when it is back
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="bis-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className={inputClass}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" busy={ask.isPending}>
          Notify me
        </Button>
      </div>
      {ask.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeProblem(ask.error)}
        </p>
      )}
    </form>
  );
}
