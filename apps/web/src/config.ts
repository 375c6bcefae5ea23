/** What the app needs to talk to its Plaza server. */
export interface PlazaConfig {
  clientId: string;
  /** '' means the origin the app was served from. */
  baseUrl: string;
}

declare global {
  interface Window {
    /** Injected by the server into dist/index.html in place of `<!--plaza-config-->`. */
    __PLAZA__?: Partial<PlazaConfig>;
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly status?: number,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

function check(raw: unknown, from: string): PlazaConfig {
  const c = (raw ?? {}) as Partial<PlazaConfig>;
  if (typeof c.clientId !== 'string' || !c.clientId)
    throw new ConfigError(`The app config from ${from} has no clientId.`);
  return { clientId: c.clientId, baseUrl: typeof c.baseUrl === 'string' ? c.baseUrl.replace(/\/+$/, '') : '' };
}

/**
 * The built app gets its config inline from the server (no extra round trip);
 * under the Vite dev server there is no injection, so ask the API for it.
 */
export async function loadConfig(): Promise<PlazaConfig> {
  loaded = await fetchConfig();
  return loaded;
}

let loaded: PlazaConfig | undefined;

/** The config loadConfig() resolved; the app renders only after that, so screens may read it. */
export function getConfig(): PlazaConfig {
  if (!loaded) throw new Error('getConfig() called before loadConfig() resolved.');
  return loaded;
}

async function fetchConfig(): Promise<PlazaConfig> {
  if (window.__PLAZA__) return check(window.__PLAZA__, 'window.__PLAZA__');
  const res = await fetch('/web/v1/config', { headers: { accept: 'application/json' } });
  const requestId = res.headers.get('x-request-id') ?? undefined;
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    // No request id means the API never answered: under Vite, the proxy could not reach it.
    const hint =
      !requestId && import.meta.env.DEV ? ' Is the Plaza server running (npm start) on the proxied port?' : '';
    const message = body?.message ?? `Loading the app config failed (HTTP ${res.status}).${hint}`;
    throw new ConfigError(message, res.status, requestId);
  }
  return check(await res.json(), 'GET /web/v1/config');
}
