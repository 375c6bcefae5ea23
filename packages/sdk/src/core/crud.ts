import type { EmptyResponse } from '@plaza/contracts';
import { defineMethod, seg, type MethodDescriptor } from './method.js';
import type { QueryParams } from './query.js';
import type { HttpMethod } from './types.js';

/*
 * Builders for the back office's many create/list/get/update/delete methods (shipping, tax, discounts, ...): one
 * shape each, so the whole SDK stays within its 12 KB budget. `key` names the entity in bodies and in `onError`'s
 * argument names, exactly as a hand-written `defineMethod` would.
 */

export const createMethod = <I, R>(base: string, key: string): MethodDescriptor<[entity: I], R> =>
  defineMethod<[entity: I], R>({
    argumentNames: [key],
    request: (e) => ({ method: 'POST', path: base, body: { [key]: e } }),
  });

export const listMethod = <R>(base: string): MethodDescriptor<[], R> =>
  defineMethod<[], R>({ argumentNames: [], request: () => ({ method: 'GET', path: base }) });

/** A GET of `${base}/${id}`, or of something under it (`${base}/${id}/stats` with `sub` '/stats'). */
export const getMethod = <R>(base: string, key: string, sub = ''): MethodDescriptor<[id: string], R> =>
  defineMethod<[id: string], R>({
    argumentNames: [`${key}Id`],
    request: (id) => ({ method: 'GET', path: `${base}/${seg(id)}${sub}` }),
  });

export const updateMethod = <P, R>(
  base: string,
  key: string,
): MethodDescriptor<[id: string, entity: P, fieldMask: string[]], R> =>
  defineMethod<[id: string, entity: P, fieldMask: string[]], R>({
    argumentNames: [`${key}Id`, key, 'fieldMask'],
    request: (id, e, paths) => ({
      method: 'PATCH',
      path: `${base}/${seg(id)}`,
      body: { [key]: e, fieldMask: { paths } },
    }),
  });

export const deleteMethod = (base: string, key: string): MethodDescriptor<[id: string], EmptyResponse> =>
  defineMethod<[id: string], EmptyResponse>({
    argumentNames: [`${key}Id`],
    request: (id) => ({ method: 'DELETE', path: `${base}/${seg(id)}` }),
  });

export const queryMethod = <Q extends QueryParams, R>(base: string): MethodDescriptor<[query?: Q], R> =>
  defineMethod<[query?: Q], R>({
    argumentNames: ['query'],
    request: (query) => ({ method: 'GET', path: base, query }),
  });

/** A site-wide settings object (tax, tips, shipping provider): PATCH of the fields named in `fieldMask`. */
export const updateSettingsMethod = <P, R>(
  base: string,
  key: string,
): MethodDescriptor<[settings: P, fieldMask: string[]], R> =>
  defineMethod<[settings: P, fieldMask: string[]], R>({
    argumentNames: [key, 'fieldMask'],
    request: (e, paths) => ({ method: 'PATCH', path: base, body: { [key]: e, fieldMask: { paths } } }),
  });

/** A request whose one argument is the whole JSON body (POST unless told): flat bodies such as a password change. */
export const bodyMethod = <B, R>(
  path: string,
  name: string,
  method: HttpMethod = 'POST',
): MethodDescriptor<[body: B], R> =>
  defineMethod<[body: B], R>({ argumentNames: [name], request: (body) => ({ method, path, body }) });

/** A POST with an empty body to `${base}/${id}/${action}`: approve, pause, test, check, ... */
export const actionMethod = <R>(base: string, key: string, action: string): MethodDescriptor<[id: string], R> =>
  defineMethod<[id: string], R>({
    argumentNames: [`${key}Id`],
    request: (id) => ({ method: 'POST', path: `${base}/${seg(id)}/${action}`, body: {} }),
  });
