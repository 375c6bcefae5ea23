import { usePlazaMutation, webhookMutations } from '@plaza/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { EventType, WebhookSubscription } from '@plaza/contracts';
import { WEBHOOK_LIMITS } from '@plaza/contracts/constants';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextField } from '../../ui/Field.js';
import { violationsOf, type FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { EventTypePicker } from './EventTypePicker.js';
import { FormActions } from '../../ui/FormActions.js';

export interface Draft {
  name: string;
  url: string;
  eventTypes: Set<EventType>;
  entityId: string;
}

const draftOf = (s: WebhookSubscription | null): Draft => ({
  name: s?.name ?? '',
  url: s?.url ?? '',
  eventTypes: new Set(s?.eventTypes ?? []),
  entityId: s?.entityId ?? '',
});

/** What is wrong with the draft before it is sent, in words; the server checks again (and the address). */
export function draftProblems(d: Pick<Draft, 'url' | 'eventTypes'>): { url?: string; eventTypes?: string } {
  const problems: { url?: string; eventTypes?: string } = {};
  if (!d.url.trim()) problems.url = 'Enter the address that should receive the messages.';
  else if (!/^https?:\/\/[^\s/]+/i.test(d.url.trim()))
    problems.url = 'The address starts with https:// (or http://), such as https://example.com/hooks.';
  if (d.eventTypes.size === 0) problems.eventTypes = 'Choose at least one event.';
  return problems;
}

const OWN_NETWORK =
  'This address is on your store’s own network (such as this computer), which webhooks may not reach until you allow it.';
/** The "Your own network" setting, on the webhooks page. */
export const OWN_NETWORK_SETTING = '/admin/webhooks#own-network';

/** The server refused the address because it is inside the store's own network (a setting can allow it). */
const refusedAsOwnNetwork = (error: unknown) =>
  violationsOf(error).some((v) => (v.data as { reason?: string } | undefined)?.reason === 'OWN_NETWORK');

/**
 * The server's limits (`WEBHOOK_LIMITS`), checked as typed; the address's form is checked by {@link draftProblems}
 * and its reachability only by the server, whose words ("must not point at a private address") are kept.
 */
export const webhookRules: FormRules<'name' | 'url' | 'entityId'> = {
  name: { label: 'Name', maxLength: WEBHOOK_LIMITS.name },
  url: { label: 'The address', maxLength: WEBHOOK_LIMITS.url },
  entityId: { label: 'The item ID', maxLength: WEBHOOK_LIMITS.entityId },
};

/**
 * Adds a webhook, or changes one (`subscription` given): only what changed is sent. On success `onDone` gets the
 * saved webhook.
 */
export function WebhookForm({
  subscription,
  onDone,
  onCancel,
}: {
  subscription: WebhookSubscription | null;
  onDone: (saved: WebhookSubscription) => void;
  onCancel: () => void;
}) {
  const initial = draftOf(subscription);
  const [draft, setDraft] = useState<Draft>(initial);
  const create = usePlazaMutation(webhookMutations.createSubscription);
  const update = usePlazaMutation(webhookMutations.updateSubscription);
  const toast = useToast();
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const save = (draft: Draft) => {
    const values = {
      name: draft.name.trim(),
      url: draft.url.trim(),
      eventTypes: [...draft.eventTypes],
      entityId: draft.entityId.trim() || null,
    };
    if (!subscription) {
      create.mutate(values, {
        onSuccess: (r) => {
          toast('Webhook added');
          onDone(r.subscription);
        },
      });
      return;
    }
    const changes: Partial<typeof values> = {};
    if (values.name !== initial.name) changes.name = values.name;
    if (values.url !== initial.url) changes.url = values.url;
    if (values.entityId !== (initial.entityId || null)) changes.entityId = values.entityId;
    const sameEvents =
      values.eventTypes.length === initial.eventTypes.size && values.eventTypes.every((t) => initial.eventTypes.has(t));
    if (!sameEvents) changes.eventTypes = values.eventTypes;
    if (!Object.keys(changes).length) return onCancel();
    update.mutate(
      { subscriptionId: subscription.id, changes },
      {
        onSuccess: (r) => {
          toast('Webhook saved');
          onDone(r.subscription);
        },
      },
    );
  };

  return (
    <WebhookDraftForm
      draft={draft}
      onDraft={setDraft}
      editing={subscription !== null}
      saving={saving}
      error={error}
      onSave={save}
      onCancel={onCancel}
    />
  );
}

/**
 * The webhook's fields: counters to the server's limits, each problem once next to its field (the server's too, in
 * words), and nothing sent while one remains.
 */
export function WebhookDraftForm({
  draft,
  onDraft,
  editing,
  saving,
  error,
  onSave,
  onCancel,
}: {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  editing: boolean;
  saving: boolean;
  error: unknown;
  onSave: (draft: Draft) => void;
  onCancel: () => void;
}) {
  const [tried, setTried] = useState(false);
  const form = useFormRules(webhookRules, draft, { serverError: error });
  const ownNetwork = form.errors.url !== undefined && refusedAsOwnNetwork(error);
  const problems = tried ? draftProblems(draft) : {};
  const set = (field: 'name' | 'url' | 'entityId', value: string) => {
    onDraft({ ...draft, [field]: value });
    form.edited(field);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const ruleProblems = !form.check();
    if (ruleProblems || Object.keys(draftProblems(draft)).length) return;
    onSave(draft);
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        {...form.field('name')}
        label="Name (optional)"
        hint="So you recognise it in the list, such as “Warehouse system”."
        value={draft.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextField
        {...form.field('url')}
        label="Address that receives the messages"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/plaza"
        hint="Your other system's web address. Every message is signed, so it can check it came from your store."
        required
        value={draft.url}
        error={ownNetwork ? OWN_NETWORK : (form.errors.url ?? problems.url)}
        onChange={(e) => set('url', e.target.value)}
      />
      {ownNetwork && <OwnNetworkHint onLeave={onCancel} />}
      <EventTypePicker
        value={draft.eventTypes}
        error={problems.eventTypes}
        onChange={(eventTypes) => onDraft({ ...draft, eventTypes })}
      />
      <TextField
        {...form.field('entityId')}
        label="Only about one item (optional)"
        hint="Paste the ID of a member, review or other item to hear only about it. Leave empty to hear about all."
        value={draft.entityId}
        onChange={(e) => set('entityId', e.target.value)}
      />
      <FormProblems form={form} error={error} />

      <FormActions submitLabel={editing ? 'Save webhook' : 'Add webhook'} busy={saving} onCancel={onCancel} />
    </form>
  );
}

/** The way to the setting that lets webhooks reach the store's own network; following it leaves the form. */
function OwnNetworkHint({ onLeave }: { onLeave: () => void }) {
  return (
    <p className="-mt-3 text-sm">
      <Link to={OWN_NETWORK_SETTING} onClick={onLeave} className="font-medium text-accent underline">
        Allow your own network
      </Link>{' '}
      if the system that receives the messages runs next to your store, such as an app on this computer.
    </p>
  );
}
