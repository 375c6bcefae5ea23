import { servicePluginMutations, usePlazaMutation } from '@plaza/react';
import { useState, type FormEvent } from 'react';
import type { ServicePluginImplementation, ServicePluginType } from '@plaza/contracts';
import { SERVICE_PLUGIN_LIMITS } from '@plaza/contracts/constants';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextField } from '../../ui/Field.js';
import type { FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { SelectField } from '../ui/SelectField.js';
import { PLUGIN_TYPES } from './badges.js';
import { FormActions } from '../../ui/FormActions.js';

const TIMEOUTS = ['1000', '2000', '3000', '5000', '8000', '10000'] as const;
type Timeout = (typeof TIMEOUTS)[number];

/**
 * The server's limits (`SERVICE_PLUGIN_LIMITS`), checked as typed. The address's form is checked below and again by
 * the server, whose words ("must not carry a user name or password") are kept.
 */
export const pluginRules: FormRules<'name' | 'url'> = {
  name: {
    label: 'App name',
    required: true,
    requiredMessage: 'Give the app a name, such as “Parcel rates”.',
    maxLength: SERVICE_PLUGIN_LIMITS.name,
  },
  url: { label: 'App address', maxLength: SERVICE_PLUGIN_LIMITS.url },
};

interface Registration {
  type: ServicePluginType;
  name: string;
  url: string;
  timeoutMs: number;
}

/** Registers an app's address for one plugin type; only the types without an app are offered. */
export function PluginForm({
  taken,
  onDone,
  onCancel,
}: {
  taken: ReadonlySet<ServicePluginType>;
  onDone: (saved: ServicePluginImplementation) => void;
  onCancel: () => void;
}) {
  const register = usePlazaMutation(servicePluginMutations.createImplementation);
  const toast = useToast();
  return (
    <PluginFormView
      taken={taken}
      busy={register.isPending}
      error={register.error}
      onRegister={(values) =>
        register.mutate(values, {
          onSuccess: (r) => {
            toast(`${r.implementation.name} is registered`);
            onDone(r.implementation);
          },
        })
      }
      onCancel={onCancel}
    />
  );
}

/**
 * The registration's fields: counters to the server's limits, each problem once next to its field (the server's
 * too, in words), and nothing sent while one remains.
 */
export function PluginFormView({
  taken,
  busy,
  error,
  onRegister,
  onCancel,
}: {
  taken: ReadonlySet<ServicePluginType>;
  busy: boolean;
  error: unknown;
  onRegister: (values: Registration) => void;
  onCancel: () => void;
}) {
  const free = PLUGIN_TYPES.filter((p) => !taken.has(p.type));
  const { type, setType, name, setName, url, setUrl, timeout, setTimeoutMs, form, urlProblem, submit } =
    useRegistrationDraft(free, error, onRegister);
  const chosen = PLUGIN_TYPES.find((p) => p.type === type);

  if (!free.length) {
    return (
      <p className="text-sm text-neutral-700">Every kind of plugin already has an app. Delete one to replace it.</p>
    );
  }
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <div>
        <SelectField<ServicePluginType>
          label="What the app does"
          value={type}
          options={free.map((p) => ({ value: p.type, label: p.label }))}
          onChange={setType}
        />
        {chosen && <p className="mt-1 text-xs text-neutral-600">{chosen.description}</p>}
      </div>
      <TextField {...form.bind('name', name, setName)} />
      <TextField
        {...form.field('url')}
        label="App address"
        type="url"
        inputMode="url"
        placeholder="https://app.example.com/plaza/shipping-rates"
        hint="Your store calls this address with a signed request whenever it needs the app's answer."
        value={url}
        error={form.errors.url ?? urlProblem}
        onChange={(e) => {
          setUrl(e.target.value);
          form.edited('url');
        }}
      />
      <div>
        <SelectField<Timeout>
          label="Wait for an answer at most"
          value={timeout}
          options={TIMEOUTS.map((t) => ({ value: t, label: `${Number(t) / 1000} seconds` }))}
          onChange={setTimeoutMs}
        />
        <p className="mt-1 text-xs text-neutral-600">
          If the app is slower or fails, your store carries on without it (for example with your own shipping rates).
        </p>
      </div>
      <FormProblems form={form} error={error} />

      <FormActions submitLabel="Register app" busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** The registration being typed, its checks, and a submit that sends it only once nothing is wrong. */
function useRegistrationDraft(free: typeof PLUGIN_TYPES, error: unknown, onRegister: (values: Registration) => void) {
  const [type, setType] = useState<ServicePluginType>(free[0]?.type ?? 'SHIPPING_RATES');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [timeout, setTimeoutMs] = useState<Timeout>('5000');
  const [tried, setTried] = useState(false);
  const form = useFormRules(pluginRules, { name: name.trim() ? name : '', url }, { serverError: error });
  const urlProblem = !tried
    ? undefined
    : !url.trim()
      ? "Enter the app's address."
      : !/^https?:\/\/[^\s/]+/i.test(url.trim())
        ? 'The address starts with https://, such as https://app.example.com/plaza.'
        : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const ruleProblems = !form.check();
    if (ruleProblems || !/^https?:\/\/[^\s/]+/i.test(url.trim())) return;
    onRegister({ type, name: name.trim(), url: url.trim(), timeoutMs: Number(timeout) });
  };
  return { type, setType, name, setName, url, setUrl, timeout, setTimeoutMs, form, urlProblem, submit };
}
