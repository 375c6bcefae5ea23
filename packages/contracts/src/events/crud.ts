import type { TSchema } from 'typebox';

/**
 * Catalogue entries of the plain entity events (`<domain>.<entity>.created|updated|deleted`), shared by the domains
 * whose events only say that an entity changed. Not exported from the package root: the catalogues are.
 */

export const CRUD_EVENT_SLUGS = ['created', 'updated', 'deleted'] as const;
export type CrudEventSlug = (typeof CRUD_EVENT_SLUGS)[number];

export type CrudEventEntry<P extends TSchema> = {
  entityFqdn: string;
  slug: string;
  kind: CrudEventSlug;
  payload: P;
  description: string;
};

/** One entry; its kind is its slug, its entity `plaza.<domain>.v1.<entity>`. */
export const crudEvent = <P extends TSchema>(
  domain: string,
  entity: string,
  slug: CrudEventSlug,
  payload: P,
  description: string,
): CrudEventEntry<P> => ({ entityFqdn: `plaza.${domain}.v1.${entity}`, slug, kind: slug, payload, description });

const DESCRIPTIONS: Record<CrudEventSlug, (noun: string) => string> = {
  created: (noun) => `A ${noun} was created.`,
  updated: (noun) => `A ${noun} changed.`,
  deleted: (noun) => `A ${noun} was deleted.`,
};

/** The created, updated and deleted entries of an entity, described with its noun ("A coupon was created."). */
export const crudEvents = <D extends string, E extends string, P extends TSchema>(
  domain: D,
  entity: E,
  noun: string,
  payload: P,
) =>
  Object.fromEntries(
    CRUD_EVENT_SLUGS.map((slug) => [
      `${domain}.${entity}.${slug}`,
      crudEvent(domain, entity, slug, payload, DESCRIPTIONS[slug](noun)),
    ]),
  ) as Record<`${D}.${E}.${CrudEventSlug}`, CrudEventEntry<P>>;
