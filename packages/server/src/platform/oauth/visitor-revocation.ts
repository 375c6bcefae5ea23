import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { refreshTokens } from './tables.js';

/**
 * Whether this visitor's tokens were revoked: a used refresh token came back (reuse) or the client revoked one. A
 * visitor has exactly one family (the anonymous grant makes a new subject with it), so a revoked row of the subject
 * means the whole identity is withdrawn, and its access tokens are refused at once as a member's are. One indexed
 * read (refresh_tokens_subject_idx) per visitor request.
 */
export async function isVisitorRevoked(db: Db, visitorId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(visitorId)) return true;
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.subject, visitorId),
        eq(refreshTokens.role, 'visitor'),
        isNotNull(refreshTokens.revokedDate),
      ),
    )
    .limit(1);
  return row !== undefined;
}
