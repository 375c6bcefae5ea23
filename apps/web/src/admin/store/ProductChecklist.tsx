import { useState } from 'react';
import { catalogQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../ui/Field.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';

/**
 * Choose some products: a search over the shop's products with a checkbox each. The chosen ones stay listed on top
 * whatever the search shows, so the owner always sees what she picked.
 */
export function ProductChecklist({
  label,
  chosen,
  onChange,
}: {
  label: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const found = useQuery(
    catalogQueries.products(usePlaza(), { limit: 20, sort: 'NAME_ASC', ...(search ? { text: search } : {}) }),
  );
  // Names of chosen products the current search does not show, remembered from earlier pages.
  const [names, setNames] = useState<Record<string, string>>({});
  const products = found.data?.products ?? [];
  const nameOf = (id: string) => products.find((p) => p.id === id)?.name ?? names[id] ?? 'A product';
  const toggle = (id: string, name: string, on: boolean) => {
    setNames((n) => ({ ...n, [id]: name }));
    onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  };
  const others = products.filter((p) => !chosen.includes(p.id));
  const box = (id: string, name: string, on: boolean) => (
    <label key={id} className="flex items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="h-4 w-4 accent-accent"
        checked={on}
        onChange={(e) => toggle(id, name, e.target.checked)}
      />
      <span className="truncate">{name}</span>
    </label>
  );
  return (
    <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <TextField label="Find a product" type="search" value={text} onChange={(e) => setText(e.target.value)} />
      {chosen.map((id) => box(id, nameOf(id), true))}
      {found.isPending ? (
        <p className="text-sm text-neutral-500">Loading products…</p>
      ) : others.length === 0 ? (
        <p className="text-sm text-neutral-600">{search ? 'No other product matches.' : 'No other products.'}</p>
      ) : (
        others.map((p) => box(p.id, p.name, false))
      )}
    </fieldset>
  );
}
