import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdpConnection, ListIdpConnectionsResponse } from '@plaza/contracts';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { CopyButton } from '../ui/CopyButton.js';
import { EmptyState } from '../ui/EmptyState.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { useDateFormat } from './dates.js';
import { ListSkeleton } from './ListSkeleton.js';
import { PageHeader } from './SiteQuery.js';
import { useToast } from './Toast.js';

const KEYS = ['plaza', 'admin', 'sso-connections'];

/** /admin/sso: OpenID Connect identity providers behind the "Continue with …" buttons. */
export function SsoPage() {
  const client = usePlaza<PlazaClient>();
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: KEYS,
    queryFn: () => client.fetch<ListIdpConnectionsResponse>('/identity/v1/sso/connections'),
  });
  const [created, setCreated] = useState<IdpConnection | null>(null);
  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Let people log in with an account they already have at an OpenID Connect provider (a company directory, Google, Keycloak …)."
      />
      <div className="space-y-6">
        <CreateConnectionForm onCreated={setCreated} />
        {created && (
          <Alert tone="success" title={`"${created.displayName}" is connected`}>
            <p>Register this redirect URI at the provider, or its logins will be refused:</p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
              <code className="block min-w-0 flex-1 rounded bg-white px-3 py-2 font-mono text-xs break-all text-neutral-900 select-all">
                {created.callbackUrl}
              </code>
              <CopyButton text={created.callbackUrl} />
            </div>
          </Alert>
        )}
        <section aria-labelledby="sso-title">
          <h2 id="sso-title" className="mb-3 text-base font-semibold">
            Connections
          </h2>
          {isPending ? (
            <ListSkeleton label="Loading SSO connections" rows={2} />
          ) : error ? (
            <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
          ) : data.connections.length === 0 ? (
            <EmptyState title="No providers connected">
              Login pages show a “Continue with …” button for each provider you connect here.
            </EmptyState>
          ) : (
            <ConnectionList connections={data.connections} />
          )}
        </section>
      </div>
    </>
  );
}

function CreateConnectionForm({ onCreated }: { onCreated: (c: IdpConnection) => void }) {
  const client = usePlaza<PlazaClient>();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ displayName: '', issuer: '', clientId: '', clientSecret: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const create = useMutation({
    mutationFn: () =>
      client.fetch<{ connection: IdpConnection }>('/identity/v1/sso/connections', {
        method: 'POST',
        body: {
          displayName: form.displayName.trim(),
          issuer: form.issuer.trim(),
          clientId: form.clientId.trim(),
          clientSecret: form.clientSecret,
        },
      }),
    onSuccess: ({ connection }) => {
      onCreated(connection);
      setForm({ displayName: '', issuer: '', clientId: '', clientSecret: '' });
      void queryClient.invalidateQueries({ queryKey: KEYS });
      void queryClient.invalidateQueries({ queryKey: ['plaza', 'sso-providers'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Card title="Connect a provider">
      <form onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Button name"
            required
            maxLength={60}
            value={form.displayName}
            onChange={set('displayName')}
            hint="Shown as “Continue with …”."
          />
          <TextField
            label="Issuer URL"
            type="url"
            required
            placeholder="https://accounts.example.com"
            value={form.issuer}
            onChange={set('issuer')}
            hint="Its /.well-known/openid-configuration must be reachable from the server."
          />
          <TextField label="Client ID" required autoComplete="off" value={form.clientId} onChange={set('clientId')} />
          <TextField
            label="Client secret"
            type="password"
            required
            autoComplete="new-password"
            value={form.clientSecret}
            onChange={set('clientSecret')}
            hint="Stored on the server; never shown again."
          />
        </div>
        {create.error && <ErrorMessage error={create.error} />}
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending}>
            Connect
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ConnectionList({ connections }: { connections: IdpConnection[] }) {
  const client = usePlaza<PlazaClient>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const date = useDateFormat();
  const [deleting, setDeleting] = useState<IdpConnection | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) =>
      client.fetch(`/identity/v1/sso/connections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast(`"${deleting?.displayName}" disconnected`);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: KEYS });
      void queryClient.invalidateQueries({ queryKey: ['plaza', 'sso-providers'] });
    },
  });
  return (
    <>
      <ul className="space-y-3">
        {connections.map((c) => (
          <li key={c.id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {c.displayName}
                  {!c.enabled && (
                    <span className="ml-2 rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] text-neutral-600">Off</span>
                  )}
                </p>
                <p className="mt-0.5 text-xs break-all text-neutral-600">
                  {c.issuer} · client <code className="font-mono">{c.clientId}</code> · added {date(c.createdDate)}
                </p>
                <p className="mt-2 text-xs text-neutral-600">
                  Redirect URI at the provider:{' '}
                  <code className="font-mono break-all text-neutral-900 select-all">{c.callbackUrl}</code>
                </p>
              </div>
              <Button variant="secondary" onClick={() => setDeleting(c)} aria-label={`Disconnect ${c.displayName}`}>
                Disconnect
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={`Disconnect ${deleting?.displayName ?? ''}?`}
        confirmLabel="Disconnect"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        <p>Its “Continue with …” button disappears, and the accounts linked to it can only log in with a password.</p>
        {remove.error && (
          <div className="mt-3">
            <ErrorMessage error={remove.error} />
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
