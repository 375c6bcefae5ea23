import { markFilesUsed } from '../media/index.js';
import { asc, eq, sql } from 'drizzle-orm';
import {
  MEMBER_ADMIN_MASK_PATHS,
  MEMBER_SELF_MASK_PATHS,
  type CreateMemberRequest,
  type FieldViolation,
  type IdentityProfile,
  type Member,
  type MemberInput,
  type UpdateMemberRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask, getPath, maskOfPresent } from '../../lib/field-mask.js';
import { createIdentity, mergeIdentityProfile, normalizeEmail, normalizeProfile } from '../identity/index.js';
import { emitEvent } from '../events/index.js';
import { loadMember, selfOrAdmin } from './read.service.js';
import { members, type ContactDetails } from './tables.js';
import { memberColumns, toMember, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';
import { announceMember } from './create.js';

type MaskPath = (typeof MEMBER_ADMIN_MASK_PATHS)[number];
type Patch = Partial<typeof members.$inferInsert>;

const isHttpUrl = (s: string) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);
const orNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** Checks what the schema can't (http(s) images, e-mails, custom field values) and fills default tags. */
function cleanInput(input: MemberInput, prefix: string): MemberInput {
  const violations: FieldViolation[] = [];
  for (const key of ['photo', 'cover'] as const) {
    const url = input.profile?.[key]?.url;
    if (url !== undefined && !isHttpUrl(url)) {
      const field = `${prefix}.profile.${key}.url`;
      violations.push({ field, violatedRule: 'FORMAT', description: `${field} must be an http(s) URL` });
    }
  }
  const collect = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      if (!(err instanceof AppError) || !err.options.violations) throw err;
      violations.push(...err.options.violations);
      return undefined;
    }
  };
  const { emails, phones, addresses, customFields } = input.contact ?? {};
  const contact = collect(() => normalizeProfile({ emails, phones, addresses, customFields }, `${prefix}.contact`));
  const profileFields = collect(
    () => normalizeProfile({ customFields: input.profile?.customFields }, `${prefix}.profile`).customFields,
  );
  if (violations.length) throw new AppError('VALIDATION', violations[0]!.description, { violations });
  const out: MemberInput = { ...input };
  if (input.contact) out.contact = { ...input.contact, ...strip(contact ?? {}) };
  if (input.profile?.customFields) out.profile = { ...input.profile, customFields: profileFields ?? [] };
  return out;
}

const strip = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const CONTACT_DOC_KEYS = ['company', 'jobTitle', 'birthdate', 'emails', 'phones', 'addresses', 'customFields'] as const;

/**
 * The column changes for the given leaf paths of `input` (a missing value clears the field). Contact details other
 * than the names live in one JSON document, updated key by key on top of `contact`.
 */
function patchFor(input: MemberInput, leaves: readonly MaskPath[], contact: ContactDetails): Patch {
  const set: Patch = {};
  const doc: Record<string, unknown> = { ...contact };
  for (const p of leaves) {
    const value = getPath(input, p);
    const key = p.split('.').at(-1)!;
    if (p.startsWith('contact.') && (CONTACT_DOC_KEYS as readonly string[]).includes(key)) {
      if (value === undefined || (typeof value === 'string' && !value.trim())) delete doc[key];
      else doc[key] = value;
      continue;
    }
    const str = value as string | undefined;
    if (p === 'contact.firstName') set.firstName = orNull(str);
    else if (p === 'contact.lastName') set.lastName = orNull(str);
    else if (p === 'profile.nickname') set.nickname = orNull(str);
    else if (p === 'profile.title') set.title = orNull(str);
    else if (p === 'profile.photo') set.photoUrl = (value as { url: string } | undefined)?.url ?? null;
    else if (p === 'profile.cover') set.coverUrl = (value as { url: string } | undefined)?.url ?? null;
    else if (p === 'profile.customFields') set.profileFields = (value as typeof set.profileFields) ?? [];
    else if (p === 'role') set.role = value as string;
    else if (p === 'privacyStatus') set.privacyStatus = value as string;
  }
  if (leaves.some((p) => p.startsWith('contact.') && (CONTACT_DOC_KEYS as readonly string[]).includes(p.slice(8)))) {
    set.contact = doc;
  }
  return set;
}

const SYNCED_PATHS: readonly MaskPath[] = [
  'contact.firstName',
  'contact.lastName',
  'profile.nickname',
  'profile.photo',
  'contact.emails',
  'contact.phones',
  'contact.addresses',
  'contact.customFields',
];

/**
 * Keeps the identity's profile (what sign-in answers with) in step where it overlaps the member: names, nickname,
 * picture and the contact groups. The member is the record; the identity follows it.
 */
async function syncIdentityProfile(tx: Ctx, row: MemberRow): Promise<void> {
  const profile: IdentityProfile = strip({
    firstName: row.firstName ?? undefined,
    lastName: row.lastName ?? undefined,
    nickname: row.nickname ?? undefined,
    picture: row.photoUrl ?? undefined,
    emails: row.contact.emails,
    phones: row.contact.phones,
    addresses: row.contact.addresses,
    customFields: row.contact.customFields,
  });
  await mergeIdentityProfile(tx, row.id, profile, [
    'firstName',
    'lastName',
    'nickname',
    'picture',
    'emails',
    'phones',
    'addresses',
    'customFields',
  ]);
}

const roleChangeForbidden = () =>
  new AppError('FORBIDDEN', "Only a site owner can change a member's role", { applicationCode: 'FORBIDDEN' });

/**
 * Locks every owner (in id order, so two owners demoting each other can't deadlock) and refuses to demote the last.
 */
async function checkRoleChange(tx: Ctx, id: string, role: string | undefined): Promise<void> {
  const owners = await tx.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.role, 'OWNER'))
    .orderBy(asc(members.id))
    .for('update');
  const isOwner = owners.some((o) => o.id === id);
  if (isOwner && role !== 'OWNER' && owners.length <= 1) {
    throw new AppError('CONFLICT', "The site's last owner can't be given another role: make someone else owner first", {
      applicationCode: 'LAST_OWNER',
    });
  }
}

/**
 * PATCH /members/v1/members/{id}: only the masked paths change (without a mask, the fields given); members may change
 * their own, owners anyone's.
 */
export async function updateMember(ctx: Ctx, id: string, req: UpdateMemberRequest): Promise<Member> {
  const admin = selfOrAdmin(ctx, id, 'update');
  const allowed: readonly MaskPath[] = admin ? MEMBER_ADMIN_MASK_PATHS : MEMBER_SELF_MASK_PATHS;
  const paths = req.fieldMask?.paths ?? maskOfPresent(req.member, allowed, 'member');
  checkFieldMask(paths, allowed, req.member, 'member');
  const leaves = [...new Set(allowed.filter((a) => paths.some((p) => a === p || a.startsWith(`${p}.`))))];
  // Only what the mask selects is read (and validated): the rest of the body is ignored.
  const input = cleanInput(applyFieldMask({}, req.member as Record<string, unknown>, leaves), 'member');
  const changesRole = leaves.includes('role');
  if (changesRole && !(ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER')) throw roleChangeForbidden();

  const row = await withTx(ctx, async (tx) => {
    if (changesRole) await checkRoleChange(tx, id, input.role);
    const current = await loadMember(tx, id, true);
    const set = patchFor(input, leaves, current.contact);
    const [updated] = await tx.db
      .update(members)
      .set({ ...set, updatedDate: tx.clock() })
      .where(eq(members.id, id))
      .returning(memberColumns);
    if (leaves.some((p) => SYNCED_PATHS.includes(p))) await syncIdentityProfile(tx, updated!);
    const entity = toMember(updated!, 'FULL');
    await emitEvent(tx, { type: 'members.member.updated', entityId: id, entity, modifiedFields: leaves });
    if (leaves.some((p) => p.startsWith('profile.photo'))) await markFilesUsed(tx, [entity.profile.photo?.url]);
    return updated!;
  });
  membersChanged();
  return toMember(row, 'FULL');
}

/** DELETE /members/v1/members/{id}/phones|emails|addresses: clears that contact group. */
export async function deleteContactGroup(
  ctx: Ctx,
  id: string,
  group: 'phones' | 'emails' | 'addresses',
): Promise<Member> {
  selfOrAdmin(ctx, id, 'change');
  const row = await withTx(ctx, async (tx) => {
    await loadMember(tx, id, true);
    const [updated] = await tx.db
      .update(members)
      .set({ contact: sql`${members.contact} - ${group}`, updatedDate: tx.clock() })
      .where(eq(members.id, id))
      .returning(memberColumns);
    await syncIdentityProfile(tx, updated!);
    const entity = toMember(updated!, 'FULL');
    await emitEvent(tx, { type: 'members.member.updated', entityId: id, entity, modifiedFields: [`contact.${group}`] });
    return updated!;
  });
  return toMember(row, 'FULL');
}

/**
 * POST /members/v1/members: an identity without password (it signs in after password recovery or SSO) and its
 * APPROVED member, then the fields sign-up doesn't know. A taken login e-mail is a 409.
 */
export async function createMember(ctx: Ctx, req: CreateMemberRequest): Promise<Member> {
  const email = normalizeEmail(req.member.loginEmail, 'member.loginEmail');
  const input = cleanInput(req.member, 'member');
  if (input.role && input.role !== 'MEMBER' && !(ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER')) {
    throw roleChangeForbidden();
  }
  const c = input.contact ?? {};
  const p = input.profile ?? {};
  const row = await withTx(ctx, async (tx) => {
    const identity = await createIdentity(tx, {
      email,
      passwordHash: null,
      emailVerified: false,
      reasons: [],
      // The created event waits for the fields set below, so it carries the member as created.
      announceMember: false,
      profile: strip({
        firstName: c.firstName,
        lastName: c.lastName,
        nickname: p.nickname,
        picture: p.photo?.url,
        emails: c.emails,
        phones: c.phones,
        addresses: c.addresses,
        customFields: c.customFields,
      }),
    });
    const rest = patchFor(
      input,
      [
        'contact.company',
        'contact.jobTitle',
        'contact.birthdate',
        'profile.cover',
        'profile.title',
        'profile.customFields',
      ],
      {},
    );
    const current = await loadMember(tx, identity.id);
    const [created] = await tx.db
      .update(members)
      .set({
        ...rest,
        contact: { ...current.contact, ...(rest.contact ?? {}) },
        ...(input.role ? { role: input.role } : {}),
        ...(input.privacyStatus ? { privacyStatus: input.privacyStatus } : {}),
      })
      .where(eq(members.id, identity.id))
      .returning(memberColumns);
    await announceMember(tx, created!);
    return created!;
  });
  membersChanged();
  return toMember(row, 'FULL');
}
