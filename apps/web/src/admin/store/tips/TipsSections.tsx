import type { TipPreset, TipSettings } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormSection } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { rowEdits } from '../../ui/rowEdits.js';
import { CheckboxField } from '../../../ui/CheckboxField.js';

/** The tip settings as edited (the server's date left out). */
export type TipsDraft = Omit<TipSettings, 'updatedDate'>;
/** Sets one part of the tips draft. */
export type SetTips = <K extends keyof TipsDraft>(key: K, value: TipsDraft[K]) => void;
interface SectionProps {
  draft: TipsDraft;
  set: SetTips;
}

const PRESET_TYPES = optionsOf<TipPreset['type']>({ PERCENTAGE: 'Percent of the order', AMOUNT: 'Amount' });
const SPLITS = optionsOf<TipSettings['split']>({ EQUAL: 'Equally', PROPORTIONAL: 'By each person’s share' });

let n = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

/** Tips on or off, the choices buyers get, and whether they can type their own. */
export function TipChoicesSection({ draft, set }: SectionProps) {
  return (
    <FormSection title="Tips at checkout">
      <CheckboxField
        label="Buyers can add a tip"
        checked={draft.enabled}
        onChange={(checked) => set('enabled', checked)}
        className="flex items-center gap-3 text-sm font-medium"
      />
      {draft.presets.map((p, i) => (
        <PresetRow key={p.id} draft={draft} set={set} i={i} />
      ))}
      {draft.presets.length < 10 && (
        <Button
          variant="secondary"
          onClick={() => set('presets', [...draft.presets, { id: newId('preset'), type: 'PERCENTAGE', value: '10' }])}
        >
          Add a choice
        </Button>
      )}
      <CheckboxField
        label="Buyers can also type their own amount"
        checked={draft.allowCustom}
        onChange={(checked) => set('allowCustom', checked)}
      />
    </FormSection>
  );
}

/** One tip choice: percent or amount, how much, whether it is picked first, and Remove. */
function PresetRow({ draft, set, i }: SectionProps & { i: number }) {
  const p = draft.presets[i]!;
  const presets = rowEdits(draft.presets, (next) => set('presets', next));
  const setPreset = (change: Partial<TipPreset>) => presets.change(i, change);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={`Choice ${i + 1}`}
        value={p.type}
        options={PRESET_TYPES}
        onChange={(type) => setPreset({ type })}
      />
      <TextField
        label={p.type === 'PERCENTAGE' ? 'Percent' : 'Amount'}
        className="w-28"
        inputMode="decimal"
        value={p.value}
        onChange={(e) => setPreset({ value: e.target.value })}
      />
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input
          type="radio"
          name="tip-default"
          className="h-4 w-4 accent-accent"
          checked={Boolean(p.isDefault)}
          onChange={() =>
            set(
              'presets',
              draft.presets.map((x, j) => ({ ...x, isDefault: j === i })),
            )
          }
        />
        Picked first
      </label>
      <Button variant="ghost" onClick={() => presets.remove(i)}>
        Remove
      </Button>
    </div>
  );
}

/** Who shares the tips, and how. */
export function StaffSection({ draft, set }: SectionProps) {
  const staff = rowEdits(draft.staff, (next) => set('staff', next));
  return (
    <FormSection title="Staff" description="Who shares the tips (buyers never see these names).">
      <SelectField label="Tips are shared" value={draft.split} options={SPLITS} onChange={(v) => set('split', v)} />
      {draft.staff.map((s, i) => (
        <div key={s.id} className="flex flex-wrap items-end gap-3">
          <TextField
            label={`Staff member ${i + 1}`}
            maxLength={100}
            value={s.name}
            onChange={(e) => staff.change(i, { name: e.target.value })}
          />
          {draft.split === 'PROPORTIONAL' && (
            <TextField
              label="Share"
              className="w-24"
              inputMode="numeric"
              value={String(s.share ?? 1)}
              onChange={(e) => staff.change(i, { share: Math.max(1, Number(e.target.value.replace(/\D/g, '')) || 1) })}
            />
          )}
          <Button variant="ghost" onClick={() => staff.remove(i)}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => staff.add({ id: newId('staff'), name: '' })}>
        Add a staff member
      </Button>
    </FormSection>
  );
}
