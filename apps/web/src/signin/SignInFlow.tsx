import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlaza } from '@plaza/react';
import type { CaptchaTokens } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { Spinner } from '../ui/Spinner.js';
import { solveInvisibleCaptcha } from './captcha.js';
import { CaptchaBox } from './CaptchaBox.js';
import { describeFailure, type Factor, type Outcome, type SignInDriver } from './driver.js';

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
    if (!busy) void attempt();
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
  return (
    <>
      <form onSubmit={submit} className="space-y-4" noValidate={false}>
        {mode === 'signup' && (
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            hint="Shown to other members; you can change it later."
          />
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete={mode === 'signup' ? 'email' : 'username'}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={failure?.errorCode === 'invalidEmail' && mode === 'signup' ? (failureText ?? undefined) : undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          required
          minLength={mode === 'signup' ? 8 : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={
            mode === 'signup'
              ? 'At least 8 characters. A long phrase is easy to remember and hard to guess.'
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

function CodeStep({
  email,
  driver,
  onOutcome,
  onBack,
}: {
  email: string;
  driver: SignInDriver;
  onOutcome: (out: Outcome) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fatal, setFatal] = useState<unknown>(null);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFatal(null);
    setError(undefined);
    try {
      const out = await driver.verify(code.trim());
      if (out.step === 'code') setError(out.error ?? 'The code is wrong.');
      else onOutcome(out);
    } catch (err) {
      setFatal(err);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent('sending');
    setFatal(null);
    try {
      await driver.resend();
      setResent('sent');
    } catch (err) {
      setResent('idle');
      setFatal(err);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="code-title">
      <div>
        <h2 id="code-title" className="text-lg font-semibold">
          Check your e-mail
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          We sent a 6-digit code to <strong className="break-all text-neutral-900">{email}</strong>. It works for 10
          minutes.
        </p>
      </div>
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={error}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
      />
      {fatal !== null && <ErrorMessage error={fatal} />}
      <Button type="submit" className="w-full" busy={busy} disabled={code.length !== 6}>
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => void resend()} disabled={resent === 'sending'}>
          {resent === 'sending' ? 'Sending…' : 'Send a new code'}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Use a different e-mail
        </Button>
      </div>
      {resent === 'sent' && <Alert tone="success">A new code is on its way. The old one no longer works.</Alert>}
    </form>
  );
}

/** The second factor of a login: the authenticator app's code, or one mailed on request. */
function MfaStep({
  email,
  factors,
  driver,
  onOutcome,
  onBack,
}: {
  email: string;
  factors: Factor[];
  driver: SignInDriver;
  onOutcome: (out: Outcome) => void;
  onBack: () => void;
}) {
  const [factor, setFactor] = useState<Factor>(factors.includes('TOTP') ? 'TOTP' : 'EMAIL');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fatal, setFatal] = useState<unknown>(null);
  const [mail, setMail] = useState<'idle' | 'sending' | 'sent'>('idle');
  const input = useRef<HTMLInputElement>(null);

  const sendMail = async () => {
    setMail('sending');
    setFatal(null);
    setError(undefined);
    try {
      await driver.sendFactorCode();
      setFactor('EMAIL');
      setMail('sent');
      setCode('');
      input.current?.focus();
    } catch (err) {
      setMail('idle');
      setFatal(err);
    }
  };
  // Only the e-mail factor on offer: mail its code at once.
  const autoSent = useRef(false);
  useEffect(() => {
    if (factor === 'EMAIL' && !autoSent.current) {
      autoSent.current = true;
      void sendMail();
    }
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFatal(null);
    setError(undefined);
    try {
      const out = await driver.verifyFactor(factor, code.replace(/\s/g, ''), remember);
      if (out.step === 'mfa') setError(out.error ?? 'The code is wrong.');
      else onOutcome(out);
    } catch (err) {
      setFatal(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="mfa-title">
      <div>
        <h2 id="mfa-title" className="text-lg font-semibold">
          Two-step verification
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          {factor === 'TOTP' ? (
            'Enter the 6-digit code your authenticator app shows for this site.'
          ) : (
            <>
              We sent a 6-digit code to <strong className="break-all text-neutral-900">{email || 'your e-mail'}</strong>
              .
            </>
          )}
        </p>
      </div>
      <TextField
        ref={input}
        label="Authentication code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
        error={error}
        className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
      />
      <label className="flex items-center gap-2 text-sm text-neutral-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        Don't ask again on this device for 30 days
      </label>
      {fatal !== null && <ErrorMessage error={fatal} />}
      <Button type="submit" className="w-full" busy={busy} disabled={code.replace(/\s/g, '').length !== 6}>
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm sm:flex-row sm:justify-between">
        {factors.includes('EMAIL') || factor === 'EMAIL' ? (
          <Button variant="ghost" onClick={() => void sendMail()} disabled={mail === 'sending'}>
            {mail === 'sending' ? 'Sending…' : factor === 'EMAIL' ? 'Send a new code' : 'E-mail me a code instead'}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="ghost" onClick={onBack}>
          Start over
        </Button>
      </div>
      {mail === 'sent' && <Alert tone="success">A code is on its way to your e-mail.</Alert>}
    </form>
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
