import { PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import type { Product } from '@plaza/sdk/catalog';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { rowEdits } from '../ui/rowEdits.js';
import { SelectField } from '../ui/SelectField.js';

/** A product line being chosen: which product (and variant) and how many, as typed. */
export interface ProductLine {
  productId: string;
  variantId: string;
  quantity: string;
}
export const newProductLine = (): ProductLine => ({ productId: '', variantId: '', quantity: '1' });

/** What is wrong with the chosen lines, in words (or nothing). */
export function productLinesProblem(lines: ProductLine[], products: Product[]): string | undefined {
  const chosen = lines.filter((l) => l.productId);
  if (chosen.some((l) => !/^\d+$/.test(l.quantity) || Number(l.quantity) < 1)) {
    return 'Each quantity is a whole number of at least 1.';
  }
  if (chosen.some((l) => products.find((p) => p.id === l.productId)?.variants.length && !l.variantId)) {
    return 'Choose which variant of each product.';
  }
  return undefined;
}

/** The chosen lines as the store's API takes them. */
export const catalogLines = (lines: ProductLine[]) =>
  lines
    .filter((l) => l.productId)
    .map((l) => ({
      catalogReference: {
        appId: PLAZA_CATALOG_APP_ID,
        catalogItemId: l.productId,
        ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
      },
      quantity: Number(l.quantity),
    }));

/**
 * Products and quantities to choose, each with its variant when the product has some: a checkout link's basket,
 * the items added to an order.
 */
export function ProductLines({
  legend,
  lines,
  onChange,
  products,
  loading,
  minLines = 1,
  addLabel = 'Add a product',
}: {
  legend: string;
  lines: ProductLine[];
  onChange: (lines: ProductLine[]) => void;
  products: Product[];
  loading: boolean;
  /** Lines that cannot be removed (a basket needs one; an order's additions none). */
  minLines?: number;
  addLabel?: string;
}) {
  const rows = rowEdits(lines, onChange);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">{legend}</legend>
      {lines.map((l, i) => {
        const product = products.find((p) => p.id === l.productId);
        return (
          <div key={i} className="grid grid-cols-[1fr_5rem] gap-3 rounded-md border border-neutral-200 p-3">
            <SelectField
              label={`Product ${i + 1}`}
              value={l.productId}
              options={[
                { value: '', label: loading ? 'Loading products…' : 'Choose a product' },
                ...products.map((p) => ({ value: p.id, label: `${p.name} (${p.price.formattedAmount})` })),
              ]}
              onChange={(productId) => rows.change(i, { productId, variantId: '' })}
            />
            <TextField
              label="How many"
              inputMode="numeric"
              value={l.quantity}
              onChange={(e) => rows.change(i, { quantity: e.target.value })}
            />
            {product && product.variants.length > 0 && (
              <SelectField
                className="col-span-2"
                label="Variant"
                value={l.variantId}
                options={[
                  { value: '', label: 'Choose a variant' },
                  ...product.variants.map((v) => ({
                    value: v.id,
                    label: `${Object.values(v.choices).join(' / ')} (${v.price.formattedAmount})`,
                  })),
                ]}
                onChange={(variantId) => rows.change(i, { variantId })}
              />
            )}
            {lines.length > minLines && (
              <Button variant="ghost" className="col-span-2 justify-self-start" onClick={() => rows.remove(i)}>
                Remove product {i + 1}
              </Button>
            )}
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => rows.add(newProductLine())}>
        {addLabel}
      </Button>
    </fieldset>
  );
}
