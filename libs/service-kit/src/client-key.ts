import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under by the limits per address (sign-in, sign-up): an IPv4
 * address as it is, an IPv6 address by its /64 (`2001:db8:1:2::/64`), an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) as the IPv4 address it is.
 *
 * Why /64: one IPv6 subscriber (a home, a phone, a server) is given a /64 at least, and picks any
 * address inside it at will (privacy extensions change it daily anyway), so counting addresses would
 * give every client 2^64 fresh counters. The price: people behind one /64 share a count, as people
 * behind one IPv4 NAT already do. Anything that is no IP address (never from Express in practice)
 * is counted as it is.
 */
export function clientKeyOf(address: string): string {
  const withoutZone = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(withoutZone)) return address;
  const parsed = ipaddr.parse(withoutZone);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
