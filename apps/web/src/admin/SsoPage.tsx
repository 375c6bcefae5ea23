import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { IdpConnection } from '@plaza/contracts';
import { identityMutations, identityQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { FormProblems } from '../ui/FormProblems.js';
import { HTTP_URL_PATTERN, SSO_LIMITS } from '@plaza/contracts/constants';
import { TextField } from '../ui/Field.js';
import type { FormRules } from '../ui/formRules.js';
import { useFormRules } from '../ui/useFormRules.js';
import { useDateFormat } from './dates.js';
import { QuerySection } from './ui/QueryStates.js';
import { CopyableValue } from './ui/CopyableValue.js';
import { PageHeader } from './SiteQuery.js';
import { useToast } from './Toast.js';
import { confirmRow, DangerConfirm } from './ui/DangerConfirm.js';

/** /admin/sso: OpenID Connect identity providers behind the "Continue with …" buttons. */
export function SsoPage() {
  const connections = useQuery(identityQueries.idpConnections(usePlaza()));
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
            <CopyableValue value={created.callbackUrl} className="mt-2" />
          </Alert>
        )}
        <QuerySection
          id="sso-title"
          title="Connections"
          query={connections}
          loadingLabel="Loading SSO connections"
          rows={2}
          empty={{
            title: 'No providers connected',
            body: 'Login pages show a “Continue with …” button for each provider you connect here.',
          }}
        >
          {(data) => <ConnectionList connections={data} />}
        </QuerySection>
      </div>
    </>
  );
}

type ConnectionField = 'displayName' | 'issuer' | 'clientId' | 'clientSecret';

/** The connection contract's rules; the server also fetches the issuer's discovery document before saving. */
const connectionRules: FormRules<ConnectionField> = {
  displayName: { label: 'Button name', required: true, maxLength: SSO_LIMITS.displayName },
  issuer: {
    label: 'Issuer URL',
    required: true,
    maxLength: SSO_LIMITS.issuer,
    pattern: HTTP_URL_PATTERN,
    formatHint: 'Enter the address of the provider, starting with https://.',
  },
  clientId: { label: 'Client ID', required: true, maxLength: SSO_LIMITS.clientId },
  clientSecret: { label: 'Client secret', required: true, maxLength: SSO_LIMITS.clientSecret },
};

function CreateConnectionForm({ onCreated }: { onCreated: (c: IdpConnection) => void }) {
  const [values, setValues] = useState({ displayName: '', issuer: '', clientId: '', clientSecret: '' });
  const create = usePlazaMutation(identityMutations.createIdpConnection, {
    onSuccess: ({ connection }) => {
      onCreated(connection);
      setValues({ displayName: '', issuer: '', clientId: '', clientSecret: '' });
    },
  });
  // What is checked is what is sent: the typed values without the spaces around them (a secret is kept as typed).
  const connection = {
    displayName: values.displayName.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret,
  };
  const form = useFormRules(connectionRules, connection, { serverError: create.error });
  const bind = (k: ConnectionField) => form.bind(k, values[k], (value) => setValues({ ...values, [k]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.check()) create.mutate(connection);
  };
  return (
    <Card title="Connect a provider">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...bind('displayName')} hint="Shown as “Continue with …”." />
          <TextField
            {...bind('issuer')}
            maxLength={undefined}
            type="url"
            placeholder="https://accounts.example.com"
            hint="We check that the provider answers before saving."
          />
          <TextField {...bind('clientId')} maxLength={undefined} autoComplete="off" />
          <TextField
            {...bind('clientSecret')}
            maxLength={undefined}
            type="password"
            autoComplete="new-password"
            hint="Stored on the server; never shown again."
          />
        </div>
        <FormProblems form={form} error={create.error} />

        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? 'Checking the provider…' : 'Connect'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ConnectionList({ connections }: { connections: IdpConnection[] }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState<IdpConnection | null>(null);
  const check = usePlazaMutation(identityMutations.checkIdpConnection, {
    onSuccess: ({ connection }) => {
      toast(
        connection.lastCheckError
          ? `"${connection.displayName}" still does not answer`
          : `"${connection.displayName}" answers again and is back on login pages`,
      );
    },
    onError: () => toast('The check could not be run. Please try again.'),
  });
  const remove = usePlazaMutation(identityMutations.deleteIdpConnection, {
    onSuccess: () => {
      toast(`"${deleting?.displayName}" disconnected`);
      setDeleting(null);
    },
  });
  return (
    <>
      <ul className="space-y-3">
        {connections.map((c) => (
          <li key={c.id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <ConnectionInfo connection={c} />
              {c.lastCheckError && (
                <Button
                  variant="secondary"
                  busy={check.isPending && check.variables === c.id}
                  onClick={() => check.mutate(c.id)}
                >
                  Check again
                </Button>
              )}
              <Button variant="secondary" onClick={() => setDeleting(c)} aria-label={`Disconnect ${c.displayName}`}>
                Disconnect
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <DangerConfirm
        title={`Disconnect ${deleting?.displayName ?? ''}?`}
        confirmLabel="Disconnect"
        {...confirmRow(deleting, setDeleting, remove, (c) => remove.mutate(c.id))}
      >
        <p>Its “Continue with …” button disappears, and the accounts linked to it can only log in with a password.</p>
      </DangerConfirm>
    </>
  );
}

/** The provider's name and state, its issuer and client, the redirect URI to give it, and why it is off. */
function ConnectionInfo({ connection: c }: { connection: IdpConnection }) {
  const date = useDateFormat();
  return (
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
      {c.lastCheckError && (
        <Alert tone="warning" className="mt-3" title="Not offered on login pages">
          {c.lastCheckError}
          {c.lastCheckedDate && ` (checked ${date(c.lastCheckedDate)})`}
        </Alert>
      )}
    </div>
  );
}
