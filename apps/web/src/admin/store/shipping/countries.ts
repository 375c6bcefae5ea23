import type { ComboboxOption } from '../../ui/Combobox.js';

// Country names from the browser's own Intl data: every two-letter code it names is a country or territory.
// Groupings, placeholders and the non-ISO territory codes (EU, UN, ZZ, Canary Islands...) are left out.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);
let list: ComboboxOption[] | undefined;
let names: Intl.DisplayNames | undefined;

const display = () => {
  try {
    names ??= new Intl.DisplayNames(undefined, { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  return names;
};

/** "France" for FR; the code itself when the browser does not know it. */
export const countryName = (code: string) => display()?.of(code) ?? code;

/** False for replaced codes (DD for East Germany canonicalizes to DE), so each country is listed once. */
function current(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  } catch {
    return false;
  }
}

export function countryOptions(): ComboboxOption[] {
  if (list) return list;
  const d = display();
  const out: ComboboxOption[] = [];
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      if (NOT_COUNTRIES.has(code) || !current(code)) continue;
      let name: string | undefined;
      try {
        name = d?.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code) out.push({ value: code, label: name, detail: code });
    }
  }
  list = out.sort((a, b) => a.label.localeCompare(b.label));
  return list;
}
