// The photo URL check of the listings import: every spelling of an address that is not public
// unicast is refused, whatever the URL parser, the resolver or the socket would make of it; public ones pass.
import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./listing-photos.server.ts";

const NOT_PUBLIC: [string, string][] = [
  // IPv4 loopback, every spelling a URL or a resolver takes.
  ["loopback", "127.0.0.1"],
  ["loopback, another host", "127.255.255.254"],
  ["loopback, short", "127.1"],
  ["loopback, decimal", "2130706433"],
  ["loopback, octal", "0177.0.0.1"],
  ["loopback, octal as one number", "017700000001"],
  ["loopback, hex", "0x7f.1"],
  ["loopback, hex upper case", "0X7F.0X0.0X0.0X1"],
  ["loopback, hex as one number", "0x7f000001"],
  ["loopback, trailing dot", "127.0.0.1."],
  // Other IPv4 ranges that are not the public internet.
  ["unspecified", "0.0.0.0"],
  ["unspecified, short", "0"],
  ["this network", "0.1.2.3"],
  ["private 10/8", "10.0.0.1"],
  ["private 172.16/12", "172.16.0.1"],
  ["private 172.16/12, last", "172.31.255.255"],
  ["private 192.168/16", "192.168.1.1"],
  ["private, decimal", "167772161"],
  ["link-local (cloud metadata)", "169.254.169.254"],
  ["link-local, hex", "0xa9fea9fe"],
  ["carrier-grade NAT", "100.64.0.1"],
  ["carrier-grade NAT, last", "100.127.255.255"],
  ["IETF protocol assignments", "192.0.0.1"],
  ["documentation", "192.0.2.1"],
  ["benchmarking", "198.18.0.1"],
  ["multicast", "224.0.0.1"],
  ["multicast, last", "239.255.255.255"],
  ["reserved", "240.0.0.1"],
  ["broadcast", "255.255.255.255"],
  // IPv6 loopback and unspecified.
  ["IPv6 loopback", "::1"],
  ["IPv6 loopback, bracketed", "[::1]"],
  ["IPv6 loopback, in full", "0:0:0:0:0:0:0:1"],
  ["IPv6 loopback, zero-padded", "0000:0000:0000:0000:0000:0000:0000:0001"],
  ["IPv6 unspecified", "::"],
  // IPv4-mapped loopback in every spelling (WHATWG URL canonicalises the first to the second).
  ["mapped loopback, dotted", "::ffff:127.0.0.1"],
  ["mapped loopback, bracketed", "[::ffff:127.0.0.1]"],
  ["mapped loopback, hex", "::ffff:7f00:1"],
  ["mapped loopback, hex bracketed", "[::ffff:7f00:1]"],
  ["mapped loopback, in full", "0:0:0:0:0:ffff:7f00:1"],
  ["mapped loopback, in full dotted", "0:0:0:0:0:ffff:127.0.0.1"],
  ["mapped loopback, upper case", "::FFFF:7F00:1"],
  ["mapped loopback, upper case bracketed", "[0:0:0:0:0:FFFF:127.0.0.1]"],
  ["mapped loopback, zero-padded", "0000::ffff:7f00:0001"],
  ["mapped unspecified", "::ffff:0.0.0.0"],
  ["mapped private", "::ffff:10.0.0.1"],
  ["mapped private 192.168", "::ffff:c0a8:101"],
  ["mapped link-local", "::ffff:169.254.169.254"],
  ["mapped link-local, hex", "::ffff:a9fe:a9fe"],
  ["mapped carrier-grade NAT", "::ffff:100.64.0.1"],
  // IPv4 embedded in other IPv6 forms.
  ["IPv4-compatible loopback, dotted", "::127.0.0.1"],
  ["IPv4-compatible loopback, hex", "::7f00:1"],
  ["IPv4-compatible private", "::10.0.0.1"],
  ["IPv4-translated (RFC 6145) loopback", "::ffff:0:127.0.0.1"],
  ["NAT64 loopback", "64:ff9b::127.0.0.1"],
  ["NAT64 loopback, hex", "64:ff9b::7f00:1"],
  ["NAT64 link-local", "64:ff9b::a9fe:a9fe"],
  ["NAT64 local-use prefix", "64:ff9b:1::7f00:1"],
  ["6to4 of loopback", "2002:7f00:1::"],
  ["6to4 of private", "2002:a00:1::1"],
  ["Teredo (client 127.0.0.1)", "2001:0:4136:e378:8000:63bf:80ff:fffe"],
  // IPv6 link-local, unique-local, multicast and reserved.
  ["IPv6 link-local", "fe80::1"],
  ["IPv6 link-local, upper case", "FE80::1"],
  ["IPv6 link-local, zone id", "fe80::1%eth0"],
  ["IPv6 link-local, zone id in a URL", "[fe80::1%25eth0]"],
  ["IPv6 link-local, febf", "febf::1"],
  ["IPv6 loopback, zone id", "::1%lo"],
  ["mapped loopback, zone id", "::ffff:7f00:1%1"],
  ["IPv6 unique-local fc00::/7", "fc00::1"],
  ["IPv6 unique-local fd", "fd12:3456:789a::1"],
  ["IPv6 multicast", "ff02::1"],
  ["IPv6 multicast, global", "ff0e::1"],
  ["IPv6 documentation", "2001:db8::1"],
  ["IPv6 documentation (3fff::/20)", "3fff::1"],
  ["IPv6 benchmarking", "2001:2::1"],
  ["IPv6 discard-only", "100::1"],
  ["IPv6 outside global unicast", "4000::1"],
  ["IPv6 site-local (deprecated)", "fec0::1"],
  // Not an address at all: nothing to vet, so not public.
  ["empty", ""],
  ["a name", "localhost"],
  ["a domain", "photos.example.com"],
  ["garbage", "127.0.0.1 and more"],
  ["octet out of range", "256.0.0.1"],
  ["two double colons", "1::2::3"],
];

const PUBLIC: [string, string][] = [
  ["Google DNS", "8.8.8.8"],
  ["Cloudflare DNS", "1.1.1.1"],
  ["Google DNS, decimal", "134744072"],
  ["Google DNS, hex", "0x8.0x8.0x8.0x8"],
  ["just past 172.16/12", "172.32.0.1"],
  ["just past carrier-grade NAT", "100.128.0.1"],
  ["just past 10/8", "11.0.0.1"],
  ["just before multicast", "223.255.255.254"],
  ["mapped public", "::ffff:8.8.8.8"],
  ["Cloudflare IPv6", "2606:4700::1111"],
  ["Cloudflare IPv6, bracketed", "[2606:4700::1111]"],
  ["Cloudflare IPv6, upper case in full", "2606:4700:0:0:0:0:0:1111"],
  ["Google IPv6 DNS", "2001:4860:4860::8888"],
];

describe("isPrivateAddress", () => {
  it.each(NOT_PUBLIC)("refuses %s (%s)", (_name, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(PUBLIC)("lets %s (%s) through", (_name, address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
