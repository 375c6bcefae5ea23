type Env = Record<string, string | undefined>;

/** What payments read from the environment. */
export interface PaymentsConfig {
  /**
   * The key payment providers' secrets are sealed with before they are stored (PLAZA_ENCRYPTION_KEY: 32 bytes as
   * base64 or 64 hex digits). Without it no provider secret can be saved; `npm start` makes one in the data folder.
   */
  encryptionKey: Buffer | undefined;
  /**
   * Where the Stripe client sends its API calls (PLAZA_STRIPE_API_URL, default Stripe's own https://api.stripe.com).
   * Tests point it at a loopback server that speaks Stripe's API.
   */
  stripeApi: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

export function paymentsConfigFromEnv(env: Env, problems: string[]): PaymentsConfig {
  return { encryptionKey: encryptionKeyVar(env, problems), stripeApi: stripeApiVar(env, problems) };
}

function encryptionKeyVar(env: Env, problems: string[]): Buffer | undefined {
  const raw = env.PLAZA_ENCRYPTION_KEY?.trim();
  if (!raw) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    problems.push(
      'PLAZA_ENCRYPTION_KEY: must be 32 random bytes as base64 or 64 hex digits (make one with `openssl rand -base64 32`)',
    );
    return undefined;
  }
  return key;
}

function stripeApiVar(env: Env, problems: string[]): PaymentsConfig['stripeApi'] {
  const raw = env.PLAZA_STRIPE_API_URL?.trim();
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.replace(/\/$/, '') !== '') {
    problems.push(`PLAZA_STRIPE_API_URL: must be an http(s) origin such as https://api.stripe.com, got "${raw}"`);
    return undefined;
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { protocol, host: url.hostname, port: Number(url.port) || (protocol === 'https' ? 443 : 80) };
}
