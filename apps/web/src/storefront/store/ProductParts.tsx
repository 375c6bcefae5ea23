import type { Product } from '@plaza/sdk/catalog';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ProductImage } from './ProductCard.js';
import { choiceAvailable, subscriptionLabel } from './variants.js';

type Inventory = Product['inventory'];
type Choices = Record<string, string>;

/** The large picture and, when there are more, a row of thumbnails to switch it. */
export function ProductGallery({
  media,
  image,
  setImage,
}: {
  media: Product['media'];
  image: number;
  setImage: (i: number) => void;
}) {
  return (
    <div>
      <ProductImage media={media[image]} size={600} eager />
      {media.length > 1 && (
        <ul aria-label="More pictures" className="mt-3 grid grid-cols-5 gap-2">
          {media.map((m, i) => (
            <li key={m.url + i}>
              <button
                type="button"
                aria-label={`Picture ${i + 1}`}
                aria-pressed={i === image}
                onClick={() => setImage(i)}
                className={i === image ? 'rounded-lg ring-2 ring-accent' : 'rounded-lg'}
              >
                <ProductImage media={m} size={96} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the chosen item can be bought, and how many are left when few are. */
export function StockState({
  unavailable,
  inStock,
  inventory,
}: {
  unavailable: boolean;
  inStock: boolean;
  inventory: Inventory;
}) {
  return (
    <p className="mt-2" data-testid="stock-state">
      {unavailable ? (
        <Badge tone="warning">This combination is not available</Badge>
      ) : !inStock ? (
        <Badge tone="danger">Out of stock</Badge>
      ) : inventory.trackQuantity && inventory.quantity !== undefined && inventory.quantity <= 5 ? (
        <Badge tone="warning">Only {inventory.quantity} left</Badge>
      ) : (
        <Badge tone="success">In stock</Badge>
      )}
    </p>
  );
}

/** One row of buttons per product option (size, colour…); a choice with no variant in stock is struck through. */
export function OptionPicker({
  product,
  choices,
  setChoices,
}: {
  product: Product;
  choices: Choices;
  setChoices: (choices: Choices) => void;
}) {
  return (
    <>
      {product.options.map((o) => (
        <fieldset key={o.name} className="mt-6">
          <legend className="text-sm font-medium">
            {o.name}: <span className="font-normal text-neutral-700">{choices[o.name]}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {o.choices.map((c) => {
              const selected = choices[o.name] === c;
              const available = choiceAvailable(product, choices, o.name, c);
              return (
                <button
                  key={c}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => setChoices({ ...choices, [o.name]: c })}
                  className={`min-h-10 rounded-md border px-4 text-sm ${selected ? 'border-accent bg-accent-soft font-medium text-accent-ink' : 'border-neutral-300 hover:bg-neutral-50'} ${available ? '' : 'text-neutral-500 line-through'}`}
                >
                  {c}
                  {!available && <span className="sr-only"> (unavailable)</span>}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** One-time purchase or one of the subscription plans; -1 is one-time. */
export function PlanPicker({
  subs,
  plan,
  setPlan,
}: {
  subs: NonNullable<Product['subscriptionOptions']>;
  plan: number;
  setPlan: (plan: number) => void;
}) {
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-medium">How would you like it?</legend>
      <div className="mt-2 space-y-2">
        {subs.allowOneTimePurchases && (
          <PlanChoice checked={plan === -1} onChange={() => setPlan(-1)} label="One-time purchase" />
        )}
        {subs.options.map((o, i) => (
          <PlanChoice
            key={i}
            checked={plan === i}
            onChange={() => setPlan(i)}
            label={`Subscribe: ${subscriptionLabel(o)}`}
            note={o.discountPercent ? `Save ${o.discountPercent}%` : undefined}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The quantity box and the add-to-cart button. */
export function QuantityAndAdd({
  quantity,
  setQuantity,
  maxQty,
  busy,
  onAdd,
}: {
  quantity: number;
  setQuantity: (quantity: number) => void;
  maxQty: number;
  busy: boolean;
  onAdd: () => void;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium">
        Quantity
        <input
          type="number"
          min={1}
          max={maxQty}
          value={quantity}
          onChange={(e) => setQuantity(Math.max(1, Math.min(maxQty, Math.floor(Number(e.target.value)) || 1)))}
          className="mt-1 block h-10 w-20 rounded-md border border-neutral-300 px-2"
        />
      </label>
      <Button className="min-h-11 flex-1 sm:flex-none sm:px-10" busy={busy} onClick={onAdd}>
        Add to cart
      </Button>
    </div>
  );
}

function PlanChoice({
  checked,
  onChange,
  label,
  note,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
  note?: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-neutral-300 p-3 text-sm has-[:checked]:border-accent">
      <input type="radio" name="plan" checked={checked} onChange={onChange} className="h-4 w-4" />
      <span className="flex-1">{label}</span>
      {note && <Badge tone="success">{note}</Badge>}
    </label>
  );
}

/** Plain text, or rich-text nodes: their text, paragraph by paragraph (formatting is dropped). */
export function Description({ value }: { value: Product['description'] }) {
  if (!value) return null;
  const paragraphs = typeof value === 'string' ? value.split(/\n{2,}/) : value.map(nodeText).filter(Boolean);
  return (
    <div className="mt-8 space-y-3 border-t border-neutral-200 pt-6 text-neutral-700">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function nodeText(node: unknown): string {
  const n = node as { text?: unknown; nodes?: unknown; textData?: { text?: unknown } };
  if (typeof n.text === 'string') return n.text;
  if (typeof n.textData?.text === 'string') return n.textData.text;
  return Array.isArray(n.nodes) ? n.nodes.map(nodeText).join('') : '';
}
