/**
 * One mechanism for every form: a field's rules come from the server's own limits and patterns
 * (`@plaza/contracts/constants`), are checked in the browser with the same numbers, and a violation the server still
 * reports is put into the same words using the form's labels. Nothing on screen shows a pattern, a field path or JSON.
 */

/** What one field must satisfy, and how to say so. */
export interface FieldRule {
  /** The field's label on screen; messages name it ("Display name can be at most 60 characters"). */
  label: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** A JSON Schema pattern from the contracts' constants (the server's schema uses the same string). */
  pattern?: string;
  /** The FORMAT problem in words, e.g. "Enter a language code such as en or en-US." */
  formatHint?: string;
  /** Numbers: inclusive bounds. */
  min?: number;
  max?: number;
  /** Says what to do when a required value is missing ("Choose 1 to 5 stars."); default "<label> is required." */
  requiredMessage?: string;
  /** A check the server makes in code rather than by pattern (a parsable web address); fails with formatHint. */
  valid?: (value: string) => boolean;
}

export type FormRules<F extends string = string> = Record<F, FieldRule>;

/** A field violation as the server sends it (`details.validationError.fieldViolations[]`). */
export interface Violation {
  field: string;
  description: string;
  violatedRule?: string;
  data?: Record<string, unknown>;
}

/** Characters as the server counts them (JSON Schema counts code points, so an emoji is one). */
export const lengthOf = (value: string) => [...value].length;

const number = (n: number) => new Intl.NumberFormat().format(n);
const chars = (n: number) => `${number(n)} ${n === 1 ? 'character' : 'characters'}`;

/** "Display name can be at most 60 characters (now 75)." */
export function tooLong(label: string, max: number, length?: number): string {
  return `${label} can be at most ${chars(max)}${length === undefined ? '' : ` (now ${number(length)})`}.`;
}

/**
 * The first problem with one value, in words, or undefined when it is fine. Empty optional values pass; text is
 * checked as typed (no trimming), exactly as the server will see it.
 */
export function validateField(
  rule: FieldRule,
  value: string | number | boolean | null | undefined,
): string | undefined {
  if (value === undefined || value === null || value === '' || value === false) {
    return rule.required ? (rule.requiredMessage ?? `${rule.label} is required.`) : undefined;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${rule.label} must be a number.`;
    if (rule.min !== undefined && value < rule.min) return `${rule.label} must be at least ${number(rule.min)}.`;
    if (rule.max !== undefined && value > rule.max) return `${rule.label} can be at most ${number(rule.max)}.`;
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  const length = lengthOf(value);
  if (rule.maxLength !== undefined && length > rule.maxLength) return tooLong(rule.label, rule.maxLength, length);
  if (rule.minLength !== undefined && length < rule.minLength)
    return `${rule.label} needs at least ${chars(rule.minLength)}.`;
  if (
    (rule.pattern !== undefined && !new RegExp(rule.pattern, 'u').test(value)) ||
    (rule.valid !== undefined && !rule.valid(value))
  )
    return rule.formatHint ?? `${rule.label} is not in the expected form.`;
  return undefined;
}

/** Every field's first problem; an empty object when the form can be sent. */
export function validateForm<F extends string>(
  rules: FormRules<F>,
  values: Partial<Record<F, string | number | boolean | null | undefined>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const problem = validateField(rules[field], values[field]);
    if (problem) out[field] = problem;
  }
  return out;
}

// A description that shows any of these is not for people: a regex, a JSON fragment, an index path or a type name.
const TECHNICAL =
  /[\^$\\{}]|\w\[\d*\]|\bpattern\b|\bschema\b|must match|must be (?:a )?(?:string|integer|number|object|array|boolean)\b/i;

/** The number a server description states ("must be at most 100 characters" → 100). */
function numberIn(text: string): number | undefined {
  const m = /(-?\d[\d,]*)/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
}

/**
 * A server violation in words, naming the field by the form's own label. The form's rule supplies the limits and the
 * format hint; the server's description is used only when it is already plain words (a business rule such as "The
 * provider could not be reached at this address"), never when it shows a pattern or a path.
 */
export function violationToWords(violation: Violation, rule: FieldRule | undefined): string {
  const label = rule?.label ?? labelOfPath(violation.field);
  const rest = stripField(violation.description, violation.field);
  switch (violation.violatedRule) {
    case 'REQUIRED_FIELD':
      return rule?.requiredMessage ?? `${label} is required.`;
    case 'MAX_LENGTH': {
      const max = rule?.maxLength ?? numberIn(rest);
      return max === undefined ? `${label} is too long.` : tooLong(label, max);
    }
    case 'MIN_LENGTH': {
      const min = rule?.minLength ?? numberIn(rest);
      return !min || min <= 1 ? `${label} is required.` : `${label} needs at least ${chars(min)}.`;
    }
    case 'MAX': {
      const max = rule?.max ?? numberIn(rest);
      return max === undefined ? `${label} is too large.` : `${label} can be at most ${number(max)}.`;
    }
    case 'MIN': {
      const min = rule?.min ?? numberIn(rest);
      return min === undefined ? `${label} is too small.` : `${label} must be at least ${number(min)}.`;
    }
    case 'INVALID_ENUM_VALUE':
      return `Choose one of the offered options for ${lowerFirst(label)}.`;
    case 'FIELD_NOT_ALLOWED':
      return `${label} can't be changed here.`;
    case 'FORMAT':
      if (rule?.formatHint) return rule.formatHint;
      return plain(rest, violation.field) ? sentence(`${label} ${rest}`) : `${label} is not in the expected form.`;
    default:
      if (plain(violation.description, violation.field)) return sentence(violation.description);
      return plain(rest, violation.field) ? sentence(`${label} ${rest}`) : `${label} is not valid.`;
  }
}

/** A readable name for a field no form labels: `site.timeZone` → "Time zone", `emails[0].email` → "Email". */
export function labelOfPath(path: string): string {
  const last =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? '';
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This value';
}

/** "loginId.email must be an e-mail address" → "must be an e-mail address" (the label takes the path's place). */
function stripField(description: string, field: string): string {
  const trimmed = description.trim();
  return field && trimmed.startsWith(`${field} `) ? trimmed.slice(field.length + 1) : trimmed;
}

/** Plain words: nothing technical, and not the field's path (`site.locale`) either. */
const plain = (text: string, field: string) =>
  text.length > 0 && !TECHNICAL.test(text) && !(/[.[]/.test(field) && text.includes(field));
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const sentence = (s: string) => {
  const t = s.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

/** The server's field violations of a thrown PlazaError (none for other errors). */
export function violationsOf(error: unknown): Violation[] {
  const list = (error as { details?: { validationError?: { fieldViolations?: unknown } } } | null)?.details
    ?.validationError?.fieldViolations;
  return Array.isArray(list) ? (list as Violation[]) : [];
}

/**
 * The server's violations of a failed save, in words, next to the form's fields: `fieldOf` maps a server path
 * (`site.locale`, `content.title`) to a form field; by default the last segment of the path, when the form has it.
 * Violations no field claims are returned in `other`, already in words, so they can be shown once under the form.
 */
export function serverProblems<F extends string>(
  error: unknown,
  rules: FormRules<F>,
  fieldOf: (path: string) => F | undefined = (path) => lastSegmentField(path, rules),
): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const v of violationsOf(error)) {
    const field = fieldOf(v.field);
    if (field) byField[field] ??= violationToWords(v, rules[field]);
    else {
      const words = violationToWords(v, undefined);
      if (!other.includes(words)) other.push(words);
    }
  }
  return { byField, other };
}

function lastSegmentField<F extends string>(path: string, rules: FormRules<F>): F | undefined {
  if (path in rules) return path as F;
  const last =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? '';
  return last in rules ? (last as F) : undefined;
}
