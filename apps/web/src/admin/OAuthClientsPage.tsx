import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OAuthClient } from '@plaza/contracts';
import { APP_LIMITS, CLIENT_ORIGIN_PATTERN, CLIENT_REDIRECT_URI_PATTERN } from '@plaza/contracts/constants';
import { settingsMutations, settingsQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { getConfig } from '../config.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { FormProblems } from '../ui/FormProblems.js';
import { TextAreaField, TextField } from '../ui/Field.js';
import { lengthOf, type FormRules } from '../ui/formRules.js';
import { useFormRules } from '../ui/useFormRules.js';
import { useDateFormat } from './dates.js';
import { QuerySection } from './ui/QueryStates.js';
import { PageHeader } from './SiteQuery.js';
import { useToast } from './Toast.js';
import { confirmRow, DangerConfirm } from './ui/DangerConfirm.js';

const lines = (s: string) =>
  s
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Every line fits the server's rule for one address (its length and form), and there are not too many. */
const eachLine = (pattern: string) => (text: string) => {
  const all = lines(text);
  return (
    all.length <= APP_LIMITS.clientUrls &&
    all.every((l) => lengthOf(l) <= APP_LIMITS.clientUrl && new RegExp(pattern, 'u').test(l))
  );
};

/** The server's limits and patterns (`APP_LIMITS`, `CLIENT_*_PATTERN`), with what to do when one is missed. */
export const clientRules: FormRules<'name' | 'redirectUris' | 'allowedOrigins'> = {
  name: { label: 'Name', required: true, maxLength: APP_LIMITS.clientName },
  redirectUris: {
    label: 'Redirect URIs',
    required: true,
    requiredMessage: 'Enter at least one redirect URI.',
    valid: eachLine(CLIENT_REDIRECT_URI_PATTERN),
    formatHint: `Enter up to ${APP_LIMITS.clientUrls} addresses starting with https:// (or http://), one per line.`,
  },
  allowedOrigins: {
    label: 'Allowed origins',
    valid: eachLine(CLIENT_ORIGIN_PATTERN),
    formatHint: `Enter up to ${APP_LIMITS.clientUrls} site addresses without a path, such as https://shop.example.com, one per line.`,
  },
};

/** /admin/oauth-clients: the apps that may sign members in (exact redirect URIs, allowed origins). */
export function OAuthClientsPage() {
  const clients = useQuery(settingsQueries.oauthClients(usePlaza()));
  return (
    <>
      <PageHeader
        title="OAuth clients"
        description="Sites and apps that sign your members in through this server (with @plaza/sdk or any OpenID Connect library)."
      />
      <div className="space-y-6">
        <CreateClientForm />
        <QuerySection
          id="clients-title"
          title="Clients"
          query={clients}
          loadingLabel="Loading OAuth clients"
          rows={2}
          empty={{
            title: 'No OAuth clients',
            body: 'Add one above for each site or app that signs members in.',
          }}
        >
          {(data) => <ClientList clients={data} />}
        </QuerySection>
      </div>
    </>
  );
}

function CreateClientForm() {
  const toast = useToast();
  // A new round after each created client: the form starts empty again.
  const [round, setRound] = useState(0);
  const create = usePlazaMutation(settingsMutations.createOAuthClient, {
    onSuccess: ({ client: c }) => {
      toast(`Client "${c.name}" created: its id is ${c.id}`);
      setRound((r) => r + 1);
    },
  });
  return (
    <NewClientForm key={round} busy={create.isPending} error={create.error} onCreate={(body) => create.mutate(body)} />
  );
}

/** The new client's fields: each problem once next to its field (the server's too, in words); nothing sent until fixed. */
export function NewClientForm({
  busy,
  error,
  onCreate,
}: {
  busy: boolean;
  error: unknown;
  onCreate: (body: { name: string; redirectUris: string[]; allowedOrigins: string[] }) => void;
}) {
  const [name, setName] = useState('');
  const [redirects, setRedirects] = useState('');
  const [origins, setOrigins] = useState('');
  const form = useFormRules(
    clientRules,
    { name: name.trim() ? name : '', redirectUris: redirects.trim(), allowedOrigins: origins.trim() },
    { serverError: error },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    onCreate({
      name: name.trim(),
      redirectUris: lines(redirects),
      // Default: the origins of the redirect URIs, which is what a single-page app needs for web messages.
      allowedOrigins: origins.trim() ? lines(origins) : [...new Set(lines(redirects).map(originOf).filter(Boolean))],
    });
  };
  return (
    <Card title="New client">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField {...form.bind('name', name, setName)} className="sm:max-w-sm" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            {...form.bind('redirectUris', redirects, setRedirects)}
            rows={3}
            placeholder="https://shop.example.com/auth/callback"
            hint="One per line. They must match exactly, scheme and path included."
          />
          <TextAreaField
            {...form.bind('allowedOrigins', origins, setOrigins)}
            rows={3}
            placeholder="https://shop.example.com"
            hint="One per line, without a path. Empty: the origins of the redirect URIs."
          />
        </div>
        <FormProblems form={form} error={error} />

        <div className="flex justify-end">
          <Button type="submit" busy={busy} disabled={!name.trim() || !lines(redirects).length}>
            Create client
          </Button>
        </div>
      </form>
    </Card>
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function ClientList({ clients }: { clients: OAuthClient[] }) {
  const toast = useToast();
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const remove = usePlazaMutation(settingsMutations.deleteOAuthClient, {
    onSuccess: () => {
      toast(`Client "${deleting?.name}" deleted`);
      setDeleting(null);
    },
  });
  const own = getConfig().clientId;
  return (
    <>
      <ul className="space-y-3">
        {clients.map((c) => (
          <ClientRow
            key={c.id}
            client={c}
            own={c.id === own}
            editing={editing === c.id}
            onEdit={() => setEditing(c.id)}
            onEditDone={() => setEditing(null)}
            onDelete={() => setDeleting(c)}
          />
        ))}
      </ul>
      <DangerConfirm
        title={`Delete "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete client"
        {...confirmRow(deleting, setDeleting, remove, (c) => remove.mutate(c.id))}
      >
        <p>
          Members can no longer sign in to this app, and its tokens stop working at their next renewal (within the
          hour).
        </p>
      </DangerConfirm>
    </>
  );
}

/** One client: its name and ID, its redirect URIs and allowed origins; the web app's own can't be changed here. */
function ClientRow({
  client: c,
  own,
  editing,
  onEdit,
  onEditDone,
  onDelete,
}: {
  client: OAuthClient;
  own: boolean;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4">
      <ClientTitle client={c} own={own} onDelete={onDelete} />
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-neutral-500">Redirect URIs</dt>
          {c.redirectUris.map((u) => (
            <dd key={u} className="font-mono text-xs break-all">
              {u}
            </dd>
          ))}
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-neutral-500">Allowed origins</dt>
          {editing ? (
            <dd>
              <OriginsEditor value={c} onDone={onEditDone} />
            </dd>
          ) : (
            <>
              {c.allowedOrigins.length ? (
                c.allowedOrigins.map((o) => (
                  <dd key={o} className="font-mono text-xs break-all">
                    {o}
                  </dd>
                ))
              ) : (
                <dd className="text-xs text-neutral-500">None</dd>
              )}
              {/* The web app's own origins follow PLAZA_PUBLIC_URL at every start. */}
              {!own && (
                <dd className="mt-1">
                  <button
                    type="button"
                    className="text-xs font-medium text-accent-ink underline underline-offset-2"
                    onClick={onEdit}
                    aria-label={`Edit allowed origins of ${c.name}`}
                  >
                    Edit origins
                  </button>
                </dd>
              )}
            </>
          )}
        </div>
      </dl>
    </li>
  );
}

/** The client's name (marked when it is this web app), its ID and age, and Delete for the others. */
function ClientTitle({ client: c, own, onDelete }: { client: OAuthClient; own: boolean; onDelete: () => void }) {
  const date = useDateFormat();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {c.name}
          {own && (
            <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-[11px] font-medium text-accent-ink">
              This web app
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-neutral-600">
          Client ID <code className="font-mono text-neutral-900 select-all">{c.id}</code> · created{' '}
          {date(c.createdDate)}
        </p>
      </div>
      {!own && (
        <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${c.name}`}>
          Delete
        </Button>
      )}
    </div>
  );
}

/** Edits which sites may call this server from the browser on behalf of one client (PATCH allowedOrigins). */
function OriginsEditor({ value, onDone }: { value: OAuthClient; onDone: () => void }) {
  const toast = useToast();
  const save = usePlazaMutation(settingsMutations.updateOAuthClient, {
    onSuccess: ({ client: c }) => {
      toast(`Allowed origins of "${c.name}" saved`);
      onDone();
    },
  });
  return (
    <OriginsForm
      value={value}
      busy={save.isPending}
      error={save.error}
      onSave={(allowedOrigins) => save.mutate({ id: value.id, changes: { allowedOrigins } })}
      onCancel={onDone}
    />
  );
}

/** One client's allowed origins: checked like the server does, its problems (the server's too) once, in words. */
export function OriginsForm({
  value,
  busy,
  error,
  onSave,
  onCancel,
}: {
  value: OAuthClient;
  busy: boolean;
  error: unknown;
  onSave: (origins: string[]) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(value.allowedOrigins.join('\n'));
  const form = useFormRules(
    { allowedOrigins: clientRules.allowedOrigins },
    { allowedOrigins: text.trim() },
    {
      serverError: error,
    },
  );
  return (
    <form
      noValidate
      className="mt-1 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (form.check()) onSave(lines(text));
      }}
    >
      <TextAreaField
        {...form.bind('allowedOrigins', text, setText)}
        label={`Allowed origins of ${value.name}`}
        className="[&>label]:sr-only"
        rows={3}
        placeholder="https://shop.example.com"
        hint="One per line, without a path. Only these sites may sign members in from the browser and read this server's answers."
        autoFocus
      />
      <FormProblems form={form} error={error} />

      <div className="flex justify-end gap-2">
        <Button variant="secondary" type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Save origins
        </Button>
      </div>
    </form>
  );
}
