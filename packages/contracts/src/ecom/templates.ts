import { Type, type Static } from 'typebox';
import { CatalogReference } from '../catalog/product.js';
import { CreateBody, EntityBody, PageBody, PatchBody } from '../common/bodies.js';
import { OffsetPageFields, PagingMetadata } from '../common/paging.js';
import { StringEnum, Timestamps } from '../common/schema.js';
import { ECOM_LIMITS, LineItemInput } from './common.js';

/** Checkout templates: a predefined basket (catalog lines + coupon) that any visitor can turn into a checkout. */

export const CHECKOUT_TEMPLATE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

const fields = {
  name: Type.String({ minLength: 1, maxLength: ECOM_LIMITS.nameMax }),
  status: StringEnum(CHECKOUT_TEMPLATE_STATUSES),
  lineItems: Type.Array(LineItemInput, { minItems: 1, maxItems: 100 }),
  couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: ECOM_LIMITS.couponCodeMax })),
};

export const CheckoutTemplateInput = Type.Object(
  { ...fields, status: Type.Optional(fields.status) },
  { additionalProperties: false },
);
export type CheckoutTemplateInput = Static<typeof CheckoutTemplateInput>;

export const CheckoutTemplate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: StringEnum(CHECKOUT_TEMPLATE_STATUSES),
  lineItems: Type.Array(
    Type.Object({
      catalogReference: CatalogReference,
      quantity: Type.Integer(),
      subscriptionOptionInfo: Type.Optional(Type.Unknown()),
      serviceProperties: Type.Optional(Type.Unknown()),
    }),
  ),
  couponCode: Type.Optional(Type.String()),
  /** The shareable "buy now" link: the storefront page that creates a checkout from this template. */
  buyNowUrl: Type.String(),
  ...Timestamps,
});
export type CheckoutTemplate = Static<typeof CheckoutTemplate>;

export const CHECKOUT_TEMPLATE_MASK_PATHS = ['name', 'status', 'lineItems', 'couponCode'] as const;

export const CreateCheckoutTemplateRequest = CreateBody('checkoutTemplate', CheckoutTemplateInput);
export type CreateCheckoutTemplateRequest = Static<typeof CreateCheckoutTemplateRequest>;
export const UpdateCheckoutTemplateRequest = PatchBody('checkoutTemplate', CheckoutTemplateInput);
export type UpdateCheckoutTemplateRequest = Static<typeof UpdateCheckoutTemplateRequest>;

export const CheckoutTemplateResponse = EntityBody('checkoutTemplate', CheckoutTemplate);
export type CheckoutTemplateResponse = Static<typeof CheckoutTemplateResponse>;

export const ListCheckoutTemplatesQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(CHECKOUT_TEMPLATE_STATUSES)),
    ...OffsetPageFields,
  },
  { additionalProperties: false },
);
export type ListCheckoutTemplatesQuery = Static<typeof ListCheckoutTemplatesQuery>;
export const ListCheckoutTemplatesResponse = PageBody('checkoutTemplates', CheckoutTemplate, {
  metadata: PagingMetadata,
});
export type ListCheckoutTemplatesResponse = Static<typeof ListCheckoutTemplatesResponse>;
