import { inflateSync } from 'node:zlib';

/** The text drawn on the pages: every content stream, inflated when compressed, with the text operators' strings. */
export function drawnText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body = Buffer.from(m[1]!, 'latin1');
    try {
      body = inflateSync(body);
    } catch {
      // not compressed
    }
    // pdf-lib writes strings as hex: <48656C6C6F> Tj
    for (const h of body.toString('latin1').matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      out.push(Buffer.from(h[1]!, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}
