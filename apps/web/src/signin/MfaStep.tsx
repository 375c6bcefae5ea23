import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { type Factor, type Outcome, type SignInDriver } from './driver.js';
import { useCodeCheck } from './useCodeCheck.js';

/** The second factor of a login: the authenticator app's code, one mailed on request, or a recovery code. */
export function MfaStep({
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
  const mfa = useMfaVerification({ factors, driver, onOutcome });
  const { factor, recovery, mail } = mfa;

  return (
    <form onSubmit={mfa.submit} className="space-y-4" aria-labelledby="mfa-title">
      <div>
        <h2 id="mfa-title" className="text-lg font-semibold">
          Two-step verification
        </h2>
        <p className="mt-1 text-sm text-neutral-600">
          {recovery ? (
            'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
          ) : factor === 'TOTP' ? (
            'Enter the 6-digit code your authenticator app shows for this site.'
          ) : (
            <>
              We sent a 6-digit code to <strong className="break-all text-neutral-900">{email || 'your e-mail'}</strong>
              .
            </>
          )}
        </p>
      </div>
      <FactorCodeField mfa={mfa} />
      <label className="flex items-center gap-2 text-sm text-neutral-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={mfa.remember}
          onChange={(e) => mfa.setRemember(e.target.checked)}
        />
        Don't ask again on this device for 30 days
      </label>
      {mfa.fatal !== null && <ErrorMessage error={mfa.fatal} />}
      <Button type="submit" className="w-full" busy={mfa.busy} disabled={!mfa.complete}>
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm sm:flex-row sm:flex-wrap sm:justify-between">
        <OtherFactorButton factors={factors} mfa={mfa} />
        {factors.includes('RECOVERY_CODE') && !recovery && (
          <Button variant="ghost" onClick={() => mfa.switchTo('RECOVERY_CODE')}>
            Use a recovery code
          </Button>
        )}
        <Button variant="ghost" onClick={onBack}>
          Start over
        </Button>
      </div>
      {mail === 'sent' && !recovery && <Alert tone="success">A code is on its way to your e-mail.</Alert>}
    </form>
  );
}

type MfaVerification = ReturnType<typeof useMfaVerification>;

/** The code box: ten letters and digits for a recovery code, six digits for the others. */
function FactorCodeField({ mfa }: { mfa: MfaVerification }) {
  const { input, code, setCode, error } = mfa;
  return mfa.recovery ? (
    <TextField
      ref={input}
      key="recovery"
      label="Recovery code"
      name="recovery-code"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={13}
      required
      autoFocus
      placeholder="xxxxx-xxxxx"
      value={code}
      onChange={(e) => setCode(e.target.value.replace(/[^A-Za-z0-9 -]/g, ''))}
      error={error}
      className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.15em]"
    />
  ) : (
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
  );
}

/** The way back from a recovery code, or to a mailed code; an empty cell keeps the row's layout otherwise. */
function OtherFactorButton({ factors, mfa }: { factors: Factor[]; mfa: MfaVerification }) {
  const { factor, mail, sendMail } = mfa;
  if (mfa.recovery) {
    return (
      <Button variant="ghost" onClick={() => (factors.includes('TOTP') ? mfa.switchTo('TOTP') : void sendMail())}>
        {factors.includes('TOTP') ? 'Use the authenticator app instead' : 'Use a code by e-mail instead'}
      </Button>
    );
  }
  if (factors.includes('EMAIL') || factor === 'EMAIL') {
    return (
      <Button variant="ghost" onClick={() => void sendMail()} disabled={mail === 'sending'}>
        {mail === 'sending' ? 'Sending…' : factor === 'EMAIL' ? 'Send a new code' : 'E-mail me a code instead'}
      </Button>
    );
  }
  return <span />;
}

/**
 * The chosen factor and its code, mailing a code (at once when e-mail is the only factor) and checking the code; a
 * wrong code stays on this step with the reason.
 */
function useMfaVerification({
  factors,
  driver,
  onOutcome,
}: {
  factors: Factor[];
  driver: SignInDriver;
  onOutcome: (out: Outcome) => void;
}) {
  const [factor, setFactor] = useState<Factor>(factors.includes('TOTP') ? 'TOTP' : 'EMAIL');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const { busy, error, setError, fatal, setFatal, mail, submitWith, mailCode } = useCodeCheck('mfa', onOutcome);
  const input = useRef<HTMLInputElement>(null);
  const recovery = factor === 'RECOVERY_CODE';
  // A recovery code is ten letters and digits (shown as xxxxx-xxxxx); the others six digits.
  const typed = code.replace(/[\s-]/g, '');
  const complete = recovery ? typed.length === 10 : typed.length === 6;
  const switchTo = (next: Factor) => {
    setFactor(next);
    setCode('');
    setError(undefined);
    setFatal(null);
    input.current?.focus();
  };

  const sendMail = () => {
    setError(undefined);
    return mailCode(async () => {
      await driver.sendFactorCode();
      setFactor('EMAIL');
      setCode('');
      input.current?.focus();
    });
  };
  useMailFirstCode(factor, sendMail);

  const submit = submitWith(() => driver.verifyFactor(factor, typed, remember));

  return {
    factor,
    recovery,
    code,
    setCode,
    complete,
    remember,
    setRemember,
    busy,
    error,
    fatal,
    mail,
    input,
    switchTo,
    sendMail,
    submit,
  };
}

/** Only the e-mail factor on offer: mail its code at once, on the step's first showing. */
function useMailFirstCode(factor: Factor, sendMail: () => Promise<void>) {
  const autoSent = useRef(false);
  const sendFirstCode = useEffectEvent(() => {
    if (factor === 'EMAIL' && !autoSent.current) {
      autoSent.current = true;
      void sendMail();
    }
  });
  useEffect(() => sendFirstCode(), []);
}
