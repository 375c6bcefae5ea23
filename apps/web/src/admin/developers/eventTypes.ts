import { EVENT_TYPES, TEST_EVENT_TYPE, type EventType } from '@plaza/contracts/constants';

/** The areas of the store, in the order the picker shows them; a domain not listed here gets its own name. */
const AREAS: Record<string, string> = {
  members: 'Members',
  reviews: 'Reviews',
  identity: 'Accounts',
  redirects: 'Sign-in pages',
  catalog: 'Products',
};

/** What happened, in the owner's words. Types added later without a label read from their technical name. */
const NAMES: Partial<Record<EventType, string>> = {
  'members.member.created': 'Member created',
  'members.member.updated': 'Member profile changed',
  'members.member.deleted': 'Member deleted',
  'members.member.status_changed': 'Member approved or blocked',
  'members.member.activity_status_changed': 'Member muted or unmuted',
  'members.member.joined_community': 'Member joined the community',
  'members.member.left_community': 'Member left the community',
  'reviews.review.created': 'Review written',
  'reviews.review.updated': 'Review edited',
  'reviews.review.deleted': 'Review deleted',
  'reviews.review.moderation_status_changed': 'Review approved or rejected',
  'reviews.review.reply_set': 'Reply to a review posted',
  'reviews.review.reply_removed': 'Reply to a review removed',
  'reviews.review_request.created': 'Review request scheduled',
  'reviews.review_request.status_changed': 'Review request sent, canceled or failed',
  'redirects.redirect_session.created': 'Sign-in page opened',
  'identity.identity.created': 'Account registered',
  'identity.identity.deleted': 'Account deleted',
  'catalog.product.created': 'Product added',
  'catalog.product.updated': 'Product changed',
  'catalog.product.deleted': 'Product deleted',
  'catalog.collection.created': 'Collection added',
  'catalog.collection.updated': 'Collection changed',
  'catalog.collection.deleted': 'Collection deleted',
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "members.member.joined_community" → "Member joined community" when no label was written for it. */
const fromTechnicalName = (type: string) => {
  const [, entity = '', action = ''] = type.split('.');
  return capitalize(`${entity} ${action}`.replace(/_/g, ' ').trim());
};

export function areaOf(type: string): string {
  const domain = type.split('.')[0] ?? type;
  return AREAS[domain] ?? capitalize(domain.replace(/_/g, ' '));
}

/** "Member created"; the test event is "Test message". */
export function eventName(type: string): string {
  if (type === TEST_EVENT_TYPE) return 'Test message';
  return NAMES[type as EventType] ?? fromTechnicalName(type);
}

/** "Members → Member created". */
export const eventLabel = (type: string) =>
  type === TEST_EVENT_TYPE ? eventName(type) : `${areaOf(type)} → ${eventName(type)}`;

export interface EventArea {
  area: string;
  types: EventType[];
}

/** Every event type, grouped by area in catalogue order. */
export function eventAreas(types: readonly EventType[] = EVENT_TYPES): EventArea[] {
  const areas: EventArea[] = [];
  for (const type of types) {
    const area = areaOf(type);
    let group = areas.find((a) => a.area === area);
    if (!group) areas.push((group = { area, types: [] }));
    group.types.push(type);
  }
  return areas;
}

/** A subscription's events in a few words: "All 18 events", "Member created", "3 events". */
export function eventsSummary(types: readonly string[]): string {
  if (types.length === EVENT_TYPES.length) return `All ${types.length} events`;
  if (types.length === 1) return eventLabel(types[0]!);
  return `${types.length} events`;
}
