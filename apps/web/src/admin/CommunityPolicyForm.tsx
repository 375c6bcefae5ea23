import { useState } from 'react';
import type { CommunityPolicy, Site } from '@plaza/contracts';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { useToast } from './Toast.js';
import { useUpdateSite } from './useUpdateSite.js';

type Choice<K extends keyof CommunityPolicy> = { value: CommunityPolicy[K]; label: string; hint: string };

const moderation: Array<Choice<'reviewModeration'>> = [
  {
    value: 'MANUAL',
    label: 'I approve each review',
    hint: 'New and edited reviews wait under Reviews until you approve them.',
  },
  { value: 'AUTO_APPROVE', label: 'Publish reviews at once', hint: 'You can still reject or delete them later.' },
];
const privacy: Array<Choice<'defaultPrivacyStatus'>> = [
  {
    value: 'PUBLIC',
    label: 'Public',
    hint: 'New members appear in the community and have a profile page. They can leave.',
  },
  { value: 'PRIVATE', label: 'Private', hint: 'New members stay hidden until they join the community themselves.' },
];

/** Settings → Community: review moderation and new members' privacy (field mask `communityPolicy.*`). */
export function CommunityPolicyForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const current = site.communityPolicy;
  const [policy, setPolicy] = useState<CommunityPolicy>(current);
  const changed = (Object.keys(policy) as Array<keyof CommunityPolicy>).filter((k) => policy[k] !== current[k]);

  return (
    <Card title="Community" description="How reviews are published and how visible new members are.">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!changed.length) return;
          update.mutate(
            { patch: { communityPolicy: policy }, paths: changed.map((k) => `communityPolicy.${k}`) },
            { onSuccess: () => toast('Community settings saved') },
          );
        }}
      >
        <Choices
          legend="Review moderation"
          name="review-moderation"
          choices={moderation}
          value={policy.reviewModeration}
          onChange={(reviewModeration) => setPolicy({ ...policy, reviewModeration })}
        />
        <Choices
          legend="New members' profiles"
          name="default-privacy"
          choices={privacy}
          value={policy.defaultPrivacyStatus}
          onChange={(defaultPrivacyStatus) => setPolicy({ ...policy, defaultPrivacyStatus })}
        />
        {update.error && <ErrorMessage error={update.error} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={!changed.length || update.isPending} onClick={() => setPolicy(current)}>
            Undo changes
          </Button>
          <Button type="submit" busy={update.isPending} disabled={!changed.length}>
            Save community settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Choices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: Array<{ value: T; label: string; hint: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
          >
            <input
              type="radio"
              name={name}
              className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
              checked={value === c.value}
              onChange={() => onChange(c.value)}
            />
            <span>
              <span className="font-medium">{c.label}</span>
              <span className="block text-xs text-neutral-600">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
