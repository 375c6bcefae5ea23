import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';

const WORD = 'DELETE';

/**
 * Deletes the member and their sign-in for good (no content assignee: their reviews are removed with them), then
 * signs out and goes home. Typing DELETE is the confirmation step.
 */
export function DeleteAccountCard() {
  const plaza = usePlaza();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => plaza.members.deleteMyMember(),
    // The tokens are dead now: the logout page clears them and ends the browser's sign-in session.
    onSuccess: () => navigate(`/auth/logout?returnTo=${encodeURIComponent('/')}`, { replace: true }),
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
