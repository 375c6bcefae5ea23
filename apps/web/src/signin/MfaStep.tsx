import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { type Factor, type Outcome, type SignInDriver } from './driver.js';

/** The second factor of a login: the authenticator app's code, or one mailed on request. */
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
