import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type {
  AuthorType,
  ModerationStatus,
  OriginType,
  Review,
  ReviewContent,
  ReviewMedia,
  SourceType,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope, type Caller } from '../../kernel/caller.js';
import { violation } from '../../kernel/errors.js';
import { memberAuthors } from '../members/index.js';
import { reviews } from './tables.js';

export type ReviewRow = typeof reviews.$inferSelect;

/** What a review shows of its member author: read from members with every review. */
export interface MemberAuthor {
  nickname: string | null;
  photoUrl: string | null;
  privacyStatus: string | null;
}

/** The columns every review read selects: the review and its member author. */
export const reviewWithAuthor = {
  review: reviews,
  nickname: memberAuthors.nickname,
  photoUrl: memberAuthors.photoUrl,
  privacyStatus: memberAuthors.privacyStatus,
};
export type ReviewWithAuthor = ReviewRow & { author?: MemberAuthor };

/**
 * Who is looking, for the visibility rules: the owner and API keys with the `reviews` scope moderate (see every
 * review and contacts' e-mails); a member sees their own reviews in any state; everyone sees APPROVED ones.
 */
export interface Viewer {
  moderator: boolean;
  memberId?: string;
}

export function viewerOf(caller: Caller): Viewer {
  if (caller.type === 'APP') return { moderator: hasScope(caller, 'reviews') };
  if (caller.type === 'MEMBER') return { moderator: caller.role === 'OWNER', memberId: caller.memberId };
  return { moderator: false };
}

/** Events carry the whole review, as a moderator sees it: webhooks go to the owner's own systems. */
export const EVENT_VIEWER: Viewer = { moderator: true };

/** Statuses other than APPROVED: "private" reviews, seen only by moderators and their authors. */
export const PRIVATE_STATUSES: readonly ModerationStatus[] = ['UNKNOWN', 'IN_MODERATION', 'REJECTED', 'SUBMITTED'];

/**
 * Which reviews the viewer may see: APPROVED, plus (when private ones are asked for) every review for moderators
 * and their own for members. `key` names the scope, so a cursor issued for one scope is refused under another.
 */
export interface Visibility {
  key: string;
  /** The whole condition, for counts and single reads. */
  where: SQL | undefined;
  /** The same as index-friendly branches (one status each, or the member's own), unioned by ordered queries. */
  branches: SQL[];
}

export function visibility(viewer: Viewer, includePrivate: boolean | undefined): Visibility {
  const approved = eq(reviews.moderationStatus, 'APPROVED');
  if (includePrivate && viewer.moderator) {
    return {
      key: 'all',
      where: undefined,
      branches: ['APPROVED', ...PRIVATE_STATUSES].map((s) => eq(reviews.moderationStatus, s)),
    };
  }
  if (includePrivate && viewer.memberId) {
    const own = and(eq(reviews.authorMemberId, viewer.memberId), ne(reviews.moderationStatus, 'APPROVED'))!;
    return { key: `own:${viewer.memberId}`, where: or(approved, own), branches: [approved, own] };
  }
  return { key: 'public', where: approved, branches: [approved] };
}

const mediaOut = (m: ReviewMedia[]): ReviewMedia[] =>
  m.map((x) => (x.image ? { image: x.image } : { video: x.video! }));

/** A stored review on the wire, showing the viewer what they may see of its author. */
export function toReview(r: ReviewWithAuthor, viewer: Viewer): Review {
  const content: ReviewContent = {
    ...(r.title !== null ? { title: r.title } : {}),
    ...(r.body !== null ? { body: r.body } : {}),
    rating: r.rating,
    ...(r.media.length ? { media: mediaOut(r.media) } : {}),
  };
  let author: Review['author'];
  if (r.authorType === 'MEMBER') {
    // A PRIVATE member's name and photo stay hidden from others, like their profile.
    const shown = viewer.moderator || viewer.memberId === r.authorMemberId || r.author?.privacyStatus === 'PUBLIC';
    author = {
      authorType: 'MEMBER',
      ...(r.authorMemberId ? { memberId: r.authorMemberId } : {}),
      ...(shown && r.author?.nickname ? { name: r.author.nickname } : {}),
      ...(shown && r.author?.photoUrl ? { photoUrl: r.author.photoUrl } : {}),
    };
  } else {
    author = {
      authorType: r.authorType as AuthorType,
      ...(r.authorName ? { name: r.authorName } : {}),
      ...(viewer.moderator && r.authorEmail ? { email: r.authorEmail } : {}),
    };
  }
  return {
    id: r.id,
    namespace: r.namespace,
    entityId: r.entityId,
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
    reviewDate: r.reviewDate.toISOString(),
    content,
    author,
    origin: { type: r.originType as OriginType },
    source: { type: r.sourceType as SourceType },
    relevanceScore: r.relevanceScore,
    moderation: { moderationStatus: r.moderationStatus as ModerationStatus },
    ...(r.replyMessage !== null && r.replyCreatedDate && r.replyUpdatedDate
      ? {
          reply: {
            message: r.replyMessage,
            createdDate: r.replyCreatedDate.toISOString(),
            updatedDate: r.replyUpdatedDate.toISOString(),
          },
        }
      : {}),
  };
}

/** Joins a selected `{ review, nickname, photoUrl, privacyStatus }` row back into one. */
export const withAuthor = (x: { review: ReviewRow } & Partial<MemberAuthor>): ReviewWithAuthor => ({
  ...x.review,
  author: { nickname: x.nickname ?? null, photoUrl: x.photoUrl ?? null, privacyStatus: x.privacyStatus ?? null },
});

/** One review with its author, or undefined. */
export async function loadReview(ctx: Ctx, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await ctx.db
    .select(reviewWithAuthor)
    .from(reviews)
    .leftJoin(memberAuthors, eq(memberAuthors.id, reviews.authorMemberId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row ? withAuthor(row) : undefined;
}

const isHttpUrl = (s: string) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);

/** Clean content as stored: title and body trimmed (empty → none), text kept verbatim otherwise. */
export interface CleanContent {
  title: string | null;
  body: string | null;
  rating: number;
  media: ReviewMedia[];
}

const trimmed = (s: string | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/**
 * Checks what the schema can't (media URLs are http(s)) and trims the text. Text is stored exactly as written
 * otherwise: no HTML stripping or escaping here, because every renderer escapes it.
 */
export function cleanContent(c: Partial<ReviewContent>, prefix: string): Partial<CleanContent> {
  c.media?.forEach((m, i) => {
    for (const kind of ['image', 'video'] as const) {
      const url = m[kind];
      if (url !== undefined && !isHttpUrl(url.trim())) {
        const field = `${prefix}.media[${i}].${kind}`;
        throw violation(field, 'FORMAT', `${field} must be an http(s) URL`);
      }
    }
  });
  return {
    ...(c.title !== undefined ? { title: trimmed(c.title) } : {}),
    ...(c.body !== undefined ? { body: trimmed(c.body) } : {}),
    ...(c.rating !== undefined ? { rating: c.rating } : {}),
    ...(c.media !== undefined
      ? { media: c.media.map((m) => (m.image ? { image: m.image.trim() } : { video: m.video!.trim() })) }
      : {}),
  };
}
