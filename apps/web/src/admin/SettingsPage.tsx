import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { SignInPolicy, Site, SitePatch } from '@plaza/contracts';
import { getConfig } from '../config.js';
import { currencyInfo, formatDateTime } from '../lib/format.js';
import { Card } from '../ui/Card.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { SITE_LIMITS } from '@plaza/contracts/constants';
import { inputClass, TextField } from '../ui/Field.js';
import { useFormRules } from '../ui/useFormRules.js';
import { CommunityPolicyForm } from './CommunityPolicyForm.js';
import { describeCaptcha, yesNo } from './policy.js';
import { Facts, PageHeader, SiteQuery } from './SiteQuery.js';
import { useToast } from './Toast.js';
import { Combobox } from './ui/Combobox.js';
import { FormPage, FormSection, useDraft } from './ui/FormPage.js';
import { currencyOptions, localeOptions, timeZoneOptions } from './ui/pickers.js';
import { useUpdateSite } from './useUpdateSite.js';
import { CheckboxField } from '../ui/CheckboxField.js';

// Type-only use of the contracts: importing their values would pull the schema library into the chunk.
const captchaModes: Record<SignInPolicy['captchaMode'], string> = {
  NEVER: 'Never',
  AFTER_FAILURES: 'After failed sign-ins',
  ALWAYS: 'Always',
};

// The server's limit (SITE_LIMITS.name); importing it would pull the schema library into the chunk.
const NAME_MAX = 100;

/** /admin/settings: the store's name and how it shows money, language and time. */
export function GeneralSettingsPage() {
  return (
    <>
      <PageHeader title="General" description="Your store's name, and how prices, dates and times look." />
      <SiteQuery>{(site) => <GeneralForm site={site} />}</SiteQuery>
    </>
  );
}

function GeneralForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const saved = useMemo(
    () => ({ name: site.name, currency: site.currency, locale: site.locale, timeZone: site.timeZone }),
    [site],
  );
  const form = useDraft(saved);
  const currencies = useMemo(currencyOptions, []);
  const zones = useMemo(() => timeZoneOptions(), []);
  const locales = useMemo(() => localeOptions(site.locale), [site.locale]);
  const preview = { ...site, ...form.draft };
  const nameLength = form.draft.name.trim().length;
  const problem =
    nameLength === 0
      ? 'Give your store a name before saving.'
      : nameLength > NAME_MAX
        ? `The store name can be at most ${NAME_MAX} characters; shorten it before saving.`
        : undefined;
  // The pickers offer only valid values; the name is typed, so it is checked with the site contract's limit.
  const checks = useFormRules(
    { name: { label: 'Store name', required: true, maxLength: SITE_LIMITS.name } },
    { name: form.draft.name.trim() },
    { serverError: update.error },
  );

  const save = () => {
    if (!checks.check()) return;
    const patch = Object.fromEntries(form.changed.map((k) => [k, form.draft[k].trim()])) as SitePatch;
    update.mutate({ patch, paths: form.changed }, { onSuccess: () => toast('Settings saved') });
  };

  return (
    <FormPage
      dirty={form.dirty}
      busy={update.isPending}
      // A refused name is said next to it; anything else in words in the box.
      error={checks.hasViolations && checks.otherProblems.length === 0 ? null : update.error}
      saveLabel="Save settings"
      problem={problem}
      onSubmit={save}
      onUndo={() => {
        update.reset();
        form.undo();
      }}
    >
      <FormSection title="Store">
        <TextField
          {...checks.field('name')}
          value={form.draft.name}
          onChange={(e) => {
            form.set('name', e.target.value);
            checks.edited('name');
          }}
        />
      </FormSection>
      <FormSection title="Money, language and time" description="How your store shows prices, dates and times.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Combobox
            label="Currency"
            hint={`Prices look like ${safeExample(preview)}`}
            value={form.draft.currency}
            options={currencies}
            onChange={(v) => form.set('currency', v)}
          />
          <Combobox
            label="Language and region"
            hint="Sets how dates and numbers are written."
            value={form.draft.locale}
            options={locales}
            onChange={(v) => form.set('locale', v)}
          />
          <Combobox
            label="Time zone"
            hint={`Now there: ${formatDateTime(new Date().toISOString(), preview)}`}
            value={form.draft.timeZone}
            options={zones}
            onChange={(v) => form.set('timeZone', v)}
          />
        </div>
      </FormSection>
    </FormPage>
  );
}

/** The price example; a currency the browser can't format shows as its code. */
function safeExample(site: Pick<Site, 'locale' | 'currency'>): string {
  try {
    return currencyInfo(site).example;
  } catch {
    return site.currency;
  }
}

/** /admin/settings/sign-in: e-mail checks, owner approval and captchas. */
export function SignInSettingsPage() {
  return (
    <>
      <PageHeader title="Sign-in" description="Applies to every new sign-up and login from now on." />
      <SiteQuery>{(site) => <SignInPolicyForm site={site} />}</SiteQuery>
    </>
  );
}

function SignInPolicyForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const form = useDraft(site.signInPolicy);
  const policy = form.draft;
  const [confirming, setConfirming] = useState(false);

  const save = () =>
    update.mutate(
      { patch: { signInPolicy: policy }, paths: form.changed.map((k) => `signInPolicy.${k}`) },
      {
        onSuccess: () => {
          setConfirming(false);
          toast('Sign-in policy saved');
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <>
      <FormPage
        dirty={form.dirty}
        busy={update.isPending}
        error={update.error}
        saveLabel="Save sign-in policy"
        onSubmit={() => setConfirming(true)}
        onUndo={() => {
          update.reset();
          form.undo();
        }}
      >
        <FormSection title="New members">
          <CheckboxRow
            label="New members must verify their e-mail address"
            hint="They get a 6-digit code by e-mail before they can log in."
            checked={policy.emailVerificationRequired}
            onChange={(on) => form.set('emailVerificationRequired', on)}
          />
          <CheckboxRow
            label="New members need your approval"
            hint="You approve them under Approvals."
            checked={policy.ownerApprovalRequired}
            onChange={(on) => form.set('ownerApprovalRequired', on)}
          />
        </FormSection>
        <CaptchaSection policy={policy} onChange={form.set} />
      </FormPage>
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
    </>
  );
}

/** When to ask for a captcha, and (after failures) after how many. */
function CaptchaSection({
  policy,
  onChange,
}: {
  policy: SignInPolicy;
  onChange: <K extends keyof SignInPolicy>(key: K, value: SignInPolicy[K]) => void;
}) {
  return (
    <FormSection title="Captcha" description="A puzzle that keeps robots from guessing passwords.">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="captcha-mode" className="mb-1 block text-sm font-medium text-neutral-800">
            Ask for a captcha
          </label>
          <select
            id="captcha-mode"
            className={inputClass}
            value={policy.captchaMode}
            onChange={(e) => onChange('captchaMode', e.target.value as SignInPolicy['captchaMode'])}
          >
            {Object.entries(captchaModes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {policy.captchaMode === 'AFTER_FAILURES' && (
          <TextField
            label="Failed sign-ins before a captcha"
            hint="From one address; 1 to 100."
            type="number"
            min={1}
            max={100}
            required
            value={policy.captchaAfterFailures}
            onChange={(e) => onChange('captchaAfterFailures', Number(e.target.value))}
          />
        )}
      </div>
    </FormSection>
  );
}

function CheckboxRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return <CheckboxField label={label} hint={hint} checked={checked} onChange={onChange} />;
}

/** /admin/settings/community: review moderation and new members' privacy. */
export function CommunitySettingsPage() {
  return (
    <>
      <PageHeader title="Community" description="How reviews are published and how visible new members are." />
      <SiteQuery>{(site) => <CommunityPolicyForm site={site} />}</SiteQuery>
    </>
  );
}

/** What a separate (headless) site needs to talk to this server; shown under Developers → API keys. */
export function DevelopersCard() {
  const { clientId, baseUrl } = getConfig();
  return (
    <Card
      className="mt-6"
      title="Connect your own site"
      description="What a separate site needs to talk to your store."
    >
      <Facts
        rows={[
          ['Client ID', <code className="font-mono text-xs select-all">{clientId}</code>],
          ['Server address', <code className="font-mono text-xs">{baseUrl || window.location.origin}</code>],
          [
            'Reference',
            <span className="flex flex-wrap gap-x-4">
              <a href="/docs" className="text-accent underline underline-offset-2 hover:text-accent-strong">
                API docs
              </a>
              <Link to="/graphql/alpha" className="text-accent underline underline-offset-2 hover:text-accent-strong">
                GraphQL explorer
              </Link>
            </span>,
          ],
        ]}
      />
    </Card>
  );
}
