import { useState, type FormEvent } from 'react';
import type { ServicePluginImplementation, ServicePluginType } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { useToast } from '../Toast.js';
import { SelectField } from '../ui/SelectField.js';
import { useRegisterPlugin } from './api.js';
import { PLUGIN_TYPES } from './badges.js';

const TIMEOUTS = ['1000', '2000', '3000', '5000', '8000', '10000'] as const;
type Timeout = (typeof TIMEOUTS)[number];

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
  const free = PLUGIN_TYPES.filter((p) => !taken.has(p.type));
  const [type, setType] = useState<ServicePluginType>(free[0]?.type ?? 'SHIPPING_RATES');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [timeout, setTimeoutMs] = useState<Timeout>('5000');
  const [tried, setTried] = useState(false);
  const register = useRegisterPlugin();
  const toast = useToast();
  const problems = {
    name: tried && !name.trim() ? 'Give the app a name, such as “Parcel rates”.' : undefined,
    url: !tried
      ? undefined
      : !url.trim()
        ? "Enter the app's address."
        : !/^https?:\/\/[^\s/]+/i.test(url.trim())
          ? 'The address starts with https://, such as https://app.example.com/plaza.'
          : undefined,
  };
  const chosen = PLUGIN_TYPES.find((p) => p.type === type);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || !/^https?:\/\/[^\s/]+/i.test(url.trim())) return;
    register.mutate(
      { type, name: name.trim(), url: url.trim(), timeoutMs: Number(timeout) },
      {
        onSuccess: (r) => {
          toast(`${r.implementation.name} is registered`);
          onDone(r.implementation);
        },
      },
    );
  };

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
      <TextField
        label="App name"
        maxLength={100}
        value={name}
        error={problems.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="App address"
        type="url"
        inputMode="url"
        placeholder="https://app.example.com/plaza/shipping-rates"
        hint="Your store calls this address with a signed request whenever it needs the app's answer."
        value={url}
        error={problems.url}
        onChange={(e) => setUrl(e.target.value)}
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
      {register.error && <ErrorMessage error={register.error} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={register.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={register.isPending}>
          Register app
        </Button>
      </div>
    </form>
  );
}
