import { useState } from 'react';
import { useDayFormat } from '../storefront/format.js';
import { identityMutations, usePlazaMutation } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { CopyButton } from '../ui/CopyButton.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { CurrentPasswordField } from './PasswordFields.js';
import { CheckboxField } from '../ui/CheckboxField.js';

const TOTAL = 10;

function textFile(codes: string[], made: string): string {
  return [
    `Recovery codes for ${window.location.host} (made ${made})`,
    '',
    "If you can't use your authenticator app, each of these codes lets you sign in once.",
    'Keep them somewhere safe, like a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(codes: string[], made: string): void {
  const url = URL.createObjectURL(new Blob([textFile(codes, made)], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `recovery-codes-${window.location.hostname}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * New recovery codes, shown this once: the list, copy and download, and an "I saved them" step before the screen
 * moves on (they can't be shown again).
 */
export function SaveRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const day = useDayFormat();
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-3 rounded-md border border-neutral-200 p-4">
      <div>
        <h3 id="recovery-codes-title" className="text-sm font-semibold text-neutral-900">
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-neutral-600">
          If you lose your phone, each code lets you sign in once instead of a code from the app. This is the only time
          they are shown.
        </p>
      </div>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded bg-neutral-50 p-3 font-mono text-sm text-neutral-900 min-[360px]:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c} className="select-all">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button variant="secondary" onClick={() => download(codes, day(new Date().toISOString()))}>
          Download (.txt)
        </Button>
      </div>
      <CheckboxField
        label="I saved my recovery codes somewhere safe"
        checked={saved}
        onChange={setSaved}
        className="flex items-center gap-2 text-sm text-neutral-700"
      />
      <Button onClick={onDone} disabled={!saved}>
        Done
      </Button>
    </section>
  );
}

/** How many recovery codes are left, and making a new set (the password confirms it; the old codes stop working). */
export function RecoveryCodesStatus({
  remaining,
  onNewCodes,
}: {
  remaining: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const regenerate = usePlazaMutation(identityMutations.regenerateRecoveryCodes, {
    onSuccess: (r) => {
      setOpen(false);
      setPassword('');
      onNewCodes(r.recoveryCodes);
    },
  });
  const close = () => {
    setOpen(false);
    setPassword('');
    regenerate.reset();
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-neutral-700" data-testid="recovery-codes-left">
        <span className="font-medium">Recovery codes:</span> {remaining} of {TOTAL} left.
      </p>
      {remaining <= 3 && (
        <Alert tone="warning">
          {remaining === 0
            ? 'You have no recovery codes left. Make new ones so you can still sign in if you lose your phone.'
            : 'You are running out of recovery codes. Make new ones and keep them somewhere safe.'}
        </Alert>
      )}
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Regenerate recovery codes
      </Button>
      <ConfirmDialog
        open={open}
        title="Make new recovery codes?"
        confirmLabel="Make new codes"
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate({ password })}
        onCancel={close}
      >
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            regenerate.mutate({ password });
          }}
        >
          <p>Your current recovery codes will stop working. Enter your password to confirm.</p>
          <CurrentPasswordField label="Password" value={password} onChange={setPassword} />
          {regenerate.error && <ErrorMessage error={regenerate.error} />}
        </form>
      </ConfirmDialog>
    </div>
  );
}
