import { useState, type FormEvent } from 'react';
import type { Outcome } from './driver.js';

type CodeStepName = 'code' | 'mfa';

/** The driver answered with the same step again: the code was refused (with the server's reason, if it gave one). */
const refused = (out: Outcome, again: CodeStepName): out is Extract<Outcome, { step: CodeStepName }> =>
  out.step === again;

/**
 * What the e-mailed-code step and the second-factor step share: checking a typed code (one check at a time; a
 * refused code stays on the step with its reason, any other answer moves on) and asking for a new code. A failure to
 * reach the server is `fatal`, shown under the form.
 */
export function useCodeCheck(again: CodeStepName, onOutcome: (out: Outcome) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fatal, setFatal] = useState<unknown>(null);
  const [mail, setMail] = useState<'idle' | 'sending' | 'sent'>('idle');

  /** The form's submit: `verify` sends the code. */
  const submitWith = (verify: () => Promise<Outcome>) => async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFatal(null);
    setError(undefined);
    try {
      const out = await verify();
      if (refused(out, again)) setError(out.error ?? 'The code is wrong.');
      else onOutcome(out);
    } catch (err) {
      setFatal(err);
    } finally {
      setBusy(false);
    }
  };

  /** Mails a new code with `send`; `mail` is 'sent' once it went. */
  const mailCode = async (send: () => Promise<void>) => {
    setMail('sending');
    setFatal(null);
    try {
      await send();
      setMail('sent');
    } catch (err) {
      setMail('idle');
      setFatal(err);
    }
  };

  return { busy, error, setError, fatal, setFatal, mail, submitWith, mailCode };
}
