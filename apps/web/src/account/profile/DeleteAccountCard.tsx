import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberQueries, reviewQueries, usePlaza } from '@plaza/react';
import { markSignedOut } from '../../auth/silent.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';

const WORD = 'DELETE';

/**
 * Deletes the member and their sign-in for good (no content assignee: their reviews are removed with them), then
 * signs out and goes home, where a note says it is done. Typing DELETE is the confirmation step.
 */
export function DeleteAccountCard() {
  const plaza = usePlaza();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => plaza.members.deleteMyMember(),
    onSuccess: async () => {
      // The member's tokens died with the account, so the server's logout would refuse them: the SDK logout still
      // clears them here (and its failure is expected), and silent login must not try this browser again.
      markSignedOut();
      await plaza.auth.logout(window.location.origin).catch(() => undefined);
      // Their reviews are gone (lists and summaries change), and no member data may outlive the account.
      queryClient.removeQueries({ queryKey: memberQueries.all() });
      void queryClient.invalidateQueries({ queryKey: reviewQueries.all() });
      void navigate('/', { replace: true, state: { accountDeleted: true } });
    },
  });
  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  return (
    <Card title="Delete my account" className="border-red-200">
      <p className="text-sm text-neutral-700">
        This deletes your profile, your contact details and your sign-in. The reviews you wrote are removed too. It
        cannot be undone.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <Dialog
        open={open}
        title="Delete your account?"
        description="Your profile, contact details, sign-in and reviews are deleted for good."
        onClose={close}
        busy={remove.isPending}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim() === WORD) remove.mutate();
          }}
          className="space-y-4"
        >
          <TextField
            label={`Type ${WORD} to confirm`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {remove.error !== null && <ErrorMessage error={remove.error} />}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={remove.isPending} autoFocus>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={remove.isPending} disabled={typed.trim() !== WORD}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
