import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth, usePlaza } from '@plaza/react';
import { safeReturn } from '../auth/flows.js';
import type { PlazaClient } from '../plaza.js';
import { sdkDriver } from '../signin/driver.js';
import { SignInFlow, type SignInFlowProps } from '../signin/SignInFlow.js';
import { SsoButtons } from '../signin/SsoButtons.js';
import { AuthCard } from '../ui/AuthCard.js';
import { AlreadySignedIn, useInitiallyMember } from './AlreadySignedIn.js';

/** What the app's own /login and /signup pages share: the SDK-backed sign-in driver and where to go back to. */
function useAppSignIn() {
  const client = usePlaza<PlazaClient>();
  const { login, register, verify } = useAuth();
  const driver = useMemo(() => sdkDriver(client, { login, register, verify }), [client, login, register, verify]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('returnTo'));
  const member = useInitiallyMember();
  return { driver, returnTo, member, goBack: () => navigate(returnTo, { replace: true }) };
}

/**
 * The app's own /login or /signup (direct, through the SDK: no page change), or a note for someone already signed
 * in; `links` lead to the other screens, under the single-sign-on buttons.
 */
export function AppSignInPage({
  title,
  subtitle,
  links,
  ...flow
}: { title: string; subtitle: string; links: ReactNode } & Pick<SignInFlowProps, 'mode' | 'doneText'>) {
  const { driver, returnTo, member, goBack } = useAppSignIn();
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {member ? (
        <AlreadySignedIn />
      ) : (
        <SignInFlow
          {...flow}
          driver={driver}
          onDone={goBack}
          footer={
            <>
              <SsoButtons returnTo={returnTo} />
              {links}
            </>
          }
        />
      )}
    </AuthCard>
  );
}
