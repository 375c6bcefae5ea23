import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { LoginIdentity, LoginStateResult, Tokens } from '@plaza/sdk';
import {
  authStore,
  claimsOf,
  createPlazaQueryClient,
  PlazaProvider,
  useAuth,
  type AuthLike,
  type UseAuth,
} from '../src/index.js';

const b64url = (s: string) =>
  Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64url('{"alg":"ES256"}')}.${b64url(JSON.stringify(claims))}.sig`;

const MEMBER_ID = '0190a1b2-0000-7000-8000-000000000001';
const visitor: Tokens = {
  accessToken: { value: jwt({ sub: 'v-1', role: 'visitor' }), expiresAt: 2e9 },
  refreshToken: { value: 'rv', role: 'visitor' },
};
const member: Tokens = {
  accessToken: { value: jwt({ sub: MEMBER_ID, role: 'member', member_role: 'OWNER' }), expiresAt: 2e9 },
  refreshToken: { value: 'rm', role: 'member' },
};
const identity: LoginIdentity = {
  id: MEMBER_ID,
  revision: '2',
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-01T00:00:00.000Z',
  email: { address: 'ada@example.com', isVerified: true },
  status: { name: 'ACTIVE', reasons: [] },
  identityProfile: {},
};

/** A stand-in for OAuthStrategy: tokens and a login state that the scripted calls change, with listeners. */
function fakeAuth(start: Tokens = visitor) {
  let tokens = start;
  let state: LoginStateResult = { loginState: 'INITIAL', data: {} };
  const listeners = new Set<(t: Tokens) => void>();
  const setTokens = (t: Tokens) => {
    tokens = t;
    for (const l of listeners) l(t);
  };
  const auth = {
    getTokens: () => tokens,
    getLoginState: () => state,
    onTokensChange: (l: (t: Tokens) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    login: vi.fn(async () => {
      state = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st', identity } };
      return state;
    }),
    register: vi.fn(async () => {
      state = { loginState: 'OWNER_APPROVAL_REQUIRED', data: { identity } };
      return state;
    }),
    processVerification: vi.fn(async () => {
      state = { loginState: 'SUCCESS', data: { identity } };
      setTokens(member);
      return state;
    }),
    verifyFactor: vi.fn(async () => {
      state = { loginState: 'SUCCESS', data: { identity } };
      setTokens(member);
      return state;
    }),
    sendFactorCode: vi.fn(async () => undefined),
    logout: vi.fn(async (url: string) => {
      state = { loginState: 'INITIAL', data: {} };
      setTokens({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
      return { logoutUrl: `https://api.example.com/identity/v1/logout?to=${url}` };
    }),
  } satisfies AuthLike;
  return { auth, setTokens, listeners };
}

/** Renders `useAuth()` inside the provider and hands back what it returned. */
function render(client: object) {
  let result: UseAuth | undefined;
  function Probe() {
    result = useAuth();
    const { loggedIn, member: m, state } = result;
    return <p>{`${state.loginState}|${loggedIn}|${m ? `${m.id}|${m.role}|${m.email ?? '-'}` : 'nobody'}`}</p>;
  }
  const html = renderToString(
    <PlazaProvider client={client} queryClient={createPlazaQueryClient()}>
      <Probe />
    </PlazaProvider>,
  );
  return { html, result: result! };
}

describe('useAuth', () => {
  it('a visitor: INITIAL, not logged in, no member', () => {
    expect(render({ auth: fakeAuth().auth }).html).toBe('<p>INITIAL|false|nobody</p>');
  });

  it('a member: id and role from the access token, e-mail from the identity of the last answer', async () => {
    const { auth } = fakeAuth();
    const first = render({ auth });
    await first.result.login({ email: 'ada@example.com', password: 'pw' });
    const r = await first.result.verify('123456');
    expect(r.loginState).toBe('SUCCESS');
    expect(auth.processVerification).toHaveBeenCalledWith({ verificationCode: '123456' });
    const after = render({ auth });
    expect(after.html).toBe(`<p>SUCCESS|true|${MEMBER_ID}|OWNER|ada@example.com</p>`);
    expect(after.result.member?.identity).toEqual(identity);
  });

  it('a second factor: verifyFactor finishes the login and re-renders as the member', async () => {
    const { auth } = fakeAuth();
    const { result } = render({ auth });
    await result.sendFactorCode();
    expect(auth.sendFactorCode).toHaveBeenCalledOnce();
    const r = await result.verifyFactor({ factorType: 'TOTP', code: '123456', rememberThisDevice: true });
    expect(r.loginState).toBe('SUCCESS');
    expect(auth.verifyFactor).toHaveBeenCalledWith({ factorType: 'TOTP', code: '123456', rememberThisDevice: true });
    expect(render({ auth }).html).toBe(`<p>SUCCESS|true|${MEMBER_ID}|OWNER|ada@example.com</p>`);
  });

  it('a member signed in elsewhere (hosted login, another tab): the e-mail comes from /oauth2/userinfo', async () => {
    const { auth } = fakeAuth(member);
    const fetch = vi.fn(async () => ({ sub: MEMBER_ID, email: 'ada@example.com' }));
    const queryClient = createPlazaQueryClient();
    await queryClient.prefetchQuery({ queryKey: ['plaza', 'auth', 'userinfo', MEMBER_ID], queryFn: fetch });
    const html = renderToString(
      <PlazaProvider client={{ auth, fetch }} queryClient={queryClient}>
        <Email />
      </PlazaProvider>,
    );
    function Email() {
      return <p>{useAuth().member?.email ?? '-'}</p>;
    }
    expect(html).toBe('<p>ada@example.com</p>');
  });

  it('logout clears the member and returns the logout URL (default: back to the home page)', async () => {
    vi.stubGlobal('location', { origin: 'https://shop.example.com' });
    const { auth } = fakeAuth(member);
    const { result } = render({ auth });
    expect(result.loggedIn).toBe(true);
    expect(await result.logout()).toEqual({
      logoutUrl: 'https://api.example.com/identity/v1/logout?to=https://shop.example.com/',
    });
    expect(render({ auth }).html).toBe('<p>INITIAL|false|nobody</p>');
    vi.unstubAllGlobals();
  });

  it('register passes through and keeps the state', async () => {
    const { auth } = fakeAuth();
    const { result } = render({ auth });
    const r = await result.register({ email: 'ada@example.com', password: 'long enough' });
    expect(r.loginState).toBe('OWNER_APPROVAL_REQUIRED');
    expect(render({ auth }).html).toBe('<p>OWNER_APPROVAL_REQUIRED|false|nobody</p>');
  });

  it('says what is missing for a client without an OAuth strategy', () => {
    expect(() => render({ auth: { apiKey: 'k' } })).toThrow(/auth: OAuthStrategy/);
  });
});

describe('authStore', () => {
  it('keeps one snapshot while nothing changes, and tells subscribers of token and state changes', async () => {
    const { auth, setTokens, listeners } = fakeAuth();
    const store = authStore(auth);
    expect(authStore(auth)).toBe(store);
    const first = store.get();
    expect(store.get()).toBe(first);
    const onChange = vi.fn();
    const stop = store.subscribe(onChange);
    expect(listeners.size).toBe(1);
    setTokens(member); // a login, a renewal, or another tab
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(store.get()).not.toBe(first);
    expect(store.get().tokens).toBe(member);
    // Steps of the state machine that change no tokens re-render too (useAuth's actions notify).
    const { result } = render({ auth });
    await result.login({ email: 'a@b.co', password: 'pw' });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(store.get().state.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('claimsOf', () => {
  it('decodes a JWT payload (UTF-8, no padding) and gives {} for anything else', () => {
    expect(claimsOf(jwt({ sub: 's', name: 'Zoë 東京' }))).toEqual({ sub: 's', name: 'Zoë 東京' });
    expect(claimsOf('not a jwt')).toEqual({});
    expect(claimsOf('')).toEqual({});
    expect(claimsOf(`a.${b64url('"just a string"')}.c`)).toEqual({});
  });
});
