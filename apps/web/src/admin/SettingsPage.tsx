import { useState, type FormEvent, type ReactNode } from 'react';
import type { SignInPolicy, Site, SitePatch } from '@plaza/contracts';
import { getConfig } from '../config.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { inputClass } from '../ui/Field.js';
import { CommunityPolicyForm } from './CommunityPolicyForm.js';
import { PageHeader, SiteQuery, Facts } from './SiteQuery.js';
import { describeCaptcha, yesNo } from './policy.js';
import { useToast } from './Toast.js';
import { useUpdateSite } from './useUpdateSite.js';

// Type-only use of the contracts: importing their values would pull the schema library into the chunk.
const captchaModes: Record<SignInPolicy['captchaMode'], string> = {
  NEVER: 'Never',
  AFTER_FAILURES: 'After failed sign-ins',
  ALWAYS: 'Always',
};

export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="How your site presents itself, how people sign in and how your community works."
      />
      <SiteQuery>
        {(site) => (
          <div className="flex flex-col gap-4">
            <GeneralForm site={site} />
            <SignInPolicyForm site={site} />
            <CommunityPolicyForm site={site} />
            <DevelopersCard />
          </div>
        )}
      </SiteQuery>
    </>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-neutral-600">{hint}</p>}
    </div>
  );
}

function GeneralForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const [form, setForm] = useState({
    name: site.name,
    currency: site.currency,
    locale: site.locale,
    timeZone: site.timeZone,
  });
  const changed = (Object.keys(form) as Array<keyof typeof form>).filter((k) => form[k].trim() !== site[k]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed.length) return;
    const patch = Object.fromEntries(changed.map((k) => [k, form[k].trim()])) as SitePatch;
    update.mutate({ patch, paths: changed }, { onSuccess: () => toast('Site details saved') });
  };

  return (
    <Card title="General">
      <form onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="site-name" label="Site name">
            <input
              id="site-name"
              className={inputClass}
              required
              maxLength={100}
              value={form.name}
              onChange={set('name')}
            />
          </Field>
          <Field id="site-currency" label="Currency" hint="ISO 4217 code, such as USD or EUR.">
            <input
              id="site-currency"
              className={inputClass}
              required
              pattern="[A-Za-z]{3}"
              value={form.currency}
              onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
            />
          </Field>
          <Field id="site-locale" label="Locale" hint="BCP 47 tag, such as en-US or de-DE.">
            <input id="site-locale" className={inputClass} required value={form.locale} onChange={set('locale')} />
          </Field>
          <Field id="site-time-zone" label="Time zone" hint="IANA name, such as Europe/Berlin.">
            <input
              id="site-time-zone"
              className={inputClass}
              required
              value={form.timeZone}
              onChange={set('timeZone')}
            />
          </Field>
        </div>
        {update.error && <ErrorMessage error={update.error} />}
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending} disabled={!changed.length}>
            Save details
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SignInPolicyForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const [policy, setPolicy] = useState<SignInPolicy>(site.signInPolicy);
  const [confirming, setConfirming] = useState(false);
  const current = site.signInPolicy;
  const changed = (Object.keys(policy) as Array<keyof SignInPolicy>).filter((k) => policy[k] !== current[k]);

  const save = () =>
    update.mutate(
      { patch: { signInPolicy: policy }, paths: changed.map((k) => `signInPolicy.${k}`) },
      {
        onSuccess: () => {
          setConfirming(false);
          toast('Sign-in policy saved');
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Card title="Sign-in" description="Applies to every new sign-up and login from now on.">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (changed.length) setConfirming(true);
        }}
        className="space-y-4"
      >
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
            checked={policy.emailVerificationRequired}
            onChange={(e) => setPolicy({ ...policy, emailVerificationRequired: e.target.checked })}
          />
          <span>
            New members must verify their e-mail address
            <span className="block text-xs text-neutral-600">
              They get a 6-digit code by e-mail before they can log in.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
            checked={policy.ownerApprovalRequired}
            onChange={(e) => setPolicy({ ...policy, ownerApprovalRequired: e.target.checked })}
          />
          <span>
            New members need your approval
            <span className="block text-xs text-neutral-600">You approve them under Approvals.</span>
          </span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="captcha-mode" label="Ask for a captcha">
            <select
              id="captcha-mode"
              className={inputClass}
              value={policy.captchaMode}
              onChange={(e) => setPolicy({ ...policy, captchaMode: e.target.value as SignInPolicy['captchaMode'] })}
            >
              {Object.entries(captchaModes).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="captcha-after" label="Failed sign-ins before a captcha" hint="From one address; 1 to 100.">
            <input
              id="captcha-after"
              type="number"
              min={1}
              max={100}
              required
              className={inputClass}
              disabled={policy.captchaMode !== 'AFTER_FAILURES'}
              value={policy.captchaAfterFailures}
              onChange={(e) => setPolicy({ ...policy, captchaAfterFailures: Number(e.target.value) })}
            />
          </Field>
        </div>
        {update.error && <ErrorMessage error={update.error} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={!changed.length || update.isPending} onClick={() => setPolicy(current)}>
            Undo changes
          </Button>
          <Button type="submit" disabled={!changed.length}>
            Save sign-in policy
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Change how people sign in?"
        confirmLabel="Save policy"
        busy={update.isPending}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      >
        <p>New sign-ups and logins will follow this policy at once:</p>
        <div className="mt-3 rounded-md bg-neutral-50 px-3">
          <Facts
            rows={[
              ['E-mail verification', yesNo(policy.emailVerificationRequired)],
              ['Owner approval', yesNo(policy.ownerApprovalRequired)],
              ['Captcha', describeCaptcha(policy)],
            ]}
          />
        </div>
      </ConfirmDialog>
    </Card>
  );
}

function DevelopersCard() {
  const { clientId, baseUrl } = getConfig();
  return (
    <Card title="Developers" description="What a headless site needs to talk to this server with @plaza/sdk.">
      <Facts
        rows={[
          ['OAuth client ID', <code className="font-mono text-xs select-all">{clientId}</code>],
          ['API base URL', <code className="font-mono text-xs">{baseUrl || window.location.origin}</code>],
          [
            'Reference',
            <a href="/docs" className="text-accent underline underline-offset-2 hover:text-accent-strong">
              API docs
            </a>,
          ],
        ]}
      />
    </Card>
  );
}
