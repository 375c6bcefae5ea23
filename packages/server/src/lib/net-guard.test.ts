import { describe, expect, it } from 'vitest';
import { BlockedAddressError, isPublicAddress, resolveTarget, type Resolver } from './net-guard.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '169.254.1.1',
    '100.64.0.1', // carrier-grade NAT
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254', // AWS metadata over IPv6
    'fdff:ffff::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    'not an address',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('resolveTarget', () => {
  const stub =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const list = table[host];
      if (!list) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolver = stub({
    'public.example': ['93.184.216.34'],
    'loop.example': ['127.0.0.1'],
    'meta.example': ['169.254.169.254'],
    'v6meta.example': ['fd00:ec2::254'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'mixed.example': ['93.184.216.34', '10.1.2.3'],
    'ula.example': ['fc00::5'],
    'linklocal.example': ['fe80::1'],
  });

  it('returns the address to connect to for a public name', async () => {
    await expect(
      resolveTarget(new URL('https://public.example/hook'), { allowPrivate: false, resolver }),
    ).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it.each([
    'http://loop.example/',
    'http://meta.example/latest/meta-data',
    'http://v6meta.example/',
    'http://mapped.example/',
    'http://mixed.example/',
    'http://ula.example/',
    'http://linklocal.example/',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://169.254.169.254/',
    'http://0x7f000001/', // WHATWG URL normalizes to 127.0.0.1
    'http://2130706433/',
  ])('refuses %s', async (url) => {
    await expect(resolveTarget(new URL(url), { allowPrivate: false, resolver })).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it('lets private targets through when allowed', async () => {
    await expect(resolveTarget(new URL('http://loop.example/'), { allowPrivate: true, resolver })).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveTarget(new URL('http://[::1]:9/'), { allowPrivate: true, resolver })).resolves.toEqual({
      address: '::1',
      family: 6,
    });
  });

  it('passes on a name that does not resolve', async () => {
    await expect(resolveTarget(new URL('http://nowhere.example/'), { allowPrivate: false, resolver })).rejects.toThrow(
      /ENOTFOUND/,
    );
  });
});
