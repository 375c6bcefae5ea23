import { useSyncExternalStore } from 'react';
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

/**
 * On start, a browser that is not a member yet tries one silent login (prompt=none in a hidden iframe): a browser
 * whose sign-in session (cookie) is still alive becomes a member again without a page change. It never blocks
 * rendering. Skipped on the hosted pages (they run their own flows) and inside frames.
 */
export function startSilentLogin(client: PlazaClient): void {
  if (status !== 'idle') return;
  const { pathname } = window.location;
  if (client.auth.loggedIn() || window.top !== window || pathname.startsWith('/auth/')) {
    set('done');
    return;
  }
  set('running');
  client.auth
    .silentLogin({ timeoutMs: SILENT_TIMEOUT_MS })
    .catch(() => undefined) // login_required: stay a visitor
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
