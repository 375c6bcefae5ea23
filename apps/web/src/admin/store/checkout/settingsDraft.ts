import type { CheckoutSettings, UpdateCheckoutSettingsRequest } from '@plaza/sdk/ecom';

type Input = UpdateCheckoutSettingsRequest['checkoutSettings'];
type PolicyKey = 'termsAndConditions' | 'privacyPolicy' | 'returnPolicy';
export type FieldType = CheckoutSettings['customFields'][number]['valueType'];
export interface CustomFieldDraft {
  key: string;
  label: string;
  valueType: FieldType;
  required: boolean;
}

/** The settings form's flat draft (useDraft compares each key). */
export interface SettingsDraft {
  status: CheckoutSettings['status'];
  logoUrl: string;
  logoSize: CheckoutSettings['logo']['size'];
  logoAlignment: CheckoutSettings['logo']['alignment'];
  inventoryUpdateTrigger: CheckoutSettings['inventoryUpdateTrigger'];
  restockAction: CheckoutSettings['restockAction'];
  abandonedAfter: string;
  abandonedUnit: CheckoutSettings['abandonedCheckout']['unit'];
  termsAndConditions: string;
  privacyPolicy: string;
  returnPolicy: string;
  customFields: CustomFieldDraft[];
}

export const POLICIES: Array<{ key: PolicyKey; title: string }> = [
  { key: 'termsAndConditions', title: 'Terms and conditions' },
  { key: 'privacyPolicy', title: 'Privacy policy' },
  { key: 'returnPolicy', title: 'Return policy' },
];

export function settingsDraftOf(s: CheckoutSettings): SettingsDraft {
  return {
    status: s.status,
    logoUrl: s.logo.url ?? '',
    logoSize: s.logo.size,
    logoAlignment: s.logo.alignment,
    inventoryUpdateTrigger: s.inventoryUpdateTrigger,
    restockAction: s.restockAction,
    abandonedAfter: String(s.abandonedCheckout.after),
    abandonedUnit: s.abandonedCheckout.unit,
    termsAndConditions: s.policies.termsAndConditions?.text ?? '',
    privacyPolicy: s.policies.privacyPolicy?.text ?? '',
    returnPolicy: s.policies.returnPolicy?.text ?? '',
    customFields: s.customFields,
  };
}

/** "Gift message" → "gift_message": the key the checkout stores the answer under (never shown). */
export const keyOf = (label: string, taken: string[]) => {
  const base =
    label
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 90) || 'field';
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
};

/** The changed parts as the server takes them, by top-level path. */
export function settingsChanges(d: SettingsDraft, saved: SettingsDraft): Input {
  const changed = (keys: Array<keyof SettingsDraft>) =>
    keys.some((k) => JSON.stringify(d[k]) !== JSON.stringify(saved[k]));
  const out: Input = {};
  if (changed(['status'])) out.status = d.status;
  if (changed(['logoUrl', 'logoSize', 'logoAlignment']))
    out.logo = { ...(d.logoUrl.trim() ? { url: d.logoUrl.trim() } : {}), size: d.logoSize, alignment: d.logoAlignment };
  if (changed(['inventoryUpdateTrigger'])) out.inventoryUpdateTrigger = d.inventoryUpdateTrigger;
  if (changed(['restockAction'])) out.restockAction = d.restockAction;
  if (changed(['abandonedAfter', 'abandonedUnit']))
    out.abandonedCheckout = { after: Number(d.abandonedAfter), unit: d.abandonedUnit };
  if (changed(['termsAndConditions', 'privacyPolicy', 'returnPolicy'])) {
    out.policies = {};
    for (const p of POLICIES) if (d[p.key].trim()) out.policies[p.key] = { title: p.title, text: d[p.key] };
  }
  if (changed(['customFields'])) {
    // A new field's key comes from its label ("Gift message" → gift_message); a saved field keeps its key.
    const savedKeys = saved.customFields.map((f) => f.key);
    const taken = [...savedKeys];
    out.customFields = d.customFields
      .filter((f) => f.label.trim())
      .map((f) => {
        if (savedKeys.includes(f.key)) return f;
        const key = keyOf(f.label, taken);
        taken.push(key);
        return { ...f, key };
      });
  }
  return out;
}
