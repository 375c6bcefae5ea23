import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlaza } from '@plaza/react';
import type { CaptchaTokens } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  IDENTITY_LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@plaza/contracts/constants';
import { TextField } from '../ui/Field.js';
import { validateField, type FormRules } from '../ui/formRules.js';
import { useFormRules } from '../ui/useFormRules.js';
import { Spinner } from '../ui/Spinner.js';
import { solveInvisibleCaptcha } from './captcha.js';
import { CaptchaBox } from './CaptchaBox.js';
import { describeFailure, type Factor, type Outcome, type SignInDriver } from './driver.js';
import { CodeStep } from './CodeStep.js';
import { MfaStep } from './MfaStep.js';

export interface SignInFlowProps {
  mode: 'login' | 'signup';
  driver: SignInDriver;
  /** Called once signed in. */
  onDone?: () => void;
  /** Shown under the form (links to the other screens). */
  footer?: ReactNode;
  /** What the finished screen says while the page moves on. */
  doneText?: string;
}

type View = 'form' | 'code' | 'mfa' | 'approval' | 'done';

const emailRule = {
  label: 'Email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  requiredMessage: 'Enter your e-mail address.',
  formatHint: 'Enter an e-mail address such as name@example.com.',
};

/** The register and login contracts' rules; a login takes any password length up to the maximum. */
const rulesFor = (mode: 'login' | 'signup'): FormRules<'name' | 'email' | 'password'> => ({
  name: { label: 'Name', maxLength: IDENTITY_LIMITS.name },
  email: emailRule,
  password: {
    label: 'Password',
    required: true,
    maxLength: PASSWORD_MAX_LENGTH,
    requiredMessage: 'Enter your password.',
    ...(mode === 'signup' ? { minLength: PASSWORD_MIN_LENGTH } : {}),
  },
});

/**
 * Log in or sign up, with every screen of the login state machine: the form, the e-mailed code, waiting for the
 * owner's approval, and a captcha when the site asks for one (solved quietly first, then by the person).
 */
export function SignInFlow({
  mode,
  driver,
  onDone,
  footer,
  doneText = 'Signed in. Taking you back…',
}: SignInFlowProps) {
  const client = usePlaza<PlazaClient>();
  const [view, setView] = useState<View>('form');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<Extract<Outcome, { step: 'failed' }> | null>(null);
  const [fatal, setFatal] = useState<unknown>(null);
  const [captcha, setCaptcha] = useState<{ error?: string | undefined } | null>(null);
  const [factors, setFactors] = useState<Factor[]>([]);
  const form = useFormRules(rulesFor(mode), { name: name.trim(), email: email.trim().toLowerCase(), password });

  const send = (captchaTokens?: CaptchaTokens) => {
    const creds = { email: email.trim(), password, ...(captchaTokens ? { captchaTokens } : {}) };
    return mode === 'signup'
      ? driver.register({ ...creds, ...(name.trim() ? { profile: { nickname: name.trim() } } : {}) })
      : driver.login(creds);
  };

  const apply = (out: Outcome) => {
    setFailure(null);
    setCaptcha(null);
    switch (out.step) {
      case 'done':
        setView('done');
        onDone?.();
        return;
      case 'code':
        setView('code');
        return;
      case 'mfa':
        if (out.factors.length) setFactors(out.factors);
        setView('mfa');
        return;
      case 'approval':
        setView('approval');
        return;
      case 'captcha':
        setCaptcha({ error: out.error });
        return;
      case 'failed':
        // From a later step too (an expired code): back to the form, with the reason.
        setView('form');
        setFailure(out);
    }
  };

  const attempt = async (captchaTokens?: CaptchaTokens) => {
    setBusy(true);
    setFatal(null);
    try {
      let out = await send(captchaTokens);
      if (out.step === 'captcha' && out.variant === 'invisible') {
        // The site wants a captcha: try the invisible one first, so most people never see a puzzle.
        setStatus('Checking that you are a person…');
        const invisible = await solveInvisibleCaptcha(client).catch(() => null);
        // Should the quiet check fail (or its proof be refused), the person solves the visible one.
        out = invisible ? await send({ invisible }) : { step: 'captcha', variant: 'visible' };
        if (out.step === 'captcha') out = { step: 'captcha', variant: 'visible', error: out.error };
      }
      apply(out);
    } catch (e) {
      setFatal(e);
    } finally {
      setBusy(false);
      setStatus(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && form.check()) void attempt();
  };

  if (view === 'code') {
    return (
      <CodeStep
        email={email.trim()}
        driver={driver}
        onOutcome={apply}
        onBack={() => {
          setView('form');
          setPassword('');
        }}
      />
    );
  }
  if (view === 'mfa') {
    return (
      <MfaStep
        email={email.trim()}
        factors={factors}
        driver={driver}
        onOutcome={apply}
        onBack={() => {
          setView('form');
          setPassword('');
        }}
      />
    );
  }
  if (view === 'approval') return <ApprovalStep mode={mode} />;
  if (view === 'done') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
        <Spinner /> {doneText}
      </p>
    );
  }

  const failureText = failure && describeFailure(failure, mode);
  // A refused address is said in this form's words (the server's sentence names its field path).
  const emailRefused =
    failure?.errorCode === 'invalidEmail' && mode === 'signup'
      ? (validateField(emailRule, email.trim().toLowerCase()) ?? emailRule.formatHint)
      : undefined;
  return (
    <>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {mode === 'signup' && (
          <TextField
            {...form.field('name')}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            hint="Shown to other members; you can change it later."
          />
        )}
        <TextField
          {...form.field('email')}
          // No counter: nobody's address is near the limit, and the check below still reports one that is.
          maxLength={undefined}
          name="email"
          type="email"
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.errors.email ?? emailRefused}
        />
        <TextField
          {...form.field('password')}
          maxLength={undefined}
          name="password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={
            mode === 'signup'
              ? `At least ${PASSWORD_MIN_LENGTH} characters. A long phrase is easy to remember and hard to guess.`
              : undefined
          }
        />
        {captcha && (
          <div className="space-y-2">
            <Alert tone="warning">{captcha.error ?? 'Please confirm you are a person to continue.'}</Alert>
            <CaptchaBox onSolved={(token) => void attempt({ visible: token })} />
          </div>
        )}
        {failure && !(failure.errorCode === 'invalidEmail' && mode === 'signup') && (
          <Alert tone="error">
            {failureText}
            {failure.errorCode === 'resetPassword' && (
              <>
                {' '}
                <Link to="/forgot-password" className="font-medium underline">
                  Set a new password
                </Link>
              </>
            )}
            {failure.errorCode === 'emailAlreadyExists' && (
              <>
                {' '}
                <Link to="/login" className="font-medium underline">
                  Log in instead
                </Link>
              </>
            )}
          </Alert>
        )}
        {fatal !== null && <ErrorMessage error={fatal} />}
        <Button type="submit" className="w-full" busy={busy} disabled={!!captcha}>
          {mode === 'signup' ? 'Create account' : 'Log in'}
        </Button>
        {status && (
          <p role="status" className="text-center text-xs text-neutral-600">
            {status}
          </p>
        )}
      </form>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-neutral-600">{footer}</div>}
    </>
  );
}

function ApprovalStep({ mode }: { mode: 'login' | 'signup' }) {
  return (
    <div className="space-y-4">
      <Alert tone="info" title="Waiting for the owner's approval">
        {mode === 'signup' ? 'Your account is created. ' : ''}
        The owner of this site approves new members by hand. You can log in as soon as they do; you can close this page
        meanwhile.
      </Alert>
      <Link
        to="/"
        className="inline-flex min-h-10 w-full items-center justify-center rounded-md border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-50"
      >
        Back to the store
      </Link>
    </div>
  );
}
