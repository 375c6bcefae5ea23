import { useState, type FormEvent } from 'react';
import { usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { fieldErrors } from '../../ui/friendlyError.js';
import { useToast } from '../Toast.js';
import { useReviewsMutation } from '../data.js';

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as <input type="datetime-local"> wants it. */
export function localDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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
  const plaza = usePlaza();
  const toast = useToast();
  const [form, setForm] = useState(blank);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
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
  const errors = fieldErrors(create.error);
  const err = (path: string) => errors[`reviewRequest.${path}`] ?? errors[path];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(undefined);
  };
  return (
    <Card
      title="Ask for a review"
      description="We e-mail the person a link to review what they bought or used, at the time you choose."
    >
      <form onSubmit={submit} className="space-y-4" noValidate={false}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="What to review"
            hint="Shown in the e-mail: “How was …?”"
            required
            maxLength={200}
            value={form.entityName}
            onChange={set('entityName')}
            error={err('entityName')}
          />
          <TextField
            label="Link"
            hint="Where the e-mail's button leads, such as the product page."
            type="url"
            required
            maxLength={2000}
            value={form.link}
            onChange={set('link')}
            error={err('link')}
          />
          <TextField
            label="Namespace"
            hint="What kind of thing it is: site, stores, …"
            required
            pattern="[a-z][a-z0-9_\-]*"
            maxLength={50}
            value={form.namespace}
            onChange={set('namespace')}
            error={err('namespace')}
          />
          <TextField
            label="Entity id"
            hint="Its id within the namespace, such as the product id."
            required
            maxLength={200}
            value={form.entityId}
            onChange={set('entityId')}
            error={err('entityId')}
          />
          <TextField
            label="Contact name"
            maxLength={100}
            autoComplete="off"
            value={form.name}
            onChange={set('name')}
            error={err('contact.name')}
          />
          <TextField
            label="Contact e-mail"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={form.email}
            onChange={set('email')}
            error={err('contact.email')}
          />
          <TextField
            label="Send at"
            hint="Your local time. Now, or up to a year ahead."
            type="datetime-local"
            required
            value={form.sendAt}
            onChange={set('sendAt')}
            error={err('sendDate')}
          />
        </div>
        {create.error && <ErrorMessage error={create.error} />}
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending}>
            Schedule e-mail
          </Button>
        </div>
      </form>
    </Card>
  );
}
