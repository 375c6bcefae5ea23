import { useSyncExternalStore } from 'react';
import { SESSION_HINT_COOKIE } from '@plaza/contracts/constants';
import type { PlazaClient } from '../plaza.js';

/** `running` while the start-up silent login is under way; screens that depend on the role may wait for it. */
export type SilentStatus = 'idle' | 'running' | 'done';

let status: SilentStatus = 'idle';
const listeners = new Set<() => void>();
const set = (s: SilentStatus) => {
  status = s;
  for (const l of [...listeners]) l();
};

/** A live browser session answers in milliseconds and a visitor gets login_required at once; this only guards a hang. */
const SILENT_TIMEOUT_MS = 15_000;

/** localStorage: this browser signed in since its last logout, so it may still have a sign-in session (cookie). */
const SIGNED_IN = 'plaza.signedIn';
/** sessionStorage: this tab asked and there was no session; not asked again until the browser signs in. */
const NO_SESSION = 'plaza.noSession';

function safely(fn: () => void) {
  try {
    fn();
  } catch {
    // storage unavailable (private mode, blocked): silent login just runs more often
  }
}

/** Remembers that this browser has a sign-in session (after any login, here or on the hosted page). */
export function markSignedIn(): void {
  safely(() => {
    localStorage.setItem(SIGNED_IN, '1');
    sessionStorage.removeItem(NO_SESSION);
  });
}

/** Remembers that this browser has no sign-in session (logout, or the server said login_required). */
export function markSignedOut(): void {
  safely(() => {
    localStorage.removeItem(SIGNED_IN);
    sessionStorage.setItem(NO_SESSION, '1');
  });
}

/** The server's hint cookie: set with its HttpOnly sign-in session cookie, on this origin, by any client's login. */
const hasSessionHint = () => document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);

function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(SIGNED_IN) === '1') return true;
    return hasSessionHint() && sessionStorage.getItem(NO_SESSION) !== '1';
  } catch {
    return true;
  }
}

/**
 * On start, a browser that is not a member tries one silent login (prompt=none in a hidden iframe): a browser whose
 * sign-in session (cookie) is still alive becomes a member again without a page change. It never blocks rendering.
 * A browser that signed in here before is asked on every start; one whose session hint cookie says it signed in
 * elsewhere (the hosted page of another client) is asked once per tab; a new visitor is not asked at all, and does
 * not load the code for it. Skipped on the hosted
 * pages (they run their own flows) and inside frames.
 */
export function startSilentLogin(client: PlazaClient): void {
  if (status !== 'idle') return;
  client.auth.onTokensChange((tokens) => tokens.refreshToken.role === 'member' && markSignedIn());
  const { pathname } = window.location;
  if (client.auth.loggedIn()) markSignedIn();
  if (client.auth.loggedIn() || window.top !== window || pathname.startsWith('/auth/') || !mayHaveSession()) {
    set('done');
    return;
  }
  set('running');
  client.auth
    .silentLogin({ timeoutMs: SILENT_TIMEOUT_MS })
    .catch((e: unknown) => {
      // login_required: no session; stay a visitor. Anything else (a network error) may pass: ask next time.
      if (e instanceof Error && e.message === 'login_required') markSignedOut();
    })
    .finally(() => set('done'));
}

export function useSilentLoginStatus(): SilentStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
  );
}
