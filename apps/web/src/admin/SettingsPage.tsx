import type { ReactNode } from 'react';
import type { SignInPolicy, Site } from '@plaza/contracts';
import { getConfig } from '../config.js';
import { Card } from '../ui/Card.js';
import { PageHeader, SiteQuery, Facts } from './SiteQuery.js';

// Type-only use of the contracts: importing their values would pull the schema library into the chunk.
const captchaModes: Record<SignInPolicy['captchaMode'], string> = {
  NEVER: 'Never',
  AFTER_FAILURES: 'After failed sign-ins',
  ALWAYS: 'Always',
};

const input =
  'block w-full rounded-md border border-neutral-300 bg-neutral-50 px-3 py-2 text-sm text-neutral-900 disabled:cursor-not-allowed';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="How your site presents itself and how people sign in." />
      <SiteQuery>{(site) => <SettingsForm site={site} />}</SiteQuery>
    </>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
    </div>
  );
}

function SettingsForm({ site }: { site: Site }) {
  const { clientId, baseUrl } = getConfig();
  const p = site.signInPolicy;
  return (
    // The whole form stays disabled until owner sign-in lets the dashboard save changes.
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} aria-describedby="settings-readonly">
      <p id="settings-readonly" className="text-sm text-neutral-600">
        Fields are read-only for now; editing arrives with owner sign-in.
      </p>
      <fieldset disabled className="contents">
        <Card title="General">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="site-name" label="Site name">
              <input id="site-name" className={input} defaultValue={site.name} />
            </Field>
            <Field id="site-currency" label="Currency (ISO 4217)">
              <input id="site-currency" className={input} defaultValue={site.currency} />
            </Field>
            <Field id="site-locale" label="Locale (BCP 47)">
              <input id="site-locale" className={input} defaultValue={site.locale} />
            </Field>
            <Field id="site-time-zone" label="Time zone">
              <input id="site-time-zone" className={input} defaultValue={site.timeZone} />
            </Field>
          </div>
        </Card>
        <Card title="Sign-in">
          <div className="space-y-4">
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 shrink-0 accent-accent"
                defaultChecked={p.emailVerificationRequired}
              />
              New members must verify their e-mail address
            </label>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 shrink-0 accent-accent"
                defaultChecked={p.ownerApprovalRequired}
              />
              New members need the owner's approval
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="captcha-mode" label="Ask for a captcha">
                <select id="captcha-mode" className={input} defaultValue={p.captchaMode}>
                  {Object.entries(captchaModes).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="captcha-after" label="Failed sign-ins before a captcha">
                <input id="captcha-after" type="number" className={input} defaultValue={p.captchaAfterFailures} />
              </Field>
            </div>
          </div>
        </Card>
      </fieldset>
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
    </form>
  );
}
