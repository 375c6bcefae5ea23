import { AuthCard } from '../ui/AuthCard.js';

/**
 * /auth/silent-callback: a registered redirect URI for flows that run in a frame or pop-up. The server answers those
 * with a web message, so this page only shows up when it is opened by hand.
 */
export default function SilentCallbackPage() {
  return (
    <AuthCard title="Nothing to do here">
      <p className="text-sm text-neutral-700">This page finishes sign-ins in the background. You can close it.</p>
    </AuthCard>
  );
}
