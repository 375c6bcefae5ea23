import { useQuery } from '@tanstack/react-query';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { useSession } from './session.js';

export interface Me {
  sub: string;
  email: string;
  email_verified: boolean;
}

/** The signed-in member's e-mail (OpenID Connect UserInfo); idle for visitors. */
export function useMe() {
  const client = usePlaza<PlazaClient>();
  const { role, memberId } = useSession();
  return useQuery({
    queryKey: ['plaza', 'me', memberId],
    queryFn: () => client.fetch<Me>('/oauth2/userinfo'),
    enabled: role === 'member',
    staleTime: 5 * 60_000,
  });
}
