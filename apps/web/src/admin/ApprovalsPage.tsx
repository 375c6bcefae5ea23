import { useState } from 'react';
import type { Identity } from '@plaza/contracts';
import { identityMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../ui/Button.js';
import { EmptyState } from '../ui/EmptyState.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { useDateFormat } from './dates.js';
import { ListSkeleton } from './ListSkeleton.js';
import { PageHeader } from './SiteQuery.js';
import { useToast } from './Toast.js';
import { usePendingIdentities, waitsForOwner } from './waiting.js';
import { confirmRow, DangerConfirm } from './ui/DangerConfirm.js';

const displayName = (i: Identity) =>
  [i.identityProfile.firstName, i.identityProfile.lastName].filter(Boolean).join(' ') ||
  i.identityProfile.nickname ||
  '';

/** /admin/approvals: accounts waiting for the owner (and those still verifying their e-mail). */
export function ApprovalsPage() {
  const toast = useToast();
  const [rejecting, setRejecting] = useState<Identity | null>(null);
  const { data, error, isPending, isFetching, refetch } = usePendingIdentities({ fresh: true });
  const act = usePlazaMutation(identityMutations.decideIdentity, {
    onSuccess: (_r, { action }) => {
      toast(action === 'approve' ? 'Approved: they can log in now' : 'Rejected: the account is blocked');
      setRejecting(null);
    },
  });

  const identities = data?.identities ?? [];
  const waiting = identities.filter(waitsForOwner);
  const verifying = identities.filter((i) => !waitsForOwner(i));

  return (
    <>
      <PageHeader
        title="Approvals"
        description="New accounts wait here when your site requires approval (Settings → Sign-in)."
      />
      {isPending ? (
        <ListSkeleton label="Loading pending accounts" rows={3} />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="space-y-8">
          {act.error && !rejecting && <ErrorMessage error={act.error} />}
          <section aria-labelledby="waiting-title">
            <h2 id="waiting-title" className="mb-3 text-base font-semibold">
              Waiting for you ({waiting.length})
            </h2>
            {waiting.length === 0 ? (
              <EmptyState title="Nobody is waiting">New accounts that need your approval show up here.</EmptyState>
            ) : (
              <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
                {waiting.map((i) => (
                  <WaitingRow
                    key={i.id}
                    identity={i}
                    approving={act.isPending && act.variables?.id === i.id && act.variables.action === 'approve'}
                    onApprove={() => act.mutate({ id: i.id, action: 'approve' })}
                    onReject={() => setRejecting(i)}
                  />
                ))}
              </ul>
            )}
          </section>
          {verifying.length > 0 && <VerifyingSection identities={verifying} />}
        </div>
      )}
      <DangerConfirm
        title={`Reject ${rejecting?.email.address ?? ''}?`}
        confirmLabel="Reject and block"
        {...confirmRow(rejecting, setRejecting, act, (m) => act.mutate({ id: m.id, action: 'reject' }))}
      >
        <p>The account is blocked: it can't log in, and the address can't sign up again.</p>
      </DangerConfirm>
    </>
  );
}

/** An account waiting for the owner: its address, name and sign-up, and Approve or Reject. */
function WaitingRow({
  identity: i,
  approving,
  onApprove,
  onReject,
}: {
  identity: Identity;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const date = useDateFormat();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{i.email.address}</p>
        <p className="mt-0.5 text-xs text-neutral-600">
          {displayName(i) && <>{displayName(i)} · </>}signed up {date(i.createdDate)} ·{' '}
          {i.email.isVerified ? 'e-mail verified' : 'e-mail not verified yet'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button onClick={onApprove} busy={approving} aria-label={`Approve ${i.email.address}`}>
          Approve
        </Button>
        <Button variant="secondary" onClick={onReject} aria-label={`Reject ${i.email.address}`}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** Accounts still verifying their e-mail: nothing to do but wait. */
function VerifyingSection({ identities }: { identities: Identity[] }) {
  const date = useDateFormat();
  return (
    <section aria-labelledby="verifying-title">
      <h2 id="verifying-title" className="mb-1 text-base font-semibold">
        Verifying their e-mail ({identities.length})
      </h2>
      <p className="mb-3 text-sm text-neutral-600">They become members once they enter the code they were mailed.</p>
      <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
        {identities.map((i) => (
          <li key={i.id} className="p-4">
            <p className="font-medium break-all">{i.email.address}</p>
            <p className="mt-0.5 text-xs text-neutral-600">signed up {date(i.createdDate)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
