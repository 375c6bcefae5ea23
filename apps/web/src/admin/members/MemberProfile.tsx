import type { Member } from '@plaza/contracts';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { Facts } from '../SiteQuery.js';
import { useDateFormat } from '../dates.js';
import { MemberStatusBadge } from './MemberStatusBadge.js';
import { activityLabels, fullName, memberName, roleLabels } from './memberRules.js';

/** Who the member is: photo, names, badges and the account facts. */
export function MemberProfile({ member }: { member: Member }) {
  const date = useDateFormat();
  const name = memberName(member);
  const realName = fullName(member);
  return (
    <section aria-label="Profile" className="space-y-4">
      <div className="flex items-center gap-4">
        <Avatar src={member.profile.photo?.url} name={name} size="md" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{name}</p>
          {member.profile.title && <p className="truncate text-sm text-neutral-600">{member.profile.title}</p>}
          <div className="mt-1 flex flex-wrap gap-1.5">
            <MemberStatusBadge status={member.status} />
            {member.activityStatus === 'MUTED' && <Badge tone="warning">Muted</Badge>}
            <Badge tone={member.privacyStatus === 'PUBLIC' ? 'accent' : 'neutral'}>
              {member.privacyStatus === 'PUBLIC' ? 'Public profile' : 'Private profile'}
            </Badge>
          </div>
        </div>
      </div>
      <Facts
        rows={[
          ['Nickname', member.profile.nickname || '—'],
          ['Name', realName || '—'],
          ['Login e-mail', member.loginEmail ? <span className="break-all">{member.loginEmail}</span> : '—'],
          ['Profile address', `/members/${member.slug}`],
          ['Role', member.role ? roleLabels[member.role] : '—'],
          ['Activity', member.activityStatus ? activityLabels[member.activityStatus] : '—'],
          ['Joined', date(member.createdDate)],
          ['Last login', member.lastLoginDate ? date(member.lastLoginDate) : 'Never'],
          ['Last reported', member.lastReportDate ? date(member.lastReportDate) : 'Never'],
        ]}
      />
    </section>
  );
}
