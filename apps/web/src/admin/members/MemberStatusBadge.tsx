import type { MemberStatus } from '@plaza/contracts';
import { Badge } from '../../ui/Badge.js';
import { statusLabels } from './memberRules.js';

const tones = {
  UNKNOWN: 'neutral',
  PENDING: 'warning',
  APPROVED: 'success',
  BLOCKED: 'danger',
  OFFLINE: 'neutral',
} as const satisfies Record<MemberStatus, string>;

export function MemberStatusBadge({ status }: { status: MemberStatus | undefined }) {
  const s = status ?? 'UNKNOWN';
  return <Badge tone={tones[s]}>{statusLabels[s]}</Badge>;
}
