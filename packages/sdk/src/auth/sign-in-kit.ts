import { isPlazaError } from '../core/errors.js';
import { send } from '../core/transport.js';
import { oauthError } from './authorization-response.js';
import { requestTokens } from './token-endpoint.js';
import { emptyTokens, tokensFromResponse } from './tokens.js';

/**
 * What the lazily loaded sign-in files (redirect-login.ts, frame-login.ts, member-login.ts and the helpers only they use)
 * get from the strategy, through `MemberBox.kit`, instead of importing it themselves. Why: bundle size. A bundler that
 * keeps an `import()`ed file in the importer's output file (esbuild or Rollup without code splitting, as the SDK's
 * "everything" budget is measured) turns every module such a file imports into a lazily initialized one, with start-up
 * calls. Handed over here, the shared code (errors, transport, tokens, the token endpoint) stays plain; those files
 * import only types, each other and their own helpers (docs/decisions.md).
 */
export interface SignInKit {
  send: typeof send;
  requestTokens: typeof requestTokens;
  tokensFromResponse: typeof tokensFromResponse;
  emptyTokens: typeof emptyTokens;
  isPlazaError: typeof isPlazaError;
  oauthError: typeof oauthError;
}

/** The kit every `OAuthStrategy` hands its sign-in flows. */
export const signInKit: SignInKit = { send, requestTokens, tokensFromResponse, emptyTokens, isPlazaError, oauthError };
