import { decodeJwt } from 'jose';

type Claims = { sub: string } & Record<string, unknown>;

/** The claims of a JWT, unverified: tests read what the server put in a token it just issued. */
export function jwtClaims(token: string): Claims {
  return decodeJwt<Claims>(token);
}
