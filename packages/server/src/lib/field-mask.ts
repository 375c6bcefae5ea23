import { AppError } from '../kernel/errors.js';

/**
 * Checks mask paths against the allowed list: an unknown path is a FIELD_NOT_ALLOWED violation on
 * `fieldMask.paths[i]`, and a listed path must be present in the patch (REQUIRED_FIELD on the entity field) unless
 * it is `clearable`: an optional field named in the mask and absent from the patch is removed (AIP-134).
 */
export function checkFieldMask(
  paths: string[],
  allowed: readonly string[],
  entity: Record<string, unknown>,
  entityName: string,
  clearable: readonly string[] = [],
): void {
  const violations = [];
  for (const [i, p] of paths.entries()) {
    // A parent path ('signInPolicy') selects all its allowed children.
    const known = allowed.includes(p) || allowed.some((a) => a.startsWith(`${p}.`));
    if (!known) {
      violations.push({
        field: `fieldMask.paths[${i}]`,
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
        description: `"${p}" cannot be updated; allowed paths: ${allowed.join(', ')}`,
      });
    } else if (getPath(entity, p) === undefined && !clearable.includes(p)) {
      violations.push({
        field: `${entityName}.${p}`,
        violatedRule: 'REQUIRED_FIELD' as const,
        description: `${entityName}.${p} is in the field mask but missing from ${entityName}`,
      });
    }
  }
  if (violations.length) {
    throw new AppError('VALIDATION', violations[0]!.description, { violations });
  }
}

export function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** Copies only the masked paths of `patch` onto a clone of `target`. */
export function applyFieldMask<T extends Record<string, unknown>>(
  target: T,
  patch: Record<string, unknown>,
  paths: string[],
): T {
  const out = structuredClone(target) as Record<string, unknown>;
  for (const p of paths) {
    const keys = p.split('.');
    let node = out;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    const value = getPath(patch, p);
    node[keys.at(-1)!] = structuredClone(value);
  }
  return out as T;
}

/**
 * The mask an update without one means (as the platform does): the allowed paths present in `entity`. A given field
 * no allowed path covers is a FIELD_NOT_ALLOWED violation naming it, never silently dropped.
 */
export function maskOfPresent(
  entity: Record<string, unknown>,
  allowed: readonly string[],
  entityName: string,
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(entity)) {
    if (v === undefined) continue;
    const p = prefix ? `${prefix}.${k}` : k;
    const nested = v !== null && typeof v === 'object' && !Array.isArray(v);
    if (allowed.includes(p)) out.push(p);
    else if (nested && allowed.some((a) => a.startsWith(`${p}.`))) {
      out.push(...maskOfPresent(v as Record<string, unknown>, allowed, entityName, p));
    } else {
      throw new AppError('VALIDATION', `${entityName}.${p} cannot be updated`, {
        violations: [
          {
            field: `${entityName}.${p}`,
            violatedRule: 'FIELD_NOT_ALLOWED',
            description: `cannot be updated; allowed: ${allowed.join(', ')}`,
          },
        ],
      });
    }
  }
  return out;
}
