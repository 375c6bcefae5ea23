/**
 * Brazilian tax IDs by their check digits: CPF (11 digits, "123.456.789-09") and CNPJ (14 digits,
 * "11.222.333/0001-81"), formatted or digits only. Repeated digits ("111.111.111-11") pass the arithmetic but are
 * not issued, so they are refused.
 */
export function checkTaxId(type: 'CPF' | 'CNPJ', value: string): boolean {
  const len = type === 'CPF' ? 11 : 14;
  const formatted = type === 'CPF' ? /^\d{3}\.\d{3}\.\d{3}-\d{2}$/ : /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/;
  if (!formatted.test(value) && !new RegExp(`^\\d{${len}}$`).test(value)) return false;
  const digits = [...value.replace(/\D/g, '')].map(Number);
  if (digits.every((d) => d === digits[0])) return false;
  const checkDigit = (count: number) => {
    // CPF weights count+1 … 2; CNPJ weights cycle 2…9 from the right.
    const sum = digits
      .slice(0, count)
      .reduce((s, d, i) => s + d * (type === 'CPF' ? count + 1 - i : ((count - 1 - i) % 8) + 2), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return checkDigit(len - 2) === digits[len - 2] && checkDigit(len - 1) === digits[len - 1];
}
