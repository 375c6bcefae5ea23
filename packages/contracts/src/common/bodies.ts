import { Type, type TArray, type TObject, type TProperties, type TSchema } from 'typebox';
import { FieldMask } from './schema.js';

/**
 * Builders of the request and response bodies that wrap one entity under its own key (`{ coupon }`,
 * `{ coupons: [...] }`). Every admin collection of entities has the same four; building them here keeps their keys,
 * their closedness and the PATCH envelope the same everywhere. Not exported from the package root: the schemas they
 * make are.
 */

type Keyed<K extends string, T extends TSchema> = { [P in K]: T };
/** The keyed entity and the mask as one plain object type (an intersection would read differently in editors). */
type MaskedProperties<K extends string, T extends TSchema> = {
  [P in K | 'fieldMask']: P extends K ? T : typeof FieldMask;
};

/** `{ [key]: input }`, closed: the body of a create (POST). */
export const CreateBody = <K extends string, T extends TSchema>(key: K, input: T) =>
  Type.Object({ [key]: input } as Keyed<K, T>, { additionalProperties: false });

/** `{ [key]: changes, fieldMask }`, closed: the body of an update (PATCH); only the paths the mask names change. */
export const MaskedBody = <K extends string, T extends TSchema>(key: K, changes: T) =>
  Type.Object({ [key]: changes, fieldMask: FieldMask } as MaskedProperties<K, T>, { additionalProperties: false });

/**
 * A PATCH of an entity's input: any of its fields, the mask saying which. `Type.Partial` drops the input's
 * `additionalProperties: false`; it is put back, so an unknown field is refused by name as it is on create.
 */
export const PatchBody = <K extends string, T extends TObject>(key: K, input: T) =>
  MaskedBody(
    key,
    Type.Partial(
      input,
      (input as { additionalProperties?: unknown }).additionalProperties === false
        ? { additionalProperties: false }
        : {},
    ),
  );

/** `{ [key]: entity }`: the answer of a get, create or update. */
export const EntityBody = <K extends string, T extends TSchema>(key: K, entity: T) =>
  Type.Object({ [key]: entity } as Keyed<K, T>);

/** `{ [key]: entity[] }`: the answer of an unpaged list. */
export const ListBody = <K extends string, T extends TSchema>(key: K, entity: T) =>
  Type.Object({ [key]: Type.Array(entity) } as Keyed<K, TArray<T>>);

/** The page's entities under their key, then the paging's own properties, as one plain object type. */
type PageProperties<K extends string, T extends TSchema, M extends TProperties> = {
  [P in K | keyof M]: P extends keyof M ? M[P] : TArray<T>;
};

/**
 * `{ [key]: entity[], ...paging }`: one page of a paged list, with what its kind of paging says about the page
 * (`{ metadata: PagingMetadata }` for offset paging, a cursor for the others).
 */
export const PageBody = <K extends string, T extends TSchema, M extends TProperties>(key: K, entity: T, paging: M) =>
  Type.Object({ [key]: Type.Array(entity), ...paging } as PageProperties<K, T, M>);

/**
 * The four bodies of an entity's admin API: create, update (the PATCH takes a partial of `patch`, the input unless
 * some fields may be cleared with null), the one-entity answer and the list.
 */
export const entityBodies = <
  K extends string,
  L extends string,
  I extends TObject,
  E extends TSchema,
  P extends TObject = I,
>(
  keys: { one: K; many: L },
  input: I,
  entity: E,
  patch?: P,
) => ({
  create: CreateBody(keys.one, input),
  update: PatchBody(keys.one, (patch ?? input) as P),
  response: EntityBody(keys.one, entity),
  list: ListBody(keys.many, entity),
});

/** Why one item of a bulk action failed. */
export const BulkItemError = Type.Object({ code: Type.String(), description: Type.String() });

/**
 * A bulk action's answer: for each item whether it worked (`itemMetadata`, and the item itself when it was asked
 * for), then the totals (`bulkActionMetadata`).
 */
export const BulkResultsBody = <T extends TSchema, I extends TSchema, A extends TSchema>(
  item: T,
  itemMetadata: I,
  bulkActionMetadata: A,
) => Type.Object({ results: Type.Array(Type.Object({ itemMetadata, item: Type.Optional(item) })), bulkActionMetadata });

/**
 * The resource's own id repeated in a body or query, as the hosted platform's SDKs send it: accepted when it equals
 * the id in the path, a 400 naming this field when it differs (the server checks; the schema only lets it in).
 */
export const EchoedId = Type.Optional(
  Type.String({ minLength: 1, maxLength: 100, description: 'The id in the path, repeated; must equal it' }),
);

/** `input` with the optional `id` echo of the path's id, closed like `input`. */
export const WithEchoedId = <T extends TProperties>(input: TObject<T>) =>
  Type.Object(
    { ...input.properties, id: EchoedId },
    {
      additionalProperties: false,
    },
  );
