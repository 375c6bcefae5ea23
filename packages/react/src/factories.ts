import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { MethodDescriptor } from '@plaza/sdk';
import { call, invalidating, type FetchClient, type MutationFactory } from './call.js';

/*
 * Builders for the queries and mutations most resources share (a list to read, a settings object to patch, an entity
 * to create, change or delete), so each resource's file only says which SDK method and which query key.
 */

/**
 * Query options that call an argument-less SDK method (a list, a settings object) and keep one field of its answer.
 *
 * @example
 * coupons: (client: FetchClient) => fieldQuery(client, discountQueries.couponsKey(), listCoupons, 'coupons'),
 */
export function fieldQuery<K extends QueryKey, R, F extends keyof R>(
  client: FetchClient,
  queryKey: K,
  method: MethodDescriptor<[], R>,
  field: F,
) {
  return queryOptions({ queryKey, queryFn: () => call(client, method).then((r) => r[field]) });
}

/** Query options for one page of a list: the last page stays shown while the next loads (`isPlaceholderData`). */
export function pageQuery<K extends QueryKey, T>(queryKey: K, queryFn: () => Promise<T>) {
  return queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });
}

/**
 * A mutation factory that calls a one-argument SDK method (a delete by id, a create) with the mutation's variables
 * and marks every query under `queryKey` stale.
 *
 * @example
 * deleteCoupon: invalidatingCall(discountQueries.couponsKey(), deleteCoupon),
 */
export function invalidatingCall<V, R>(
  queryKey: QueryKey,
  method: MethodDescriptor<[V], R>,
): MutationFactory<FetchClient, V, R> {
  return (client, qc) => invalidating(qc, queryKey, (v: V) => call(client, method, v));
}

/**
 * A mutation factory for a settings object (tax, tips, carriers): its variables hold only the changed settings, and
 * their names become the field mask.
 */
export function patchingSettings<P extends object, R>(
  queryKey: QueryKey,
  method: MethodDescriptor<[settings: P, fieldMask: string[]], R>,
): MutationFactory<FetchClient, P, R> {
  return (client, qc) =>
    invalidating(qc, queryKey, (changes: P) => call(client, method, changes, Object.keys(changes)));
}

type UpdateMethod<P, U> = MethodDescriptor<[id: string, entity: P, fieldMask: string[]], U>;

/**
 * A mutation factory that changes the fields `fieldsOf` picks from the variables of the entity `v.id` (their names
 * become the field mask), such as `{ active }` for an on/off switch.
 */
export function patching<V extends { id: string }, P extends object, U>(
  queryKey: QueryKey,
  update: UpdateMethod<P, U>,
  fieldsOf: (v: V) => P,
): MutationFactory<FetchClient, V, U> {
  return (client, qc) =>
    invalidating(qc, queryKey, (v: V) => {
      const fields = fieldsOf(v);
      return call(client, update, v.id, fields, Object.keys(fields));
    });
}

/**
 * A mutation factory for the one Save of an edit form that also creates: a new entity when `v.id` is null, else a
 * change of only the fields given (their names become the field mask).
 */
export function saving<V extends { id: string | null }, I, P extends object, C, U>(
  queryKey: QueryKey,
  methods: { create: MethodDescriptor<[entity: I], C>; update: UpdateMethod<P, U> },
  fieldsOf: (v: V) => I | P,
): MutationFactory<FetchClient, V, C | U> {
  return (client, qc) =>
    invalidating(qc, queryKey, (v: V): Promise<C | U> => {
      const fields = fieldsOf(v);
      return v.id === null
        ? call(client, methods.create, fields as I)
        : call(client, methods.update, v.id, fields as P, Object.keys(fields as P));
    });
}
