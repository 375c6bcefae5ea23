import { useState, type FormEvent } from 'react';
import { usePlaza } from '@plaza/react';
import type { CaptchaTokens } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  IDENTITY_LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@plaza/contracts/constants';
import type { FormRules } from '../ui/formRules.js';
import { useFormRules } from '../ui/useFormRules.js';
import { solveInvisibleCaptcha } from './captcha.js';
import type { Factor, Outcome, SignInDriver } from './driver.js';

export type SignInMode = 'login' | 'signup';
export type SignInView = 'form' | 'code' | 'mfa' | 'approval' | 'done';
export type SignInFailure = Extract<Outcome, { step: 'failed' }>;

export const emailRule = {
  label: 'Email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  requiredMessage: 'Enter your e-mail address.',
  formatHint: 'Enter an e-mail address such as name@example.com.',
};

/** The register and login contracts' rules; a login takes any password length up to the maximum. */
const rulesFor = (mode: SignInMode): FormRules<'name' | 'email' | 'password'> => ({
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
 * The login state machine behind {@link SignInFlow}: what was typed, which screen shows, and each attempt's outcome
 * (a captcha is solved quietly first, then by the person).
 */
export function useSignInFlow({
  mode,
  driver,
  onDone,
}: {
  mode: SignInMode;
  driver: SignInDriver;
  onDone: (() => void) | undefined;
}) {
  const client = usePlaza<PlazaClient>();
  const outcome = useSignInOutcome(onDone);
  const { apply, setView } = outcome;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [fatal, setFatal] = useState<unknown>(null);
  const form = useFormRules(rulesFor(mode), { name: name.trim(), email: email.trim().toLowerCase(), password });

  const send = (captchaTokens?: CaptchaTokens) => {
    const creds = { email: email.trim(), password, ...(captchaTokens ? { captchaTokens } : {}) };
    return mode === 'signup'
      ? driver.register({ ...creds, ...(name.trim() ? { profile: { nickname: name.trim() } } : {}) })
      : driver.login(creds);
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

  const backToForm = () => {
    setView('form');
    setPassword('');
  };

  return {
    ...outcome,
    fields: { name, setName, email, setEmail, password, setPassword },
    form,
    busy,
    status,
    fatal,
    attempt,
    submit,
    backToForm,
  };
}

/** Which screen shows after each answer from the server, with what the form says about it. */
function useSignInOutcome(onDone: (() => void) | undefined) {
  const [view, setView] = useState<SignInView>('form');
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const [captcha, setCaptcha] = useState<{ error?: string | undefined } | null>(null);
  const [factors, setFactors] = useState<Factor[]>([]);

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

  return { view, setView, failure, captcha, factors, apply };
}

export type SignInFlowState = ReturnType<typeof useSignInFlow>;
