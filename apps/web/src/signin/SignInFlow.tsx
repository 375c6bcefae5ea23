import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@plaza/contracts/constants';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { validateField } from '../ui/formRules.js';
import { Spinner } from '../ui/Spinner.js';
import { CaptchaBox } from './CaptchaBox.js';
import { describeFailure, type SignInDriver } from './driver.js';
import { BackToStoreLink } from './AuthLinks.js';
import { CodeStep } from './CodeStep.js';
import { MfaStep } from './MfaStep.js';
import {
  emailRule,
  useSignInFlow,
  type SignInFailure,
  type SignInFlowState,
  type SignInMode,
} from './useSignInFlow.js';

export interface SignInFlowProps {
  mode: SignInMode;
  driver: SignInDriver;
  /** Called once signed in. */
  onDone?: () => void;
  /** Shown under the form (links to the other screens). */
  footer?: ReactNode;
  /** What the finished screen says while the page moves on. */
  doneText?: string;
}

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
  const flow = useSignInFlow({ mode, driver, onDone });
  const email = flow.fields.email.trim();

  if (flow.view === 'code') {
    return <CodeStep email={email} driver={driver} onOutcome={flow.apply} onBack={flow.backToForm} />;
  }
  if (flow.view === 'mfa') {
    return (
      <MfaStep email={email} factors={flow.factors} driver={driver} onOutcome={flow.apply} onBack={flow.backToForm} />
    );
  }
  if (flow.view === 'approval') return <ApprovalStep mode={mode} />;
  if (flow.view === 'done') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
        <Spinner /> {doneText}
      </p>
    );
  }
  return (
    <>
      <CredentialsForm mode={mode} flow={flow} />
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-neutral-600">{footer}</div>}
    </>
  );
}

/** The name (on sign-up), e-mail and password, with the captcha, the failure and the submit button. */
function CredentialsForm({ mode, flow }: { mode: SignInMode; flow: SignInFlowState }) {
  const { fields, form, failure, captcha } = flow;
  // A refused address is said in this form's words (the server's sentence names its field path).
  const emailRefused =
    failure?.errorCode === 'invalidEmail' && mode === 'signup'
      ? (validateField(emailRule, fields.email.trim().toLowerCase()) ?? emailRule.formatHint)
      : undefined;
  return (
    <form onSubmit={flow.submit} className="space-y-4" noValidate>
      {mode === 'signup' && (
        <TextField
          {...form.bind('name', fields.name, fields.setName)}
          name="name"
          autoComplete="name"
          hint="Shown to other members; you can change it later."
        />
      )}
      <TextField
        {...form.bind('email', fields.email, fields.setEmail)}
        // No counter: nobody's address is near the limit, and the check below still reports one that is.
        maxLength={undefined}
        name="email"
        type="email"
        autoComplete={mode === 'signup' ? 'email' : 'username'}
        error={form.errors.email ?? emailRefused}
      />
      <TextField
        {...form.bind('password', fields.password, fields.setPassword)}
        maxLength={undefined}
        name="password"
        type="password"
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        hint={
          mode === 'signup'
            ? `At least ${PASSWORD_MIN_LENGTH} characters. A long phrase is easy to remember and hard to guess.`
            : undefined
        }
      />
      {captcha && (
        <div className="space-y-2">
          <Alert tone="warning">{captcha.error ?? 'Please confirm you are a person to continue.'}</Alert>
          <CaptchaBox onSolved={(token) => void flow.attempt({ visible: token })} />
        </div>
      )}
      {failure && !(failure.errorCode === 'invalidEmail' && mode === 'signup') && (
        <FailureAlert failure={failure} mode={mode} />
      )}
      {flow.fatal !== null && <ErrorMessage error={flow.fatal} />}
      <Button type="submit" className="w-full" busy={flow.busy} disabled={!!captcha}>
        {mode === 'signup' ? 'Create account' : 'Log in'}
      </Button>
      {flow.status && (
        <p role="status" className="text-center text-xs text-neutral-600">
          {flow.status}
        </p>
      )}
    </form>
  );
}

/** Why the attempt failed, with the way out when there is one. */
function FailureAlert({ failure, mode }: { failure: SignInFailure; mode: SignInMode }) {
  return (
    <Alert tone="error">
      {describeFailure(failure, mode)}
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
  );
}

function ApprovalStep({ mode }: { mode: SignInMode }) {
  return (
    <div className="space-y-4">
      <Alert tone="info" title="Waiting for the owner's approval">
        {mode === 'signup' ? 'Your account is created. ' : ''}
        The owner of this site approves new members by hand. You can log in as soon as they do; you can close this page
        meanwhile.
      </Alert>
      <BackToStoreLink />
    </div>
  );
}
