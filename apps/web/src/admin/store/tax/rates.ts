/**
 * Tax rates are fractions on the wire ("0.0725") and percentages on screen ("7.25"); converted as decimal strings,
 * never through floating point.
 */
const trim = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

export function percentToRate(percent: string): string | undefined {
  const p = percent.trim().replace(',', '.').replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(p)) return undefined;
  const [whole, frac = ''] = p.split('.');
  const digits = `${whole}${frac}`.replace(/^0+(?=\d)/, '');
  const places = frac.length + 2;
  const padded = digits.padStart(places + 1, '0');
  const rate = trim(`${padded.slice(0, -places)}.${padded.slice(-places)}`).replace(/^0+(?=\d)/, '');
  return Number(rate) > 1 ? undefined : rate;
}

export function rateToPercent(rate: string): string {
  const [whole, frac = ''] = rate.split('.');
  const f = frac.padEnd(2, '0');
  const head = `${whole}${f.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  return trim(f.length > 2 ? `${head}.${f.slice(2)}` : head);
}
