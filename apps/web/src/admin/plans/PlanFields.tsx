import { useState } from 'react';
import { TextAreaField, TextField } from '../../ui/Field.js';
import { Button } from '../../ui/Button.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { MediaPicker } from '../media/MediaPicker.js';
import { ChoiceCards } from '../ui/ChoiceCards.js';
import { CopyableValue } from '../ui/CopyableValue.js';
import { FormSection } from '../ui/FormPage.js';
import { SelectField } from '../ui/SelectField.js';
import { UNIT_OPTIONS } from './BenefitsEditor.js';
import type { useFormRules } from '../../ui/useFormRules.js';
import type { PlanDraft, PlanField, Unit } from './planDraft.js';

export interface PlanSectionProps {
  draft: PlanDraft;
  set: <K extends keyof PlanDraft>(key: K, value: PlanDraft[K]) => void;
  /** A text field bound to the draft, with its label, limit and problem. */
  bind: (name: PlanField) => ReturnType<ReturnType<typeof useFormRules<PlanField>>['bind']>;
}

/** Name, description and picture (from the media library). */
export function AboutSection({ draft, set, bind }: PlanSectionProps) {
  const [picking, setPicking] = useState(false);
  return (
    <FormSection title="About the plan">
      <TextField {...bind('name')} />
      <TextAreaField {...bind('description')} rows={4} hint="What members get and why it is worth it." />
      <div className="space-y-2">
        <p className="text-sm font-medium text-neutral-800">Picture</p>
        {draft.image && <img src={draft.image} alt="" className="aspect-[16/9] w-64 rounded-md object-cover" />}
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setPicking(true)} aria-haspopup="dialog">
            {draft.image ? 'Change picture' : 'Choose a picture'}
          </Button>
          {draft.image && (
            <Button variant="ghost" onClick={() => set('image', '')}>
              Remove picture
            </Button>
          )}
        </div>
      </div>
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        // The plan keeps a full web address (it is shown in e-mails and other shops' pages too).
        onPick={(f) => set('image', new URL(f.url, window.location.origin).href)}
      />
    </FormSection>
  );
}

/** The price, and whether it is paid once or again and again (how often, how many times, a free trial). */
export function PriceSection({ draft, set, bind }: PlanSectionProps) {
  return (
    <FormSection title="Price">
      <TextField {...bind('price')} inputMode="decimal" hint="0 makes a free plan." className="max-w-48" />
      <ChoiceCards<'ONCE' | 'RECURRING'>
        legend="Payment"
        name="payment"
        value={draft.recurring ? 'RECURRING' : 'ONCE'}
        onChange={(v) => set('recurring', v === 'RECURRING')}
        choices={[
          { value: 'ONCE', label: 'One payment', hint: 'Paid once at checkout.' },
          { value: 'RECURRING', label: 'Recurring', hint: 'Charged again on each renewal until canceled.' },
        ]}
      />
      {draft.recurring && (
        <>
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <TextField {...bind('interval')} inputMode="numeric" />
            <SelectField<Unit>
              label="Period"
              value={draft.frequency}
              options={UNIT_OPTIONS}
              onChange={(v) => set('frequency', v)}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField {...bind('cycles')} inputMode="numeric" hint="Empty: until the member cancels." />
            <TextField {...bind('trialDays')} inputMode="numeric" hint="Days before the first charge. Empty: none." />
          </div>
        </>
      )}
    </FormSection>
  );
}

/** How long it lasts, how many can buy it, who sees it, and paying at the counter. */
export function SalesSection({ draft, set, bind, link }: PlanSectionProps & { link?: string | undefined }) {
  return (
    <FormSection title="Validity and sales">
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        <TextField
          {...bind('validityCount')}
          inputMode="numeric"
          hint={draft.recurring ? 'Empty: while they pay.' : 'Empty: no end.'}
        />
        <SelectField<Unit>
          label="Period"
          value={draft.validityUnit}
          options={UNIT_OPTIONS}
          onChange={(v) => set('validityUnit', v)}
          disabled={!draft.validityCount.trim()}
        />
      </div>
      <TextField {...bind('buyerLimit')} inputMode="numeric" hint="Empty: no limit." className="max-w-48" />
      <ChoiceCards<'PUBLIC' | 'HIDDEN'>
        legend="Who sees it"
        name="visibility"
        value={draft.hidden ? 'HIDDEN' : 'PUBLIC'}
        onChange={(v) => set('hidden', v === 'HIDDEN')}
        choices={[
          { value: 'PUBLIC', label: 'Everyone', hint: 'Listed on your Plans page.' },
          { value: 'HIDDEN', label: 'Only people with the link', hint: 'Not listed; share its link yourself.' },
        ]}
      />
      {link && (
        <div className="space-y-1">
          <p className="text-sm font-medium text-neutral-800">The plan’s link</p>
          <CopyableValue value={link} testId="plan-link" />
        </div>
      )}
      <CheckboxField
        label="Can be paid at the counter"
        hint="Buyers may pay in person; the plan starts once you mark the order paid."
        checked={draft.paidOffline}
        onChange={(v) => set('paidOffline', v)}
      />
    </FormSection>
  );
}
