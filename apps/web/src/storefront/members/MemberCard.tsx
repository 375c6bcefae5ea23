import { Link } from 'react-router';
import type { Member } from '@plaza/contracts';
import { Avatar } from '../../ui/Avatar.js';
import { isHttpUrl } from '../reviews/ReviewCard.js';

/** The name a member goes by in public: their nickname, else their address. */
export const displayName = (m: Pick<Member, 'profile' | 'slug'>) => m.profile.nickname?.trim() || m.slug;

/** A member in the community grid; the whole card links to their profile. */
export function MemberCard({ member }: { member: Member }) {
  const name = displayName(member);
  const photo = member.profile.photo?.url;
  return (
    <Link
      to={`/members/${encodeURIComponent(member.slug)}`}
      className="flex items-center gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs transition-colors hover:border-accent hover:bg-accent-soft/40"
      data-testid="member-card"
    >
      <Avatar src={isHttpUrl(photo) ? photo : undefined} name={name} />
      <span className="min-w-0">
        <span className="block truncate font-medium text-neutral-900">{name}</span>
        {member.profile.title && (
          <span className="block truncate text-sm text-neutral-600">{member.profile.title}</span>
        )}
      </span>
    </Link>
  );
}
