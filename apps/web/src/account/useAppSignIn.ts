import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth, usePlaza } from '@plaza/react';
import { safeReturn } from '../auth/flows.js';
import type { PlazaClient } from '../plaza.js';
import { sdkDriver } from '../signin/driver.js';
import { useInitiallyMember } from './AlreadySignedIn.js';

/** What the app's own /login and /signup pages share: the SDK-backed sign-in driver and where to go back to. */
export function useAppSignIn() {
  const client = usePlaza<PlazaClient>();
  const { login, register, verify } = useAuth();
  const driver = useMemo(() => sdkDriver(client, { login, register, verify }), [client, login, register, verify]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('returnTo'));
  const member = useInitiallyMember();
  return { driver, returnTo, member, goBack: () => navigate(returnTo, { replace: true }) };
}
