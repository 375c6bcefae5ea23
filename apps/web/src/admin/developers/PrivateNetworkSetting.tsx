import { useQuery } from '@tanstack/react-query';
import { usePlaza, usePlazaMutation, webhookMutations, webhookQueries } from '@plaza/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { QueryStates } from '../ui/QueryStates.js';

/**
 * Whether webhooks and apps may reach addresses inside the server's own network. Off by default; turning it on asks
 * first, since a webhook could then be aimed at machines the internet cannot reach.
 */
export function PrivateNetworkSetting() {
  const settings = useQuery(webhookQueries.settings(usePlaza()));
  const update = usePlazaMutation(webhookMutations.updateSettings);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  // A refused webhook address links here (#own-network): bring the setting into view and focus.
  const { hash } = useLocation();
  const here = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash !== '#own-network' || !here.current) return;
    here.current.scrollIntoView?.({ block: 'center' });
    here.current.focus({ preventScroll: true });
  }, [hash]);
  const save = (allowPrivateTargets: boolean) =>
    update.mutate(
      { allowPrivateTargets },
      {
        onSuccess: () => {
          setConfirming(false);
          toast(allowPrivateTargets ? 'Your own network is allowed' : 'Your own network is blocked again');
        },
        onError: (e) => {
          setConfirming(false);
          toast(`Not changed: ${describeError(e).message}`, 'error');
        },
      },
    );

  return (
    <div id="own-network" ref={here} tabIndex={-1} className="outline-none">
      <Card
        title="Your own network"
        description="Webhooks and apps on the internet always work. Addresses inside your server's own network are blocked, so nobody can use a webhook to reach machines that should stay private."
      >
        <QueryStates query={settings} loadingLabel="Loading the network setting" rows={1}>
          {(data) => (
            <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p className="text-neutral-800" data-testid="private-network-state">
                {data.allowPrivateTargets
                  ? 'Allowed: webhooks and apps may use addresses inside your network.'
                  : 'Blocked: webhooks and apps can only reach addresses on the internet.'}
              </p>
              {data.allowPrivateTargets ? (
                <Button variant="secondary" busy={update.isPending} onClick={() => save(false)}>
                  Block my network again
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  Allow my network…
                </Button>
              )}
            </div>
          )}
        </QueryStates>
        <ConfirmDialog
          open={confirming}
          title="Allow webhooks to reach your own network?"
          confirmLabel="Allow"
          danger
          busy={update.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => save(true)}
        >
          Only do this when the system receiving your webhooks runs next to your store, on the same network. Anyone who
          can add a webhook could then send requests to machines inside it.
        </ConfirmDialog>
      </Card>
    </div>
  );
}
