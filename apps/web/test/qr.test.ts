import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeQr, qrSvgPath } from '../src/lib/qr.js';

const OTPAUTH =
  'otpauth://totp/Plaza%20Demo%20Store:owner%40plaza.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Plaza%20Demo%20Store&algorithm=SHA1&digits=6&period=30';

const fingerprint = (m: boolean[][]) =>
  createHash('sha256')
    .update(m.map((row) => row.map((d) => (d ? '1' : '0')).join('')).join('\n'))
    .digest('hex');

/** A binary PBM image of the code (4 px per module, 4-module quiet zone), which zbarimg reads. */
function pbm(m: boolean[][]): string {
  const scale = 4;
  const margin = 4;
  const size = (m.length + margin * 2) * scale;
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    const row: string[] = [];
    for (let x = 0; x < size; x++) {
      const dark = m[Math.floor(y / scale) - margin]?.[Math.floor(x / scale) - margin];
      row.push(dark ? '1' : '0');
    }
    rows.push(row.join(' '));
  }
  return `P1\n${size} ${size}\n${rows.join('\n')}\n`;
}

const zbar = spawnSync('zbarimg', ['--version']).status === 0;

describe('QR encoder', () => {
  it('picks the smallest version that holds the text (level M, byte mode)', () => {
    expect(encodeQr('hello')).toHaveLength(21); // version 1
    expect(encodeQr('x'.repeat(14))).toHaveLength(21); // v1-M holds 14 bytes
    expect(encodeQr('x'.repeat(15))).toHaveLength(25); // and not 15
    expect(encodeQr(OTPAUTH)).toHaveLength(53); // version 9
    expect(() => encodeQr('x'.repeat(3000))).toThrow('Text too long for a QR code');
  });

  it('draws the finder, timing and dark-module patterns', () => {
    const m = encodeQr(OTPAUTH);
    const n = m.length;
    for (const [x0, y0] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ]) {
      for (let i = 0; i < 7; i++) {
        expect(m[y0!]![x0! + i]).toBe(true); // the finder's outer ring
        expect(m[y0! + 6]![x0! + i]).toBe(true);
      }
      expect(m[y0! + 1]![x0! + 1]).toBe(false);
      expect(m[y0! + 3]![x0! + 3]).toBe(true); // its centre
    }
    for (let i = 8; i < n - 8; i++) expect(m[6]![i]).toBe(i % 2 === 0);
    expect(m[n - 8]![8]).toBe(true);
  });

  it('gives the same matrix as the one a QR reader decoded when this test was written', () => {
    // Checked with zbarimg (see the next test): any change to the encoder must keep codes readable.
    expect(fingerprint(encodeQr(OTPAUTH))).toBe(FINGERPRINT);
  });

  it.skipIf(!zbar)('is read back by a QR reader (zbarimg)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-qr-'));
    try {
      for (const text of ['hello', OTPAUTH, 'x'.repeat(300)]) {
        const file = join(dir, 'code.pbm');
        writeFileSync(file, pbm(encodeQr(text)));
        const read = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' });
        expect(read.stdout.trim()).toBe(text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders one SVG path with a quiet zone', () => {
    const { d, size } = qrSvgPath(encodeQr('hello'));
    expect(size).toBe(29);
    expect(d.startsWith('M4,4h1v1h-1z')).toBe(true);
  });
});

const FINGERPRINT = 'a97819b8cf058725df2d33b9b59ab7165b461a32c3177750363d3aea7b517071';
