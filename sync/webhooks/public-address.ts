// Where a webhook may be sent in production: only to addresses on the public internet. An account registers a URL;
// without this check a name that resolves to this machine, the private network or a cloud's metadata address
// (169.254.169.254) would make the server post to what only it can reach. The host is resolved at delivery time
// (a name's addresses change) and every address it has must be public. Outside production (the address rule lets
// plain http reach this computer for development and tests) nothing is checked here.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // this network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** Whether an IP address (v4 or v6) is on the public internet. (An IPv4-mapped address is checked as its IPv4; a
 * ::ffff:0:0/96 rule would match every IPv4 address, since BlockList checks IPv4 against mapped IPv6 rules.) */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

export const NOT_PUBLIC_TEXT = "The endpoint's address is not on the public internet; webhooks are not sent there.";

/** Null when every address of the URL's host is public, else why the delivery is not sent. */
export async function publicAddressRefusal(
  url: string,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return "The endpoint's name could not be found.";
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return NOT_PUBLIC_TEXT;
  return null;
}
