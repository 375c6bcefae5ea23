import { useQuery } from '@tanstack/react-query';
import { usePlaza, webhookQueries } from '@plaza/react';
import { useEffect, useState } from 'react';
import type { WebhookJwks } from '@plaza/contracts';
import { Card } from '../../ui/Card.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { optionsOf } from '../ui/choices.js';
import { QueryStates } from '../ui/QueryStates.js';

type Format = 'jwks' | 'pem';
const FORMAT_TABS = optionsOf<Format>({ jwks: 'Key set (JWKS)', pem: 'PEM' });

/** A P-256 public key (JWK) as a PEM block, through Web Crypto. */
export async function jwkToPem(jwk: WebhookJwks['keys'][number]): Promise<string> {
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, ext: true },
    { name: 'ECDSA', namedCurve: jwk.crv },
    true,
    ['verify'],
  );
  const der = new Uint8Array(await crypto.subtle.exportKey('spki', key));
  const base64 = btoa(String.fromCharCode(...der));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
}

/**
 * The keys that verify webhook messages and service plugin calls: copyable as a key set (JWKS) or PEM, with how to
 * check a message in a few words.
 */
export function PublicKeys({ origin = typeof location === 'undefined' ? '' : location.origin }: { origin?: string }) {
  const keys = useQuery(webhookQueries.publicKeys(usePlaza()));
  const { data } = keys;
  const [format, setFormat] = useState<Format>('jwks');
  const [pem, setPem] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return;
    let live = true;
    Promise.all(data.keys.map((k) => jwkToPem(k).then((p) => `# key ${k.kid}\n${p}`))).then(
      (blocks) => live && setPem(blocks.join('\n\n')),
      () => live && setPem(null),
    );
    return () => {
      live = false;
    };
  }, [data]);
  const jwks = data ? JSON.stringify(data, null, 2) : '';
  const text = format === 'pem' ? (pem ?? '') : jwks;

  return (
    <Card
      title="Checking that a message came from your store"
      description="Every webhook message and every call to an app is signed with your store's private key."
    >
      <div className="space-y-4 text-sm text-neutral-700">
        <ol className="list-decimal space-y-1 pl-5">
          <li>The body of each message is a signed token (a JWT, ES256). Its header names the key that signed it.</li>
          <li>
            Check the signature with the public key below, or let your system fetch the current keys from{' '}
            <code className="font-mono text-xs break-all">{origin}/webhooks/v1/public-keys</code>.
          </li>
          <li>Ignore any message whose signature does not check out. The Plaza SDK does all of this for you.</li>
        </ol>
        <QueryStates query={keys} loadingLabel="Loading the public keys" rows={2}>
          {() => (
            <div className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <FilterTabs label="Key format" value={format} onChange={setFormat} tabs={FORMAT_TABS} />
                {text && <CopyButton text={text} label="Copy key" />}
              </div>
              <pre
                data-testid="public-keys"
                className="max-h-72 overflow-auto rounded-md bg-neutral-900 p-3 font-mono text-xs whitespace-pre-wrap break-all text-neutral-100"
              >
                {format === 'pem' && !pem ? 'Preparing the PEM form…' : text}
              </pre>
            </div>
          )}
        </QueryStates>
      </div>
    </Card>
  );
}
