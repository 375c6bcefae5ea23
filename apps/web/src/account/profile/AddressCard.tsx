import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@plaza/contracts';
import { useInvalidateMembers, usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { fieldErrors, friendlyError } from '../../ui/friendlyError.js';
import { slugRule, slugify, validateSlug } from './profileForm.js';

/** The member's address on the site (their slug): /members/<slug>. A taken one is refused with a 409. */
export function AddressCard({ member }: { member: Member }) {
  const plaza = usePlaza();
  const invalidate = useInvalidateMembers();
  const [slug, setSlug] = useState(member.slug);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (next: string) => plaza.members.updateMySlug(next),
    onSuccess: ({ member: m }) => {
      setSlug(m.slug);
      return invalidate();
    },
  });
  const value = slug.trim();
  const suggestion = error && slugify(value) !== value ? slugify(value) : '';
  const serverField = fieldErrors(save.error, { slug: slugRule.label }).slug;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSlug(value);
    setError(problem);
    if (!problem && value !== member.slug) save.mutate(value);
  };

  return (
    <Card title="Profile link" description="The link to your public profile. Changing it breaks links to the old one.">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:max-w-lg">
        <TextField
          label={slugRule.label}
          value={slug}
          maxLength={slugRule.maxLength}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => {
            setSlug(e.target.value);
            setError(undefined);
            save.reset();
          }}
          hint={
            <>
              {globalThis.location?.origin ?? ''}/members/<strong className="text-neutral-900">{value || '…'}</strong>
            </>
          }
          error={error ?? serverField}
        />
        {suggestion && (
          <p className="text-sm text-neutral-700">
            Did you mean{' '}
            <button
              type="button"
              className="font-mono font-medium text-accent underline underline-offset-2"
              onClick={() => {
                setSlug(suggestion);
                setError(undefined);
              }}
            >
              {suggestion}
            </button>
            ?
          </p>
        )}
        {save.error !== null && !serverField && (
          <ErrorMessage error={friendlyError(save.error, { 409: 'That address is taken. Try another one.' })} />
        )}
        {save.isSuccess && (
          <Alert tone="success">
            Your address is now{' '}
            <Link className="font-medium underline" to={`/members/${encodeURIComponent(save.data.member.slug)}`}>
              /members/{save.data.member.slug}
            </Link>
            .
          </Alert>
        )}
        <div>
          <Button type="submit" busy={save.isPending} disabled={value === member.slug && !save.isPending}>
            Change address
          </Button>
        </div>
      </form>
    </Card>
  );
}
