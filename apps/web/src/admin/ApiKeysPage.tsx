import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiKeyScope, CreateApiKeyResponse } from '@plaza/contracts';
import { settingsMutations, settingsQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { FormProblems } from '../ui/FormProblems.js';
import { APP_LIMITS } from '@plaza/contracts/constants';
import { TextField } from '../ui/Field.js';
import { useFormRules } from '../ui/useFormRules.js';
import { useDateFormat } from './dates.js';
import { PageHeader } from './SiteQuery.js';
import { useToast } from './Toast.js';
import { QuerySection } from './ui/QueryStates.js';
import { CopyableValue } from './ui/CopyableValue.js';
import { confirmRow, DangerConfirm } from './ui/DangerConfirm.js';

// Written out rather than imported: the contracts' values would pull the schema library into this chunk.
const SCOPES: Array<{ scope: ApiKeyScope; label: string }> = [
  { scope: '*', label: 'Everything (all scopes, now and later)' },
  { scope: 'site.manage', label: 'Change site settings' },
  { scope: 'api-keys.manage', label: 'Manage API keys' },
  { scope: 'oauth-clients.manage', label: 'Manage OAuth clients' },
  { scope: 'identity.manage', label: 'Manage accounts (approve, sign on, SSO)' },
  { scope: 'members', label: 'Members' },
  { scope: 'reviews', label: 'Reviews' },
  { scope: 'mailbox.read', label: 'Read the dev mailbox' },
  { scope: 'catalog', label: 'Products and collections' },
  { scope: 'ecom', label: 'Store: carts, checkouts, discounts, shipping, tax and gift cards' },
  { scope: 'media', label: 'Media library' },
];

/** /admin/api-keys: keys for back-office scripts and apps; a new key is shown once. */
export function ApiKeysPage() {
  const apiKeys = useQuery(settingsQueries.apiKeys(usePlaza()));
  const { data } = apiKeys;
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const keys = data ?? [];
  const active = keys.filter((k) => !k.revokedDate);
  const revoked = keys.filter((k) => k.revokedDate);
  return (
    <>
      <PageHeader
        title="API keys"
        description="Back-office scripts and apps call the API with a key. Give each key only the scopes it needs."
      />
      <div className="space-y-6">
        <CreateKeyForm onCreated={setCreated} />
        {created && (
          <Alert tone="success" title={`Key "${created.apiKey.name}" created`}>
            <p>Copy it now: it is shown only this once. Anyone with it can act with its scopes.</p>
            <CopyableValue value={created.key} className="mt-3" testId="new-api-key" />
            <Button variant="ghost" className="mt-2 -ml-2" onClick={() => setCreated(null)}>
              I've stored it; hide the key
            </Button>
          </Alert>
        )}
        <QuerySection
          id="keys-title"
          title="Active keys"
          query={apiKeys}
          loadingLabel="Loading API keys"
          rows={3}
          empty={{
            is: () => active.length === 0,
            title: 'No API keys',
            body: 'Create one above when a script or app needs to call the API.',
          }}
        >
          {() => <KeyList keys={active} />}
        </QuerySection>
        {revoked.length > 0 && (
          <details className="rounded-lg border border-neutral-200 bg-white p-4">
            <summary className="cursor-pointer text-sm font-medium">Revoked keys ({revoked.length})</summary>
            <div className="mt-3">
              <KeyList keys={revoked} />
            </div>
          </details>
        )}
      </div>
    </>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (r: CreateApiKeyResponse) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const create = usePlazaMutation(settingsMutations.createApiKey, {
    onSuccess: (r) => {
      onCreated(r);
      setName('');
      setScopes([]);
    },
  });
  const rules = useFormRules(
    { name: { label: 'Name', required: true, maxLength: APP_LIMITS.apiKeyName } },
    { name: name.trim() },
    { serverError: create.error },
  );
  const toggle = (s: ApiKeyScope, on: boolean) => setScopes((all) => (on ? [...all, s] : all.filter((x) => x !== s)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rules.check() && scopes.length) create.mutate({ name: name.trim(), scopes });
  };
  return (
    <Card title="New key">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          {...rules.bind('name', name, setName)}
          hint="Say what uses it, e.g. “Nightly export”."
          className="sm:max-w-sm"
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-neutral-800">Scopes</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {SCOPES.map(({ scope, label }) => (
              <label key={scope} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                <span>
                  {label} <code className="text-xs text-neutral-500">{scope}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormProblems form={rules} error={create.error} />

        <div className="flex items-center justify-end gap-3">
          {!scopes.length && <span className="text-xs text-neutral-500">Choose at least one scope.</span>}
          <Button type="submit" busy={create.isPending} disabled={!scopes.length || !name.trim()}>
            Create key
          </Button>
        </div>
      </form>
    </Card>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  const toast = useToast();
  const date = useDateFormat();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = usePlazaMutation(settingsMutations.deleteApiKey, {
    onSuccess: () => {
      toast(`Key "${revoking?.name}" revoked`);
      setRevoking(null);
    },
  });
  return (
    <>
      <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
        {keys.map((k) => (
          <li key={k.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{k.name}</p>
              <p className="mt-0.5 text-xs text-neutral-600">
                <code className="font-mono">{k.keyPrefix}…</code> · created {date(k.createdDate)} ·{' '}
                {k.revokedDate
                  ? `revoked ${date(k.revokedDate)}`
                  : k.lastUsedDate
                    ? `last used ${date(k.lastUsedDate)}`
                    : 'never used'}
              </p>
              <p className="mt-1 flex flex-wrap gap-1">
                {k.scopes.map((s) => (
                  <span key={s} className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[11px] text-neutral-700">
                    {s}
                  </span>
                ))}
              </p>
            </div>
            {!k.revokedDate && (
              <Button variant="secondary" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <DangerConfirm
        title={`Revoke "${revoking?.name ?? ''}"?`}
        confirmLabel="Revoke key"
        {...confirmRow(revoking, setRevoking, revoke, (k) => revoke.mutate(k.id))}
      >
        <p>Every script or app using this key stops working at once. This can't be undone.</p>
      </DangerConfirm>
    </>
  );
}
