import type Stripe from 'stripe';
import type { FakePaymentIntent } from './objects.js';

/** The `error` member of a Stripe error answer. */
export type StripeErrorBody = Pick<
  Stripe.StripeRawError,
  'type' | 'message' | 'code' | 'decline_code' | 'param' | 'charge' | 'doc_url'
> & { payment_intent?: FakePaymentIntent };

/**
 * An answer in Stripe's error shape. `replayable: false` marks errors raised before the request started acting
 * (validation): Stripe does not store those under the idempotency key, so a corrected retry with the same key works.
 */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly replayable = true,
  ) {
    super(error.message);
  }
}

export function invalidRequest(message: string, extra: Partial<StripeErrorBody> = {}, replayable = true) {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...extra }, replayable);
}

/** A bad parameter: Stripe checks these before acting, so the answer is not kept for the idempotency key. */
export function badParam(param: string, message: string, code?: string) {
  return invalidRequest(message, { param, ...(code ? { code } : {}) }, false);
}

/** A missing object named in the URL (404) or in a parameter (400), as Stripe words it. */
export function noSuch(kind: string, id: string, param?: string) {
  const message = `No such ${kind}: '${id}'`;
  if (param) return badParam(param, message, 'resource_missing');
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message }, false);
}

export type RawValue = string | RawObject | RawValue[];
export interface RawObject {
  [key: string]: RawValue;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Decodes a form body or query string the way Stripe reads what the `stripe` package sends: `a[b][0][c]=v` nests,
 * objects whose keys are all indexes become arrays, `a[]=v` appends.
 */
export function parseForm(text: string): RawObject {
  const root: RawObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[\]]+/.exec(key)?.[0];
    if (!head) throw badParam(key, `Invalid parameter name: ${key}`);
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    path.forEach((segment, i) => {
      const seg = segment === '' ? String(Object.keys(node).length) : segment;
      if (FORBIDDEN_KEYS.has(seg)) throw badParam(key, `Invalid parameter name: ${key}`);
      if (i === path.length - 1) {
        node[seg] = value;
        return;
      }
      const next = node[seg];
      node = typeof next === 'object' && !Array.isArray(next) ? next : (node[seg] = {});
    });
  }
  return arraysFromIndexes(root) as RawObject;
}

function arraysFromIndexes(value: RawValue): RawValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arraysFromIndexes(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/**
 * Reads one level of request parameters with Stripe's checks and messages. Every key read is remembered, so
 * `rejectUnknown()` can answer "Received unknown parameter" for anything the fake does not understand: a typo in
 * Plaza's call fails the test instead of being silently ignored.
 */
export class Params {
  private readonly used = new Set<string>();
  private readonly children: Params[] = [];

  constructor(
    private readonly raw: RawObject,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** The value, or undefined when absent; an empty string is how the `stripe` package sends null (unset). */
  private take(key: string): RawValue | undefined {
    this.used.add(key);
    const value = this.raw[key];
    return value === '' ? undefined : value;
  }

  private required<T>(key: string, value: T | undefined, required: boolean | undefined): T | undefined {
    if (value === undefined && required) throw badParam(this.name(key), `Missing required param: ${this.name(key)}.`);
    return value;
  }

  str(key: string, opts: { required: true; max?: number }): string;
  str(key: string, opts?: { required?: boolean; max?: number }): string | undefined;
  str(key: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.take(key);
    if (value !== undefined && typeof value !== 'string') {
      throw badParam(this.name(key), `Invalid string: ${this.name(key)} must be a string`);
    }
    if (value !== undefined && opts.max !== undefined && value.length > opts.max) {
      throw badParam(this.name(key), `Invalid ${this.name(key)}: must be at most ${opts.max} characters`);
    }
    return this.required(key, value, opts.required);
  }

  int(key: string, opts: { required: true; min?: number }): number;
  int(key: string, opts?: { required?: boolean; min?: number }): number | undefined;
  int(key: string, opts: { required?: boolean; min?: number } = {}): number | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text)) throw badParam(this.name(key), `Invalid integer: ${text}`);
    const value = Number(text);
    if (opts.min !== undefined && value < opts.min) {
      throw badParam(this.name(key), `Invalid ${this.name(key)}: must be greater than or equal to ${opts.min}`);
    }
    return value;
  }

  bool(key: string): boolean | undefined {
    const text = this.str(key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw badParam(this.name(key), `Invalid boolean: ${text}`);
    return text === 'true';
  }

  oneOf<T extends string>(key: string, values: readonly T[], opts: { required: true }): T;
  oneOf<T extends string>(key: string, values: readonly T[], opts?: { required?: boolean }): T | undefined;
  oneOf<T extends string>(key: string, values: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const text = this.str(key, opts);
    if (text === undefined) return undefined;
    if (!(values as readonly string[]).includes(text)) {
      throw badParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
    }
    return text as T;
  }

  object(key: string): Params | undefined {
    const value = this.take(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw badParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash`);
    }
    return this.child(value, this.name(key));
  }

  /** An array of hashes, e.g. `line_items`. */
  objects(key: string): Params[] {
    const value = this.take(key);
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw badParam(this.name(key), `Invalid array: ${this.name(key)} must be an array`);
    return value.map((item, i) => {
      const name = `${this.name(key)}[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item)) throw badParam(name, `Invalid object: ${name}`);
      return this.child(item, name);
    });
  }

  /** An array of strings, e.g. `expand`. */
  strings(key: string): string[] {
    const value = this.take(key);
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v): v is string => typeof v === 'string')) {
      throw badParam(this.name(key), `Invalid array: ${this.name(key)} must be an array of strings`);
    }
    return list;
  }

  /** Stripe's metadata limits: 50 keys, key ≤ 40 characters, value ≤ 500 characters. */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.take(key);
    if (value === undefined) return undefined;
    const entries = Object.entries(typeof value === 'string' ? {} : value);
    if (typeof value === 'string' || entries.length > 50) {
      throw badParam(this.name(key), `Invalid ${this.name(key)}: must be a hash of at most 50 keys`);
    }
    const out: Record<string, string> = {};
    for (const [k, v] of entries) {
      const name = `${this.name(key)}[${k}]`;
      if (typeof v !== 'string') throw badParam(name, `Invalid string: ${name}`);
      if (k.length > 40) throw badParam(name, `Metadata keys can have up to 40 characters; '${k}' is too long.`);
      if (v.length > 500) throw badParam(name, `Metadata values can have up to 500 characters, but '${k}' has more.`);
      out[k] = v;
    }
    return out;
  }

  /** Throws Stripe's "Received unknown parameter" for the first key no reader asked for, at any depth. */
  rejectUnknown(): void {
    const unknown = Object.keys(this.raw).find((k) => !this.used.has(k));
    if (unknown !== undefined) throw badParam(this.name(unknown), `Received unknown parameter: ${this.name(unknown)}`);
    for (const child of this.children) child.rejectUnknown();
  }

  private child(raw: RawObject, name: string): Params {
    const child = new Params(raw, name);
    this.children.push(child);
    return child;
  }
}
