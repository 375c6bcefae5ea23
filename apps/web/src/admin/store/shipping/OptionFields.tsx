import type { Dispatch, SetStateAction } from 'react';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { SelectField } from '../../ui/SelectField.js';
import { hourLabel, OPERATORS, RULE_TYPES, WEEKDAYS, type RuleOperator, type RuleType, type Weekday } from './words.js';

export interface RateDraft {
  price: string;
  type: RuleType | '';
  operator: RuleOperator;
  value: string;
}
export interface SlotDraft {
  weekday: Weekday;
  fromHour: number;
  toHour: number;
}

const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: hourLabel(from + i) }));

/** The option's rates, in the order the server tries them. */
export function RatesFieldset({
  rates,
  setRates,
}: {
  rates: RateDraft[];
  setRates: Dispatch<SetStateAction<RateDraft[]>>;
}) {
  const setRate = (i: number, change: Partial<RateDraft>) =>
    setRates((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Rates</legend>
      <p className="text-xs text-neutral-600">The first rate that applies to an order is its price.</p>
      {rates.map((r, i) => (
        <div key={i} className="grid grid-cols-2 gap-3 rounded-md border border-neutral-200 p-3">
          <TextField
            label={`Rate ${i + 1} price`}
            inputMode="decimal"
            value={r.price}
            onChange={(e) => setRate(i, { price: e.target.value })}
          />
          <SelectField<RuleType | ''>
            label="When"
            value={r.type}
            options={RULE_TYPES}
            onChange={(type) => setRate(i, { type })}
          />
          {r.type && (
            <>
              <SelectField<RuleOperator>
                label="Condition"
                value={r.operator}
                options={OPERATORS}
                onChange={(operator) => setRate(i, { operator })}
              />
              <TextField
                label={r.type === 'BY_TOTAL_QUANTITY' ? 'Items' : r.type === 'BY_TOTAL_WEIGHT' ? 'Weight' : 'Amount'}
                inputMode="decimal"
                value={r.value}
                onChange={(e) => setRate(i, { value: e.target.value })}
              />
            </>
          )}
          {rates.length > 1 && (
            <Button
              variant="ghost"
              className="col-span-2 justify-self-start"
              onClick={() => setRates((all) => all.filter((_, j) => j !== i))}
            >
              Remove rate {i + 1}
            </Button>
          )}
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => setRates((all) => [...all, { price: '', type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '' }])}
      >
        Add a rate
      </Button>
    </fieldset>
  );
}

/** The weekly delivery windows buyers can choose from. */
export function SlotsFieldset({
  slots,
  setSlots,
}: {
  slots: SlotDraft[];
  setSlots: Dispatch<SetStateAction<SlotDraft[]>>;
}) {
  const setSlot = (i: number, change: Partial<SlotDraft>) =>
    setSlots((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Delivery slots</legend>
      <p className="text-xs text-neutral-600">Optional: the weekly windows buyers can choose from.</p>
      {slots.map((s, i) => (
        <div key={i} className="flex flex-wrap items-end gap-2">
          <SelectField<Weekday>
            label={`Slot ${i + 1} day`}
            value={s.weekday}
            options={WEEKDAYS}
            onChange={(weekday) => setSlot(i, { weekday })}
          />
          <SelectField
            label="From"
            value={String(s.fromHour)}
            options={hours(0, 23)}
            onChange={(v) => setSlot(i, { fromHour: Number(v) })}
          />
          <SelectField
            label="To"
            value={String(s.toHour)}
            options={hours(1, 24)}
            onChange={(v) => setSlot(i, { toHour: Number(v) })}
          />
          <Button variant="ghost" onClick={() => setSlots((all) => all.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => setSlots((all) => [...all, { weekday: 'MON', fromHour: 9, toHour: 12 }])}
      >
        Add a slot
      </Button>
    </fieldset>
  );
}
