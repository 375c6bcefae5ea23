import type { CommunityPolicy, Site } from '@plaza/contracts';
import { useToast } from './Toast.js';
import { FormPage, FormSection, useDraft } from './ui/FormPage.js';
import { ChoiceCards, type ChoiceCard } from './ui/ChoiceCards.js';
import { choiceBinder } from './ui/choices.js';
import { useUpdateSite } from './useUpdateSite.js';

type Choice<K extends keyof CommunityPolicy> = ChoiceCard<CommunityPolicy[K]>;

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
        <ChoiceCards
          legend="Review moderation"
          name="review-moderation"
          choices={moderation}
          {...choose('reviewModeration')}
        />
      </FormSection>
      <FormSection title="New members">
        <ChoiceCards
          legend="New members' profiles"
          name="default-privacy"
          choices={privacy}
          {...choose('defaultPrivacyStatus')}
        />
      </FormSection>
    </FormPage>
  );
}
