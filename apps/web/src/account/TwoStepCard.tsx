import { useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { identityMutations, identityQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { isPlazaError } from '@plaza/sdk';
import type { TotpEnrollResponse } from '@plaza/sdk/identity';
import { qrSvg } from '../lib/qr.js';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { CopyButton } from '../ui/CopyButton.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { RecoveryCodesStatus, SaveRecoveryCodes } from './RecoveryCodes.js';
import { TextField } from '../ui/Field.js';
import { CurrentPasswordField } from './PasswordFields.js';
import { Skeleton } from '../ui/Skeleton.js';

function Badge({ on }: { on: boolean }) {
  return (
    <span
      className={
        on
          ? 'rounded bg-emerald-100 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-800'
          : 'rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] font-medium text-neutral-600'
      }
    >
      {on ? 'On' : 'Off'}
    </span>
  );
}

/** Two-step verification with an authenticator app (TOTP): enrolment with a QR code, confirmation, turning it off. */
export function TwoStepCard() {
  const factors = useQuery({ ...identityQueries.factors(usePlaza()), retry: false });
  const [enrolment, setEnrolment] = useState<TotpEnrollResponse | null>(null);
  const [justEnabled, setJustEnabled] = useState(false);
  // Recovery codes just made (at confirmation or regenerated): shown until the member says they saved them.
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const enroll = usePlazaMutation(identityMutations.enrollTotp, {
    onSuccess: (r) => {
      setEnrolment(r);
      setJustEnabled(false);
    },
  });

  const totp = factors.data?.factors.find((f) => f.factorType === 'TOTP')?.status;
  const title = (
    <span className="flex items-center gap-2">Two-step verification {totp && <Badge on={totp === 'ACTIVE'} />}</span>
  );
  const description = 'After your password, a code from an authenticator app (or one we e-mail you) proves it is you.';

  if (factors.isPending) {
    return (
      <Card title={title} description={description}>
        <div aria-busy="true" aria-label="Loading two-step verification" className="space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-9 w-40" />
        </div>
      </Card>
    );
  }
  if (factors.error) {
    // A server without MFA: say so rather than show a broken screen.
    if (isPlazaError(factors.error) && factors.error.status === 404) {
      return (
        <Card title="Two-step verification" description={description}>
          <p className="text-sm text-neutral-600">This site does not offer authenticator apps yet.</p>
        </Card>
      );
    }
    return (
      <Card title="Two-step verification" description={description}>
        <ErrorMessage error={factors.error} onRetry={() => void factors.refetch()} retrying={factors.isFetching} />
      </Card>
    );
  }

  return (
    <Card title={title} description={description}>
      {enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onDone={(codes) => {
            setEnrolment(null);
            setJustEnabled(true);
            setNewCodes(codes);
          }}
          onCancel={() => setEnrolment(null)}
        />
      ) : totp === 'ACTIVE' ? (
        <ActiveFactor
          justEnabled={justEnabled}
          newCodes={newCodes}
          recoveryCodesRemaining={factors.data?.recoveryCodesRemaining ?? 0}
          onCodesSaved={() => setNewCodes(null)}
          onNewCodes={(codes) => {
            setJustEnabled(false);
            setNewCodes(codes);
          }}
        />
      ) : (
        <SetUpPrompt pending={totp === 'PENDING_ENROLLMENT'} enroll={enroll} />
      )}
    </Card>
  );
}

/** The member's factor is on: a word after turning it on, new recovery codes to save, or their count and turning off. */
function ActiveFactor({
  justEnabled,
  newCodes,
  recoveryCodesRemaining,
  onCodesSaved,
  onNewCodes,
}: {
  justEnabled: boolean;
  newCodes: string[] | null;
  recoveryCodesRemaining: number;
  onCodesSaved: () => void;
  onNewCodes: (codes: string[]) => void;
}) {
  return (
    <div className="space-y-4">
      {justEnabled && (
        <Alert tone="success" title="Two-step verification is on">
          From now on, logging in asks for a code from your app after the password.
        </Alert>
      )}
      {newCodes ? (
        <SaveRecoveryCodes codes={newCodes} onDone={onCodesSaved} />
      ) : (
        <>
          <p className="text-sm text-neutral-700">
            Your authenticator app is set up. Lost your phone? Use a recovery code or a code by e-mail.
          </p>
          <RecoveryCodesStatus remaining={recoveryCodesRemaining} onNewCodes={onNewCodes} />
          <TurnOff />
        </>
      )}
    </div>
  );
}

/** No factor yet, or one left half set up: the button that starts enrolment. */
function SetUpPrompt({
  pending,
  enroll,
}: {
  pending: boolean;
  enroll: { error: unknown; isPending: boolean; mutate: () => void };
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-700">
        {pending
          ? 'You started setting up an authenticator app but did not finish. Start again to get a new QR code.'
          : 'Use an app such as Google Authenticator, 1Password or Aegis.'}
      </p>
      {enroll.error != null && <ErrorMessage error={enroll.error} />}
      <Button onClick={() => enroll.mutate()} busy={enroll.isPending}>
        {pending ? 'Start again' : 'Set up an authenticator app'}
      </Button>
    </div>
  );
}

/** The otpauth URI as a QR code for the app's camera. */
function TotpQrCode({ otpauthUri }: { otpauthUri: string }) {
  const qr = useMemo(() => qrSvg(otpauthUri), [otpauthUri]);
  return (
    <figure className="mx-auto sm:mx-0">
      <svg
        role="img"
        aria-label="QR code for your authenticator app"
        data-testid="totp-qr"
        viewBox={qr.viewBox}
        width={200}
        height={200}
        shapeRendering="crispEdges"
        className="rounded-md border border-neutral-200 bg-white"
      >
        <rect x="-50%" y="-50%" width="200%" height="200%" fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <figcaption className="mt-2 text-center text-xs text-neutral-600">Scan with your app</figcaption>
    </figure>
  );
}

/** The QR code of the otpauth URI, its secret for typing in, and the first code that turns the factor on. */
function Enrolment({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TotpEnrollResponse;
  onDone: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const client = usePlaza();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const confirm = usePlazaMutation(identityMutations.confirmTotp, {
    // The answer is the new factors list: shown at once, before the module's refetch.
    onSuccess: ({ recoveryCodes, ...factors }) => {
      queryClient.setQueryData(identityQueries.factors(client).queryKey, factors);
      onDone(recoveryCodes);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate({ code: code.trim() });
  };
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <TotpQrCode otpauthUri={enrolment.otpauthUri} />
      <form onSubmit={submit} className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-700">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Can't scan? Enter this key instead:
            <span className="mt-1 flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="rounded bg-neutral-100 px-2 py-1 font-mono text-xs break-all select-all"
              >
                {grouped}
              </code>
              <CopyButton text={enrolment.secret} label="Copy key" />
            </span>
          </li>
          <li>Type the 6-digit code the app shows.</li>
        </ol>
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
          className="sm:max-w-48 [&_input]:font-mono [&_input]:tracking-[0.3em]"
        />
        {confirm.error && <ErrorMessage error={confirm.error} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={confirm.isPending} disabled={code.replace(/\s/g, '').length !== 6}>
            Turn on
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Turning the factor off takes a current code or the password, so a borrowed session can't do it. */
function TurnOff() {
  const client = usePlaza();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const off = usePlazaMutation(identityMutations.disableTotp, {
    onSuccess: (r) => {
      queryClient.setQueryData(identityQueries.factors(client).queryKey, r);
      setOpen(false);
      setPassword('');
    },
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Turn off two-step verification
      </Button>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        off.mutate({ password });
      }}
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4"
    >
      <p className="text-sm text-amber-900">
        Without it, your password alone opens your account. Enter your password to confirm.
      </p>
      <CurrentPasswordField label="Your password" value={password} onChange={setPassword} className="sm:max-w-sm" />
      {off.error && <ErrorMessage error={off.error} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" busy={off.isPending}>
          Turn off
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setOpen(false);
            off.reset();
          }}
        >
          Keep it on
        </Button>
      </div>
    </form>
  );
}
