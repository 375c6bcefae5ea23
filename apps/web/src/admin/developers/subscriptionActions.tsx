import { usePlazaMutation, webhookMutations } from '@plaza/react';
import { useState } from 'react';
import type { WebhookSubscription } from '@plaza/contracts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';

/** The webhook's name, or its address's host when it has none. */
export function webhookName(s: Pick<WebhookSubscription, 'name' | 'url'>): string {
  if (s.name.trim()) return s.name;
  try {
    return new URL(s.url).host;
  } catch {
    return s.url;
  }
}

/**
 * The actions on one webhook, shared by the list and the webhook's page: send a test message, pause or resume, and
 * delete after a confirmation (render `dialogs`).
 */
export function useSubscriptionActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const toast = useToast();
  const test = usePlazaMutation(webhookMutations.sendTestEvent);
  const pause = usePlazaMutation(webhookMutations.setPaused);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  // Told by the mutation itself: the webhook's page may unmount before `mutate`'s callbacks would run.
  const remove = usePlazaMutation(webhookMutations.deleteSubscription, {
    onSuccess: (_r, s) => {
      toast(`${webhookName(s)} is deleted`);
      setDeleting(null);
      onDeleted?.();
    },
  });
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');

  const sendTest = (s: WebhookSubscription) =>
    test.mutate(s.id, {
      onSuccess: () => toast(`Test message on its way to ${webhookName(s)}`),
      onError: failed('The test message was not sent'),
    });
  const setPaused = (s: WebhookSubscription, paused: boolean) =>
    pause.mutate(
      { subscriptionId: s.id, paused },
      {
        onSuccess: () => toast(paused ? `${webhookName(s)} is paused` : `${webhookName(s)} is sending again`),
        onError: failed(paused ? 'Could not pause it' : 'Could not resume it'),
      },
    );

  const dialogs = (
    <ConfirmDialog
      open={deleting !== null}
      title={`Delete the webhook ${deleting ? webhookName(deleting) : ''}?`}
      confirmLabel="Delete webhook"
      danger
      busy={remove.isPending}
      onCancel={() => setDeleting(null)}
      onConfirm={() =>
        deleting &&
        remove.mutate(deleting, {
          onError: (e) => {
            setDeleting(null);
            failed('It was not deleted')(e);
          },
        })
      }
    >
      Your other system stops hearing from your store at this address, and its delivery log is deleted with it. Messages
      not sent yet are dropped.
    </ConfirmDialog>
  );

  return { sendTest, setPaused, askDelete: setDeleting, testing: test.isPending, dialogs };
}
