import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { assertOutsideTransaction } from '../kernel/tx-guard.js';

/**
 * Keeps outgoing requests made on a user's behalf (webhooks, URL imports) off the server's own network: loopback,
 * private, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), CGNAT, multicast and the other special
 * ranges. The check runs on the resolved addresses, and the caller connects to the address it returns, so a name
 * that resolves differently a second time (DNS rebinding) cannot slip past.
 */

/** Resolves a name to its addresses (injectable: tests use a stub and never touch the network). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export class BlockedAddressError extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(
      address === hostname
        ? `${hostname} is a private or reserved address`
        : `${hostname} resolves to ${address}, a private or reserved address`,
    );
    this.name = 'BlockedAddressError';
  }
}

/**
 * Whether an IP address is public unicast. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it
 * carries; every special range ipaddr.js knows (loopback, private, uniqueLocal, linkLocal, carrierGradeNat,
 * 6to4, teredo, NAT64, reserved, ...) counts as not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

/** The host part of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host and returns the address to connect to. Unless `allowPrivate`, every address the name
 * resolves to must be public (a name with one private address among public ones is refused too).
 * @throws BlockedAddressError for a private target; the resolver's error for a name that does not resolve.
 */
export async function resolveTarget(
  url: URL,
  opts: { allowPrivate: boolean; resolver?: Resolver; isPublic?: (ip: string) => boolean },
): Promise<{ address: string; family: 4 | 6 }> {
  assertOutsideTransaction(`connecting to ${url.host}`);
  const host = hostOf(url);
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await (opts.resolver ?? systemResolver)(host);
  if (!addresses.length) throw new Error(`${host} does not resolve to any address`);
  if (!opts.allowPrivate) {
    const blocked = addresses.find((a) => !(opts.isPublic ?? isPublicAddress)(a.address));
    if (blocked) throw new BlockedAddressError(host, blocked.address);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
