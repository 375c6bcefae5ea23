import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  approveIdentity,
  changePassword,
  checkIdpConnection,
  confirmTotp,
  createIdpConnection,
  deleteIdpConnection,
  disableTotp,
  enrollTotp,
  listFactors,
  listIdentities,
  listIdpConnections,
  listSsoProviders,
  recoverPassword,
  regenerateRecoveryCodes,
  rejectIdentity,
  verifyEmail,
  type ListIdentitiesQuery,
} from '@plaza/sdk/identity';
import type { ChangePasswordRequest, RecoverRequest, VerifyCodeRequest } from '@plaza/contracts';
import { call, invalidating, type FetchClient } from './call.js';
import { fieldQuery, invalidatingCall, pageQuery } from './factories.js';

export const identityQueries = {
  all: () => ['plaza', 'identity'] as const,
  identities: (client: FetchClient, query: ListIdentitiesQuery = {}) =>
    pageQuery([...identityQueries.all(), 'identities', query] as const, () => call(client, listIdentities, query)),
  /** The signed-in member's second factors (and recovery codes status). */
  factors: (client: FetchClient) =>
    queryOptions({
      queryKey: [...identityQueries.all(), 'factors'] as const,
      queryFn: () => call(client, listFactors),
    }),
  ssoProviders: (client: FetchClient) =>
    fieldQuery(client, [...identityQueries.all(), 'sso', 'providers'] as const, listSsoProviders, 'providers'),
  idpConnections: (client: FetchClient) =>
    fieldQuery(client, [...identityQueries.all(), 'sso', 'connections'] as const, listIdpConnections, 'connections'),
};

export const identityMutations = {
  /** The owner's answer to a PENDING identity: `approve` lets it sign in, `reject` blocks it. */
  decideIdentity: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, identityQueries.all(), ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      call(client, action === 'approve' ? approveIdentity : rejectIdentity, id),
    ),
  /** Enrolling changes nothing stored yet that a list shows: no invalidation. */
  enrollTotp: (client: FetchClient) => ({ mutationFn: () => call(client, enrollTotp) }),
  confirmTotp: invalidatingCall(identityQueries.all(), confirmTotp),
  disableTotp: invalidatingCall(identityQueries.all(), disableTotp),
  regenerateRecoveryCodes: invalidatingCall(identityQueries.all(), regenerateRecoveryCodes),
  /** Account actions outside any list: plain mutations. */
  recoverPassword: (client: FetchClient) => ({ mutationFn: (r: RecoverRequest) => call(client, recoverPassword, r) }),
  changePassword: (client: FetchClient) => ({
    mutationFn: (r: ChangePasswordRequest) => call(client, changePassword, r),
  }),
  verifyEmail: (client: FetchClient) => ({ mutationFn: (r: VerifyCodeRequest) => call(client, verifyEmail, r) }),
  createIdpConnection: invalidatingCall(identityQueries.all(), createIdpConnection),
  checkIdpConnection: invalidatingCall(identityQueries.all(), checkIdpConnection),
  deleteIdpConnection: invalidatingCall(identityQueries.all(), deleteIdpConnection),
};
