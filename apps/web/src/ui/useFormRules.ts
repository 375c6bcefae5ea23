import { useState, type ChangeEvent } from 'react';
import { lengthOf, serverProblems, validateForm, type FormRules } from './formRules.js';

type Value = string | number | boolean | null | undefined;

/**
 * A form's problems, each once, next to its field: the browser's checks (the server's own limits and patterns) and
 * the server's violations of the last failed save, in words.
 * - A value over its length limit is reported at once (the counter turns red); other problems after the first submit.
 * - A server problem stays until its field is edited or the form is sent again.
 *
 * @example
 * const form = useFormRules(rules, values, { serverError: save.error });
 * <TextField {...form.bind('name', values.name, setName)} />
 * <form onSubmit={(e) => { e.preventDefault(); if (form.check()) save.mutate(values); }}>
 */
export function useFormRules<F extends string>(
  rules: FormRules<F>,
  values: Partial<Record<F, Value>>,
  opts: { serverError?: unknown; fieldOf?: (path: string) => F | undefined } = {},
) {
  const [submitted, setSubmitted] = useState(false);
  const [edits, setEdits] = useState<{ error: unknown; fields: F[] }>({ error: undefined, fields: [] });
  const client = validateForm(rules, values);
  const server = serverProblems(opts.serverError, rules, opts.fieldOf);
  const editedSinceError = edits.error === opts.serverError ? edits.fields : [];

  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const value = values[field];
    const max = rules[field].maxLength;
    const overLimit = typeof value === 'string' && max !== undefined && lengthOf(value) > max;
    const mine = submitted || overLimit ? client[field] : undefined;
    errors[field] = mine ?? (editedSinceError.includes(field) ? undefined : server.byField[field]);
  }

  /** Call when a field changes: its server problem belonged to the old value. */
  const edited = (field: F) =>
    setEdits((e) =>
      e.error === opts.serverError
        ? { error: e.error, fields: e.fields.includes(field) ? e.fields : [...e.fields, field] }
        : { error: opts.serverError, fields: [field] },
    );
  /** Label, error and length limit for a TextField / TextAreaField. */
  const field = (name: F) => {
    const rule = rules[name];
    return {
      label: rule.label,
      error: errors[name],
      ...(rule.maxLength !== undefined ? { maxLength: rule.maxLength } : {}),
      ...(rule.required ? { required: true } : {}),
    };
  };

  return {
    /** The problem to show under each field, if any. */
    errors,
    /** Server problems no field of this form claims, in words (show them once under the form). */
    otherProblems: server.other,
    /** True when the last failed save was about fields (so a general error box would repeat them). */
    hasViolations: Object.keys(server.byField).length + server.other.length > 0,
    /** Marks the form as sent: shows every problem; true when the browser found none. */
    check(): boolean {
      setSubmitted(true);
      return Object.keys(client).length === 0;
    },
    edited,
    field,
    /**
     * `field` plus the typed value: a TextField / TextAreaField bound to `value`, where typing sets it with `set` and
     * clears the field's old server problem.
     */
    bind(name: F, value: string, set: (value: string) => void) {
      return {
        ...field(name),
        value,
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
          set(e.target.value);
          edited(name);
        },
      };
    },
  };
}
