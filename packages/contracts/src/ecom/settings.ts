import { Type, type Static } from 'typebox';
import { PatchBody } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';

/** Checkout and order settings: how the hosted checkout looks and what the store does around orders. */

export const CHECKOUT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const LOGO_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export const LOGO_ALIGNMENTS = ['SIDE', 'CENTER'] as const;
export const INVENTORY_UPDATE_TRIGGERS = ['ON_ORDER_PAID', 'ON_ORDER_PLACED'] as const;
export const RESTOCK_ACTIONS = ['RESTOCK', 'DECREASE'] as const;
export const CUSTOM_FIELD_VALUE_TYPES = ['STRING', 'DATE', 'BOOLEAN', 'NUMBER'] as const;
export type CustomFieldValueType = (typeof CUSTOM_FIELD_VALUE_TYPES)[number];

const Policy = Type.Object(
  { title: Type.String({ maxLength: 200 }), text: Type.String({ maxLength: 20_000 }) },
  { additionalProperties: false },
);

export const CustomFieldDefinition = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    valueType: StringEnum(CUSTOM_FIELD_VALUE_TYPES),
    required: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CustomFieldDefinition = Static<typeof CustomFieldDefinition>;

const settingsFields = {
  /** INACTIVE: no new checkouts (the hosted page says the store is closed). */
  status: StringEnum(CHECKOUT_STATUSES),
  logo: Type.Object(
    {
      url: Type.Optional(Type.String({ maxLength: 2000, pattern: '^(https://|/[^/])' })),
      size: StringEnum(LOGO_SIZES),
      alignment: StringEnum(LOGO_ALIGNMENTS),
    },
    { additionalProperties: false },
  ),
  inventoryUpdateTrigger: StringEnum(INVENTORY_UPDATE_TRIGGERS),
  /** What happens to stock when an order is canceled or refunded. */
  restockAction: StringEnum(RESTOCK_ACTIONS),
  abandonedCheckout: Type.Object(
    {
      /** A checkout with no change for this long counts as abandoned. */
      after: Type.Integer({ minimum: 1, maximum: 10_000 }),
      unit: StringEnum(['MINUTES', 'HOURS'] as const),
    },
    { additionalProperties: false },
  ),
  policies: Type.Object(
    {
      termsAndConditions: Type.Optional(Policy),
      privacyPolicy: Type.Optional(Policy),
      returnPolicy: Type.Optional(Policy),
    },
    { additionalProperties: false },
  ),
  customFields: Type.Array(CustomFieldDefinition, { maxItems: 20 }),
};

export const CheckoutSettings = Type.Object({ ...settingsFields, updatedDate: DateString });
export type CheckoutSettings = Static<typeof CheckoutSettings>;

export const CHECKOUT_SETTINGS_MASK_PATHS = [
  'status',
  'logo',
  'logo.url',
  'logo.size',
  'logo.alignment',
  'inventoryUpdateTrigger',
  'restockAction',
  'abandonedCheckout',
  'policies',
  'policies.termsAndConditions',
  'policies.privacyPolicy',
  'policies.returnPolicy',
  'customFields',
] as const;

export const UpdateCheckoutSettingsRequest = PatchBody(
  'checkoutSettings',
  Type.Object(settingsFields, { additionalProperties: false }),
);
export type UpdateCheckoutSettingsRequest = Static<typeof UpdateCheckoutSettingsRequest>;

export const CheckoutSettingsResponse = Type.Object({ checkoutSettings: CheckoutSettings });
export type CheckoutSettingsResponse = Static<typeof CheckoutSettingsResponse>;
