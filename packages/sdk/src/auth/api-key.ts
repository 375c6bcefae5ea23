import type { AuthStrategy } from '../core/types.js';

/** An auth strategy that sends an API key. */
export interface ApiKeyStrategy extends AuthStrategy {
  readonly apiKey: string;
}

/**
 * Authenticates back-office code with an API key, sent as `Authorization: <apiKey>` (no `Bearer`).
 * Keep API keys on servers: never ship them to a browser.
 *
 * @example
 * const admin = createClient({ baseUrl: 'https://shop.example.com', auth: ApiKeyStrategy({ apiKey: process.env.PLAZA_API_KEY! }), modules: { site } });
 */
export function ApiKeyStrategy(options: { apiKey: string }): ApiKeyStrategy {
  const apiKey = options.apiKey;
  if (!apiKey) throw new Error('ApiKeyStrategy needs an apiKey');
  return { apiKey, getAuthHeaders: () => Promise.resolve({ Authorization: apiKey }) };
}
