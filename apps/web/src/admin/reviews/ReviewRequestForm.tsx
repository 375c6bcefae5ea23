import { useState, type FormEvent } from 'react';
import { usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextField } from '../../ui/Field.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, REVIEW_LIMITS, REVIEW_NAMESPACE_PATTERN } from '@plaza/contracts/constants';
import type { FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { useReviewsMutation } from '../data.js';

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as <input type="datetime-local"> wants it. */
export function localDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type RequestField = 'entityName' | 'link' | 'namespace' | 'entityId' | 'name' | 'email' | 'sendAt';

/** The review-request contract's rules, checked before sending. */
const requestRules: FormRules<RequestField> = {
  entityName: { label: 'What to review', required: true, maxLength: REVIEW_LIMITS.entityId },
  link: {
    label: 'Link',
    required: true,
    maxLength: REVIEW_LIMITS.url,
    pattern: '^https?://',
    formatHint: 'Enter a web address starting with https:// (or http://).',
  },
  namespace: {
    label: 'Kind',
    required: true,
    maxLength: REVIEW_LIMITS.namespace,
    pattern: REVIEW_NAMESPACE_PATTERN,
    formatHint: 'Use lowercase letters, digits, - and _, starting with a letter (such as site or stores).',
  },
  entityId: { label: 'Item code', required: true, maxLength: REVIEW_LIMITS.entityId },
  name: { label: 'Contact name', maxLength: REVIEW_LIMITS.name },
  email: {
    label: 'Contact e-mail',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    formatHint: 'Enter an e-mail address such as name@example.com.',
  },
  sendAt: { label: 'Send at', required: true },
};

/** Server paths (`reviewRequest.contact.email`) to the form's fields. */
const FIELD_OF: Record<string, RequestField> = {
  entityName: 'entityName',
  link: 'link',
  namespace: 'namespace',
  entityId: 'entityId',
  'contact.name': 'name',
  'contact.email': 'email',
  sendDate: 'sendAt',
};

const blank = () => ({
  namespace: 'site',
  entityId: '',
  entityName: '',
  // The site's own address (the app is served by the site), as the landing page of a general review.
  link: `${globalThis.location?.origin ?? ''}/`,
  name: '',
  email: '',
  sendAt: localDateTimeValue(new Date()),
});

/** Schedules one review-request e-mail: what to review, where the button leads, to whom, and when. */
export function ReviewRequestForm() {
  const { bind, rules, create, submit } = useReviewRequestForm();
  return (
    <Card
      title="Ask for a review"
      description="We e-mail the person a link to review what they bought or used, at the time you choose."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...bind('entityName')} hint="Shown in the e-mail: “How was …?”" />
          <TextField
            {...bind('link')}
            maxLength={undefined}
            hint="Where the e-mail's button leads, such as the product page."
            type="url"
          />
          <TextField {...bind('namespace')} hint="What kind of thing it is: site, stores, …" />
          <TextField {...bind('entityId')} hint="Which one it is, such as the product's code." />
          <TextField {...bind('name')} autoComplete="off" />
          <TextField {...bind('email')} maxLength={undefined} type="email" autoComplete="off" />
          <TextField {...bind('sendAt')} hint="Your local time. Now, or up to a year ahead." type="datetime-local" />
        </div>
        <FormProblems form={rules} error={create.error} />

        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending}>
            Schedule e-mail
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The request being typed, checked by the contract's rules, and scheduled (the form empties once it is). */
function useReviewRequestForm() {
  const plaza = usePlaza();
  const toast = useToast();
  const [form, setForm] = useState(blank);
  const create = useReviewsMutation(
    () => {
      const when = new Date(form.sendAt);
      // "Now" (or a minute ago, after a slow form) is sent as now: the server refuses dates in the past.
      const sendDate = Number.isNaN(when.getTime()) || when.getTime() < Date.now() ? new Date() : when;
      return plaza.reviews.createReviewRequest({
        namespace: form.namespace.trim(),
        entityId: form.entityId.trim(),
        entityName: form.entityName.trim(),
        link: form.link.trim(),
        contact: { email: form.email.trim(), ...(form.name.trim() ? { name: form.name.trim() } : {}) },
        channel: 'EMAIL',
        sendDate: sendDate.toISOString(),
      });
    },
    ({ reviewRequest }) => {
      toast(`Review request to ${reviewRequest.contact.email} scheduled`);
      setForm(blank());
    },
  );
  const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as typeof form;
  const rules = useFormRules(
    requestRules,
    { ...trimmed, email: trimmed.email.toLowerCase() },
    {
      serverError: create.error,
      fieldOf: (path) => FIELD_OF[path.replace(/^reviewRequest\./, '')],
    },
  );
  /** A field's label, limit, problem and typed value; typing clears its old server problem. */
  const bind = (field: RequestField) => rules.bind(field, form[field], (value) => setForm({ ...form, [field]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rules.check()) create.mutate(undefined);
  };
  return { bind, rules, create, submit };
}
