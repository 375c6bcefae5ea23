import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { useQueryClient } from '@tanstack/react-query';
import { createPlazaQueryClient, PlazaProvider, usePlaza } from '../src/index.js';

describe('usePlaza', () => {
  function ClientName() {
    return <span>{usePlaza<{ name: string }>().name}</span>;
  }

  it('throws a clear error outside the provider', () => {
    expect(() => renderToString(<ClientName />)).toThrow(/inside <PlazaProvider/);
  });

  it('returns the client given to the provider', () => {
    const html = renderToString(
      <PlazaProvider client={{ name: 'sdk-client' }}>
        <ClientName />
      </PlazaProvider>,
    );
    expect(html).toBe('<span>sdk-client</span>');
  });
});

describe('PlazaProvider', () => {
  function QueryClientProbe({ expected }: { expected?: unknown }) {
    const qc = useQueryClient();
    return <span>{expected ? String(qc === expected) : String(typeof qc.getQueryCache === 'function')}</span>;
  }

  it('creates a QueryClient when none is given', () => {
    const html = renderToString(
      <PlazaProvider client={{}}>
        <QueryClientProbe />
      </PlazaProvider>,
    );
    expect(html).toBe('<span>true</span>');
  });

  it('uses the QueryClient it is given', () => {
    const queryClient = createPlazaQueryClient();
    const html = renderToString(
      <PlazaProvider client={{}} queryClient={queryClient}>
        <QueryClientProbe expected={queryClient} />
      </PlazaProvider>,
    );
    expect(html).toBe('<span>true</span>');
  });
});
