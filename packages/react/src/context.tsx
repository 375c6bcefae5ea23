import { createContext, useContext, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Apps may register their client type once, so `usePlaza()` is typed without a type argument:
 *   declare module '@plaza/react' { interface Register { client: typeof client } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Register {}

export type RegisteredClient = Register extends { client: infer C } ? C : object;

const PlazaContext = createContext<object | null>(null);

/** 4xx answers will not change on retry; transient failures (network, 5xx) get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createPlazaQueryClient(): QueryClient {
  // Short backoff (0.5 s, 1 s): a page should show its error within seconds, not after TanStack's default ~7 s.
  const retryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 5_000);
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 } } });
}

export interface PlazaProviderProps {
  client: object;
  queryClient?: QueryClient;
  children?: ReactNode;
}

export function PlazaProvider({ client, queryClient, children }: PlazaProviderProps) {
  // Lazily created once per provider, so a re-render never drops the cache.
  const [ownQueryClient] = useState(() => queryClient ?? createPlazaQueryClient());
  return (
    <PlazaContext.Provider value={client}>
      <QueryClientProvider client={queryClient ?? ownQueryClient}>{children}</QueryClientProvider>
    </PlazaContext.Provider>
  );
}

/**
 * The client's `name` module (`members`, `reviews`, ...). A clear message beats "cannot read properties of undefined"
 * when the client was created without it.
 */
export function moduleOf<C, K extends keyof C & string>(client: C, name: K): NonNullable<C[K]> {
  const module = client[name];
  if (!module) throw new Error(`The Plaza client has no ${name} module: create it with modules: { ${name} }.`);
  return module;
}

/** The SDK client given to the nearest `<PlazaProvider>`. */
export function usePlaza<C = RegisteredClient>(): C {
  const client = useContext(PlazaContext);
  if (!client) {
    throw new Error('usePlaza() must be called inside <PlazaProvider client={…}>; no Plaza client was found.');
  }
  return client as C;
}
