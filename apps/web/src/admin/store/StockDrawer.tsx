import { useState, type FormEvent } from 'react';
import type { Inventory, Product } from '@plaza/sdk/catalog';
import { catalogMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { useToast } from '../Toast.js';
import { Drawer } from '../ui/Drawer.js';
import { inventoryWords } from './labels.js';
import { FormAlert } from '../../ui/FormProblems.js';

/**
 * Quick stock count from the list: add or take out units (the server adds them to what is there now, so two people
 * counting at once both count), or flip in/out of stock when quantities are not tracked. One row per variant.
 */
export function StockDrawer({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Drawer open={product !== null} title={`Stock of ${product?.name ?? ''}`} onClose={onClose}>
      {product && (
        <div className="space-y-4">
          {product.variants.length === 0 ? (
            <StockRow productId={product.id} label={product.name} inventory={product.inventory} />
          ) : (
            product.variants.map((v) => (
              <StockRow
                key={v.id}
                productId={product.id}
                variantId={v.id}
                label={Object.values(v.choices).join(' / ')}
                inventory={v.inventory}
              />
            ))
          )}
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      )}
    </Drawer>
  );
}

function StockRow({
  productId,
  variantId,
  label,
  inventory,
}: {
  productId: string;
  variantId?: string;
  label: string;
  inventory: Inventory;
}) {
  const adjust = usePlazaMutation(catalogMutations.adjustInventory);
  const toast = useToast();
  const [change, setChange] = useState('');
  const [problem, setProblem] = useState<string>();
  const [now, setNow] = useState(inventory);
  const send = (adjustment: { incrementBy?: number; inStock?: boolean }) =>
    adjust.mutate(
      { productId, adjustment: { ...(variantId ? { variantId } : {}), ...adjustment } },
      {
        onSuccess: (r) => {
          const v = variantId ? r.product.variants.find((x) => x.id === variantId)?.inventory : r.product.inventory;
          if (v) setNow(v);
          setChange('');
          toast(`${label}: ${v ? inventoryWords(v).toLowerCase() : 'stock saved'}`);
        },
        onError: (e) => setProblem(describeError(e).message),
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(change);
    if (!change.trim() || !Number.isInteger(n) || n === 0) {
      setProblem('Enter how many units came in (such as 5) or went out (such as -2).');
      return;
    }
    setProblem(undefined);
    send({ incrementBy: n });
  };

  return (
    <section className="rounded-lg border border-neutral-200 p-4" aria-label={label}>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="truncate text-sm font-semibold">{label}</h3>
        <span className="shrink-0 text-sm text-neutral-700" aria-live="polite">
          {inventoryWords(now)}
        </span>
      </div>
      {now.trackQuantity ? (
        <form className="mt-3 flex items-end gap-2" onSubmit={submit} noValidate>
          <TextField
            label="Add or remove units"
            className="flex-1"
            inputMode="numeric"
            placeholder="5 or -2"
            value={change}
            error={problem}
            onChange={(e) => setChange(e.target.value)}
          />
          <Button type="submit" variant="secondary" busy={adjust.isPending} className="mb-[1.5px]">
            Update
          </Button>
        </form>
      ) : (
        <div className="mt-3 space-y-2">
          <Button variant="secondary" busy={adjust.isPending} onClick={() => send({ inStock: !now.inStock })}>
            {now.inStock ? 'Mark out of stock' : 'Mark in stock'}
          </Button>
          <FormAlert>{problem}</FormAlert>
        </div>
      )}
    </section>
  );
}
