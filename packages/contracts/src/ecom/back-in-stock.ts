import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { CatalogReference } from '../catalog/product.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../common/patterns.js';
import { DateString, PageLimit, StringEnum, Timestamps } from '../common/schema.js';
import { CursorPagingMetadata } from '../reviews/review.js';

/**
 * Back-in-stock notification requests (SPEC §3, §4 Store, §7): a shopper leaves an e-mail for an out-of-stock catalog
 * item and is mailed once when it is back. Transitions (server: back-in-stock/status.ts):
 * UNSPECIFIED → RECEIVED (created); RECEIVED → PROCESSING (reported back in stock) or NOTIFICATION_SENT (marked by
 * hand); PROCESSING → NOTIFICATION_SENT (mail handed to the outbox) or FAILED; FAILED → PROCESSING (reported again) or
 * NOTIFICATION_SENT (marked by hand); NOTIFICATION_SENT → FAILED only when the mail server refused the mail.
 */
export const BACK_IN_STOCK_STATUSES = ['UNSPECIFIED', 'RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED'] as const;
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number];

export const BACK_IN_STOCK_LIMITS = {
  nameMax: 200,
  urlMax: 2000,
  requestIdsMax: 1000,
  countReferencesMax: 100,
  extraParametersMax: 20,
} as const;

/** An image of the item: https (or a site path), optionally expiring, with the point to keep in view when cropped. */
export const BackInStockImage = Type.Object(
  {
    url: Type.String({ pattern: '^(https://|/[^/])', maxLength: BACK_IN_STOCK_LIMITS.urlMax }),
    altText: Type.Optional(Type.String({ maxLength: 300 })),
    urlExpirationDate: Type.Optional(DateString),
    focalPoint: Type.Optional(
      Type.Object(
        { x: Type.Number({ minimum: 0, maximum: 1 }), y: Type.Number({ minimum: 0, maximum: 1 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** What the mail shows: the item's name, price (as the shopper saw it, a display string) and image. */
export const BackInStockItemDetails = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: BACK_IN_STOCK_LIMITS.nameMax }),
    price: Type.Optional(Type.String({ maxLength: 50 })),
    image: Type.Optional(BackInStockImage),
  },
  { additionalProperties: false },
);
export type BackInStockItemDetails = Static<typeof BackInStockItemDetails>;

export const BackInStockNotificationRequest = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  catalogReference: CatalogReference,
  itemDetails: BackInStockItemDetails,
  /** The product page the mail links to. */
  itemUrl: Type.Optional(Type.String()),
  status: StringEnum(BACK_IN_STOCK_STATUSES),
  /** Set once notified: true when Plaza mailed it, false when marked as sent by hand. */
  autoNotified: Type.Optional(Type.Boolean()),
  /** FAILED: why (for the owner). */
  failureMessage: Type.Optional(Type.String()),
  ...Timestamps,
});
export type BackInStockNotificationRequest = Static<typeof BackInStockNotificationRequest>;

export const CreateBackInStockNotificationRequest = Type.Object(
  {
    request: Type.Object(
      {
        email: Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH }),
        catalogReference: CatalogReference,
        /** A path on the shop, or a URL on any host of which only the path is kept (mails link to the shop). */
        itemUrl: Type.Optional(
          Type.String({ pattern: '^(https?://|/[^/\\\\])', maxLength: BACK_IN_STOCK_LIMITS.urlMax }),
        ),
      },
      { additionalProperties: false },
    ),
    itemDetails: BackInStockItemDetails,
  },
  { additionalProperties: false },
);
export type CreateBackInStockNotificationRequest = Static<typeof CreateBackInStockNotificationRequest>;

export const BackInStockNotificationRequestResponse = Type.Object({ request: BackInStockNotificationRequest });
export type BackInStockNotificationRequestResponse = Static<typeof BackInStockNotificationRequestResponse>;

/** GET /ecom/v1/back-in-stock-notification-requests: owner and `ecom` keys; newest first unless `sort` says so. */
export const QueryBackInStockRequestsQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Array(StringEnum(BACK_IN_STOCK_STATUSES), { minItems: 1, maxItems: BACK_IN_STOCK_STATUSES.length }),
    ),
    /** Exact address, any case. */
    email: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH })),
    /** The product id (Plaza's catalog), optionally narrowed to one variant. */
    catalogItemId: Type.Optional(Type.String({ format: 'uuid' })),
    variantId: Type.Optional(Type.String({ format: 'uuid' })),
    sort: Type.Optional(StringEnum(['CREATED_DESC', 'CREATED_ASC'] as const)),
    'cursorPaging.limit': Type.Optional(PageLimit()),
    /** The previous page's `pagingMetadata.cursors.next`; it carries the filters, so send it alone (with limit). */
    'cursorPaging.cursor': Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type QueryBackInStockRequestsQuery = Static<typeof QueryBackInStockRequestsQuery>;

export const QueryBackInStockRequestsResponse = PageBody('requests', BackInStockNotificationRequest, {
  pagingMetadata: CursorPagingMetadata,
});
export type QueryBackInStockRequestsResponse = Static<typeof QueryBackInStockRequestsResponse>;

/**
 * GET …/count-by-catalog-reference: `catalogReferences[0].appId=…&catalogReferences[0].catalogItemId=…` and
 * optionally `catalogReferences[0].options.variantId=…` (the SDK writes this form from an array of references).
 */
export const CountBackInStockRequestsQuery = Type.Record(
  Type.String({ pattern: '^catalogReferences\\[\\d{1,3}\\]\\.(appId|catalogItemId|options\\.variantId)$' }),
  Type.String({ minLength: 1, maxLength: 100 }),
  { additionalProperties: false, maxProperties: BACK_IN_STOCK_LIMITS.countReferencesMax * 3 },
);
export type CountBackInStockRequestsQuery = Static<typeof CountBackInStockRequestsQuery>;

/** POST …/count-by-catalog-reference: the same as the GET, for lists too long for a query string. */
export const CountBackInStockRequestsBody = Type.Object(
  {
    catalogReferences: Type.Array(CatalogReference, {
      minItems: 1,
      maxItems: BACK_IN_STOCK_LIMITS.countReferencesMax,
    }),
  },
  { additionalProperties: false },
);
export type CountBackInStockRequestsBody = Static<typeof CountBackInStockRequestsBody>;

/** Open requests (RECEIVED or PROCESSING) per reference, in the order asked. */
export const CountBackInStockRequestsResponse = Type.Object({
  counts: Type.Array(Type.Object({ catalogReference: CatalogReference, openRequestsCount: Type.Integer() })),
});
export type CountBackInStockRequestsResponse = Static<typeof CountBackInStockRequestsResponse>;

/**
 * POST …/report-items-back-in-stock: mails every waiting request for `catalogReference` (or only `requestIds`, which
 * may also retry FAILED ones) in a job. `extraAutomationTemplateParameters` are shown in the mail as "name: value".
 */
export const ReportItemsBackInStockRequest = Type.Object(
  {
    itemDetails: BackInStockItemDetails,
    catalogReference: Type.Optional(CatalogReference),
    requestIds: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        minItems: 1,
        maxItems: BACK_IN_STOCK_LIMITS.requestIdsMax,
        uniqueItems: true,
      }),
    ),
    extraAutomationTemplateParameters: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 50 }), Type.String({ maxLength: 500 }), {
        maxProperties: BACK_IN_STOCK_LIMITS.extraParametersMax,
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportItemsBackInStockRequest = Static<typeof ReportItemsBackInStockRequest>;

/** The job to poll at GET /jobs/v1/jobs/{jobId}, and how many requests it will mail. */
export const ReportItemsBackInStockResponse = Type.Object({
  jobId: Type.String({ format: 'uuid' }),
  requestCount: Type.Integer(),
});
export type ReportItemsBackInStockResponse = Static<typeof ReportItemsBackInStockResponse>;

/** Payload of ecom.back_in_stock_items.reported. */
export const BackInStockItemsReported = Type.Object({
  jobId: Type.String(),
  catalogReference: Type.Optional(CatalogReference),
  requestIds: Type.Array(Type.String()),
  itemDetails: BackInStockItemDetails,
  /** REPORT: an owner or app called report-items-back-in-stock; RESTOCK: the catalog's stock went from 0 to more. */
  trigger: StringEnum(['REPORT', 'RESTOCK'] as const),
});
export type BackInStockItemsReported = Static<typeof BackInStockItemsReported>;
