import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { AuthCard } from '../ui/AuthCard.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';

/** /forgot-password: mails a link to /reset-password. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const client = usePlaza<PlazaClient>();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await client.auth.sendPasswordResetEmail(email.trim(), `${window.location.origin}/reset-password`);
      setSentTo(email.trim());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail you signed up with; we'll send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-medium text-accent underline-offset-2 hover:underline">
          Back to log in
        </Link>
      }
    >
      {sentTo ? (
        <Alert tone="success" title="Check your e-mail">
          If an account uses <strong className="break-all">{sentTo}</strong>, a link to set a new password is on its
          way. It works for one hour, once.
        </Alert>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error !== null && <ErrorMessage error={error} />}
          <Button type="submit" className="w-full" busy={busy}>
            Send the link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
