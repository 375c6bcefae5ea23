import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { oauthClients } from './tables.js';

/** The bundled web app's public OAuth client id. Public clients hold no secret, so a well-known id is safe. */
export const WEB_CLIENT_ID = 'plaza-web';

export function webClientUris(publicUrl: string, extraOrigins: string[] = []) {
  const origins = [...new Set([new URL(publicUrl).origin, ...extraOrigins])];
  return {
    redirectUris: origins.flatMap((o) => [`${o}/auth/callback`, `${o}/auth/silent-callback`]),
    allowedOrigins: origins,
  };
}

/**
 * Creates the web app's client, or updates its URIs when PLAZA_PUBLIC_URL changed since the last start.
 * Returns true when it created it.
 */
export async function ensureWebClient(db: Db, publicUrl: string, extraOrigins: string[] = []): Promise<boolean> {
  const uris = webClientUris(publicUrl, extraOrigins);
  const [existing] = await db.select().from(oauthClients).where(eq(oauthClients.id, WEB_CLIENT_ID)).limit(1);
  if (!existing) {
    await db
      .insert(oauthClients)
      .values({ id: WEB_CLIENT_ID, name: 'Plaza web app', ...uris })
      .onConflictDoNothing();
    return true;
  }
  await db.update(oauthClients).set(uris).where(eq(oauthClients.id, WEB_CLIENT_ID));
  return false;
}
