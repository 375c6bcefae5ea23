import { Card } from '../ui/Card.js';

/** Two-step verification (TOTP); wired to the server's enrolment endpoints once they exist. */
export function TwoStepCard() {
  return (
    <Card title="Two-step verification" description="Ask for a code from an authenticator app after your password.">
      <p className="text-sm text-neutral-600">
        <span className="mr-2 rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] font-medium text-neutral-500">Soon</span>
        This site does not offer authenticator apps yet.
      </p>
    </Card>
  );
}
