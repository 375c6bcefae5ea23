import type { CommunityPolicy, Site } from '@plaza/contracts';
import { useToast } from './Toast.js';
import { FormPage, FormSection, useDraft } from './ui/FormPage.js';
import { choiceBinder } from './ui/choices.js';
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

/**
 * Settings → Community: review moderation and new members' privacy (field mask `communityPolicy.*`), one page form
 * of the kit: a single Save, Undo only while something changed.
 */
export function CommunityPolicyForm({ site }: { site: Site }) {
  const update = useUpdateSite();
  const toast = useToast();
  const form = useDraft<CommunityPolicy>(site.communityPolicy);
  const { draft } = form;
  const choose = choiceBinder(draft, form.set);

  return (
    <FormPage
      dirty={form.dirty}
      busy={update.isPending}
      error={update.error}
      saveLabel="Save community settings"
      onUndo={() => {
        update.reset();
        form.undo();
      }}
      onSubmit={() =>
        update.mutate(
          { patch: { communityPolicy: draft }, paths: form.changed.map((k) => `communityPolicy.${k}`) },
          { onSuccess: () => toast('Community settings saved') },
        )
      }
    >
      <FormSection title="Reviews">
        <Choices
          legend="Review moderation"
          name="review-moderation"
          choices={moderation}
          {...choose('reviewModeration')}
        />
      </FormSection>
      <FormSection title="New members">
        <Choices
          legend="New members' profiles"
          name="default-privacy"
          choices={privacy}
          {...choose('defaultPrivacyStatus')}
        />
      </FormSection>
    </FormPage>
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
