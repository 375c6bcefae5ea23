import { violation } from '../kernel/errors.js';

/**
 * The hosted platform's SDKs repeat a resource's path id in the body or query (`checkout.id`, `member.id`, `?id=`).
 * Equal, it says nothing new and is dropped; different, it is a 400 naming `field`, so a request meant for one
 * resource never changes another.
 */
export function checkEchoedId(pathId: string, echoed: string | undefined, field: string): void {
  if (echoed !== undefined && echoed.toLowerCase() !== pathId.toLowerCase()) {
    throw violation(field, 'VALIDATION', `must equal the id in the path (${pathId}) or be left out`);
  }
}

/** `input` without its `id` echo, once that equals `pathId` (see checkEchoedId). */
export function withoutEchoedId<T extends { id?: string }>(pathId: string, input: T, field: string): Omit<T, 'id'> {
  const { id, ...rest } = input;
  checkEchoedId(pathId, id, field);
  return rest;
}

/**
 * A route's preValidation hook for `?id=` repeating the path's `:id` (get order): checked and dropped before the
 * closed query schema. Not declared in that schema, where it would make the path's `id` look optional to GraphQL.
 */
export async function echoedIdInQuery(req: { params: unknown; query: unknown }): Promise<void> {
  const query = req.query as Record<string, unknown> | undefined;
  if (query?.id === undefined) return;
  const given = typeof query.id === 'string' ? query.id : JSON.stringify(query.id);
  checkEchoedId((req.params as { id: string }).id, given, 'id');
  delete query.id;
}
