import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@plaza/contracts';
import { useInvalidateMembers, useInvalidateReviews, usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Avatar } from '../../ui/Avatar.js';
import { PhotoUploadButton, PhotoUrlField } from '../../ui/PhotoUploadButton.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextField } from '../../ui/Field.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { isWebAddress } from '../../storefront/reviews/reviewDraft.js';
import {
  PROFILE_FIELD_OF,
  profileDraftOf,
  profilePatch,
  profileRules,
  profileValuesOf,
  type ProfileDraft,
} from './profileForm.js';

/** Nickname, title and photo (public once in the community), and first and last name (never public). */
export function ProfileDetailsCard({ member }: { member: Member }) {
  const profile = useProfileForm(member);
  const { bound, form, save, set, unchanged } = profile;
  return (
    <Card title="Profile" description="Your nickname, title and photo are public once you join the community.">
      <form onSubmit={profile.submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField {...bound('nickname')} autoComplete="nickname" />
        <TextField {...bound('title')} label="Title (optional)" hint="A few words about you, such as “Coffee lover”." />
        <div className="sm:col-span-2">
          <PhotoUploadButton label="Upload a picture" onUploaded={(url) => set('photoUrl', url)} />
        </div>
        <PhotoUrlWithPreview profile={profile} fallbackName={member.slug} />
        <TextField {...bound('firstName')} label="First name (optional)" autoComplete="given-name" />
        <TextField {...bound('lastName')} label="Last name (optional)" autoComplete="family-name" />
        <p className="text-xs text-neutral-600 sm:col-span-2">
          Your first and last name are only seen by the store, never by other members.
        </p>
        <FormProblems form={form} error={save.error} className="sm:col-span-2" />

        {save.isSuccess && (
          <Alert tone="success" className="sm:col-span-2">
            Your profile is saved.
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={save.isPending} disabled={unchanged && !save.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The photo's address next to a preview of it; an address that is not on the web shows the initials instead. */
function PhotoUrlWithPreview({ profile, fallbackName }: { profile: ProfileForm; fallbackName: string }) {
  const { bound, draft } = profile;
  const photo = draft.photoUrl.trim();
  return (
    <div className="flex items-start gap-4 sm:col-span-2">
      <PhotoUrlField
        {...bound('photoUrl')}
        className="min-w-0 flex-1"
        hint="A link to a picture already online, or upload one; the preview shows how it looks."
      />
      <div className="pt-6 text-center">
        <Avatar
          src={photo && isWebAddress(photo) ? photo : undefined}
          name={draft.nickname || fallbackName}
          size="lg"
        />
        <p className="mt-1 text-xs text-neutral-500" aria-hidden="true">
          Preview
        </p>
      </div>
    </div>
  );
}

/** The profile being edited, checked against the contract's rules, and a save that sends only what changed. */
function useProfileForm(member: Member) {
  const plaza = usePlaza();
  const invalidate = useInvalidateMembers();
  // Reviews show the author's nickname and photo.
  const invalidateReviews = useInvalidateReviews();
  const saved = profileDraftOf(member);
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const save = useMutation({
    mutationFn: () => {
      const { member: patch, fieldMask } = profilePatch(saved, draft);
      return plaza.members.updateMember(member.id, patch, fieldMask);
    },
    onSuccess: () => Promise.all([invalidate(), invalidateReviews()]),
  });
  const form = useFormRules(profileRules, profileValuesOf(draft), {
    serverError: save.error,
    fieldOf: (path) => PROFILE_FIELD_OF[path],
  });
  const set = (key: keyof ProfileDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    form.edited(key);
    if (save.isSuccess) save.reset();
  };
  /** A TextField's label, limit, error and value for one key of the draft. */
  const bound = (key: keyof ProfileDraft) => form.bind(key, draft[key], (value) => set(key, value));
  const unchanged = profilePatch(saved, draft).fieldMask.length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.check() && !unchanged) save.mutate();
  };
  return { draft, form, save, set, bound, unchanged, submit };
}

type ProfileForm = ReturnType<typeof useProfileForm>;
