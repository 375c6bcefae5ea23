import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { qrCode, qrSvg } from '../src/lib/qr.js';

const OTPAUTH =
  'otpauth://totp/Plaza%20Demo%20Store:owner%40plaza.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Plaza%20Demo%20Store&algorithm=SHA1&digits=6&period=30';

/** A binary PBM image of the code (4 px per module, 4-module quiet zone), which zbarimg reads. */
function pbm(text: string): string {
  const code = qrCode(text);
  const scale = 4;
  const margin = 4;
  const size = (code.size + margin * 2) * scale;
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    const row: string[] = [];
    for (let x = 0; x < size; x++) {
      const dark = code.get(Math.floor(x / scale) - margin, Math.floor(y / scale) - margin);
      row.push(dark ? '1' : '0');
    }
    rows.push(row.join(' '));
  }
  return `P1\n${size} ${size}\n${rows.join('\n')}\n`;
}

const zbar = spawnSync('zbarimg', ['--version']).status === 0;

describe('QR codes (lean-qr)', () => {
  it('are small enough for a phone to scan from the screen', () => {
    expect(qrCode('hello').size).toBe(21); // version 1
    expect(qrCode(OTPAUTH).size).toBeLessThanOrEqual(57); // version 10 at most
  });

  it('draw the three finder patterns', () => {
    const code = qrCode(OTPAUTH);
    const n = code.size;
    for (const [x0, y0] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ]) {
      for (let i = 0; i < 7; i++) {
        expect(code.get(x0! + i, y0!)).toBe(true);
        expect(code.get(x0! + i, y0! + 6)).toBe(true);
      }
      expect(code.get(x0! + 1, y0! + 1)).toBe(false);
      expect(code.get(x0! + 3, y0! + 3)).toBe(true);
    }
  });

  it.skipIf(!zbar)('are read back by a QR reader (zbarimg)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaza-qr-'));
    try {
      for (const text of ['hello', OTPAUTH, 'x'.repeat(300)]) {
        const file = join(dir, 'code.pbm');
        writeFileSync(file, pbm(text));
        const read = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' });
        expect(read.stdout.trim()).toBe(text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('render as one SVG path inside a viewBox with a 4-module quiet zone', () => {
    const { d, viewBox } = qrSvg('hello');
    expect(viewBox).toBe('-4 -4 29 29');
    expect(d).toContain('L0 0L'); // the top-left finder's outer corner
    const coordinates = [...d.matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(Math.max(...coordinates)).toBe(21); // modules 0–20, so the quiet zone stays empty
    expect(d.match(/Z/g)!.length).toBeGreaterThan(10);
  });
});
