import { useState } from 'react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { type Outcome, type SignInDriver } from './driver.js';
import { useCodeCheck } from './useCodeCheck.js';

/** The six-digit code the site e-mailed, bound to the login or sign-up it continues; it can be sent again. */
export function CodeStep({
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
  const { busy, error, fatal, mail: resent, submitWith, mailCode } = useCodeCheck('code', onOutcome);
  const submit = submitWith(() => driver.verify(code.trim()));
  const resend = () => mailCode(() => driver.resend());

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="code-title">
      <CodeStepIntro email={email} />
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

/** The step's heading, which names the form, and where the code went. */
function CodeStepIntro({ email }: { email: string }) {
  return (
    <div>
      <h2 id="code-title" className="text-lg font-semibold">
        Check your e-mail
      </h2>
      <p className="mt-1 text-sm text-neutral-600">
        We sent a 6-digit code to <strong className="break-all text-neutral-900">{email}</strong>. It works for 10
        minutes.
      </p>
    </div>
  );
}
