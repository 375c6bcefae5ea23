import { describe, expect, it } from 'vitest';
import { checkTaxId } from './tax-id.js';

describe('checkTaxId', () => {
  it.each([
    ['CPF', '529.982.247-25'],
    ['CPF', '52998224725'],
    ['CPF', '111.444.777-35'],
    ['CPF', '390.533.447-05'],
    ['CNPJ', '11.222.333/0001-81'],
    ['CNPJ', '11222333000181'],
    ['CNPJ', '11.444.777/0001-61'],
  ] as const)('%s %s is valid', (type, value) => {
    expect(checkTaxId(type, value)).toBe(true);
  });

  it.each([
    ['CPF', '529.982.247-24', 'second check digit off'],
    ['CPF', '529.982.247-15', 'first check digit off'],
    ['CPF', '111.111.111-11', 'repeated digits'],
    ['CPF', '000.000.000-00', 'repeated digits'],
    ['CPF', '5299822472', 'too short'],
    ['CPF', '529.982.24725', 'half formatted'],
    ['CPF', '11.222.333/0001-81', 'a CNPJ'],
    ['CNPJ', '11.222.333/0001-80', 'second check digit off'],
    ['CNPJ', '11.222.333/0001-91', 'first check digit off'],
    ['CNPJ', '00000000000000', 'repeated digits'],
    ['CNPJ', '529.982.247-25', 'a CPF'],
    ['CNPJ', '11222333000181x', 'a letter'],
  ] as const)('%s %s is refused (%s)', (type, value, _why) => {
    expect(checkTaxId(type, value)).toBe(false);
  });
});
