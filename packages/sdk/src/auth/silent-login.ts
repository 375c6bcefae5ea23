import type { SignInKit } from './sign-in-kit.js';

/** The silent login's time-out (SPEC §9). */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;

/**
 * Loads an authorize URL with `response_mode=web_message` in a hidden iframe and waits for the server's
 * `{ type: 'authorization_response', response }` message. Only a message from the iframe itself, from the URL's origin
 * (the server) and with the expected `state` counts; others are ignored. An `error` in the response (such as
 * `login_required`) rejects at once with that error; no answer within `timeoutMs` rejects with `OAuth flow timed out`.
 * The iframe and the listener are always removed.
 *
 * @example
 * const { code } = await authorizeInIframe(box.kit, redirectSession.fullUrl, oauthData.state);
 */
export function authorizeInIframe(
  { oauthError }: Pick<SignInKit, 'oauthError'>,
  url: string,
  state: string,
  timeoutMs = OAUTH_FLOW_TIMEOUT_MS,
): Promise<{ code: string; state: string }> {
  const origin = new URL(url).origin;
  const frame = document.createElement('iframe');
  let onMessage: (e: MessageEvent) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<{ code: string; state: string }>((resolve, reject) => {
    onMessage = (e) => {
      const data = e.data as { type?: unknown; response?: Record<string, string> } | null;
      const res = data?.response;
      if (e.origin !== origin || e.source !== frame.contentWindow || data?.type !== 'authorization_response') return;
      if (res?.state !== state) return;
      if (res.error) reject(oauthError(res.error, res.error_description));
      else if (res.code) resolve({ code: res.code, state });
      else reject(new Error('Missing code or _state'));
    };
    timer = setTimeout(() => reject(new Error('OAuth flow timed out')), timeoutMs);
    window.addEventListener('message', onMessage);
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    frame.src = url;
    document.body.appendChild(frame);
  }).finally(() => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
    frame.remove();
  });
}
