/**
 * Pure parsers for what the whitelists and resources accept: IP addresses and CIDR ranges,
 * host names (with a leading wildcard label), and dotted version numbers. They run in the
 * browser (the forms mirror the server) and on the server, where node's `net` checks the
 * addresses once more before anything is stored.
 */

export type IpVersion = 4 | 6;

/** The narrowest prefix a whitelisted range may have: wider ranges let whole networks in. */
export const MIN_PREFIX: Readonly<Record<IpVersion, number>> = { 4: 8, 6: 16 };

export interface IpRange {
  version: IpVersion;
  /** The address part as entered, in canonical form (lower case, shortest IPv6 form). */
  address: string;
  /** Null for a single address (a full-length prefix is folded into the address). */
  prefix: number | null;
  /** What is stored and compared: `address` or `network/prefix`. */
  canonical: string;
}

export type IpParseFailure =
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'hostBits'; network: string }
  | { ok: false; reason: 'tooWide'; minimum: number };

export type IpParseResult = ({ ok: true } & IpRange) | IpParseFailure;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: `010` is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

/** 16-bit words of colon-separated groups; an embedded IPv4 address may end the last part. */
function parseWords(groups: readonly string[], allowIpv4Tail: boolean): number[] | null {
  const words: number[] = [];
  for (const [index, group] of groups.entries()) {
    if (group.includes('.')) {
      if (!allowIpv4Tail || index !== groups.length - 1) return null;
      const v4 = parseIpv4(group);
      if (v4 === null) return null;
      words.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      continue;
    }
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    words.push(Number.parseInt(group, 16));
  }
  return words;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): string[] => (half === '' ? [] : half.split(':'));
  let words: number[];
  if (halves.length === 1) {
    const all = parseWords(groupsOf(text), true);
    if (!all || all.length !== 8) return null;
    words = all;
  } else {
    const head = parseWords(groupsOf(halves[0] ?? ''), false);
    const tail = parseWords(groupsOf(halves[1] ?? ''), true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    words = [...head, ...Array.from({ length: 8 - head.length - tail.length }, () => 0), ...tail];
  }
  return words.reduce((acc, word) => (acc << 16n) | BigInt(word), 0n);
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero words as `::`. */
function formatIpv6(value: bigint): string {
  const words = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn));
  const mappedV4 = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  if (mappedV4) return `::ffff:${formatIpv4(value & 0xffffffffn)}`;
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function format(version: IpVersion, value: bigint): string {
  return version === 4 ? formatIpv4(value) : formatIpv6(value);
}

/** Parses one address: its version and 128- or 32-bit value, or null. */
export function parseIp(text: string): { version: IpVersion; value: bigint } | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { version: 4, value: v4 };
  if (!text.includes(':')) return null;
  const v6 = parseIpv6(text);
  return v6 === null ? null : { version: 6, value: v6 };
}

/**
 * An IPv4 or IPv6 address, or a CIDR range `address/prefix`. A range must name its network
 * (no host bits set) and be at most as wide as `MIN_PREFIX`.
 */
export function parseIpRange(input: string): IpParseResult {
  const text = input.trim();
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  const ip = parseIp(addressText);
  if (!ip) return { ok: false, reason: 'invalid' };
  const bits = ip.version === 4 ? 32 : 128;
  if (prefixText === null) {
    const address = format(ip.version, ip.value);
    return { ok: true, version: ip.version, address, prefix: null, canonical: address };
  }
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return { ok: false, reason: 'invalid' };
  const prefix = Number(prefixText);
  if (prefix > bits) return { ok: false, reason: 'invalid' };
  const address = format(ip.version, ip.value);
  if (prefix === bits) return { ok: true, version: ip.version, address, prefix: null, canonical: address };
  if (prefix < MIN_PREFIX[ip.version]) return { ok: false, reason: 'tooWide', minimum: MIN_PREFIX[ip.version] };
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  const network = ip.value & ~hostMask & ((1n << BigInt(bits)) - 1n);
  if (network !== ip.value) return { ok: false, reason: 'hostBits', network: `${format(ip.version, network)}/${prefix}` };
  return { ok: true, version: ip.version, address, prefix, canonical: `${address}/${prefix}` };
}

/** Whether `address` (a single address) lies in `range` (a parsed entry). */
export function ipInRange(address: string, range: Pick<IpRange, 'version' | 'address' | 'prefix'>): boolean {
  const ip = parseIp(address.trim());
  const base = parseIp(range.address);
  if (!ip || !base || ip.version !== range.version || base.version !== range.version) return false;
  const bits = range.version === 4 ? 32 : 128;
  const prefix = range.prefix ?? bits;
  const shift = BigInt(bits - prefix);
  return ip.value >> shift === base.value >> shift;
}

// ---------------------------------------------------------------------------------------------
// Host names.
// ---------------------------------------------------------------------------------------------

export const HOSTNAME_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type HostPatternResult = { ok: true; pattern: string; wildcard: boolean } | { ok: false; reason: 'invalid' | 'wildcardTooWide' };

/**
 * A host name (`pay.example.com`) or a wildcard over its subdomains (`*.example.com`), in
 * lower-case ASCII (internationalized names in their `xn--` form). At least two labels, the
 * last one not all digits (so an IP address is not taken for a name); a wildcard needs at
 * least two labels after it, so `*.com` is refused.
 */
export function parseHostPattern(input: string): HostPatternResult {
  const text = input.trim().toLowerCase().replace(/\.$/, '');
  if (text.length === 0 || text.length > HOSTNAME_MAX) return { ok: false, reason: 'invalid' };
  const wildcard = text.startsWith('*.');
  const labels = (wildcard ? text.slice(2) : text).split('.');
  if (labels.some((label) => !LABEL.test(label))) return { ok: false, reason: 'invalid' };
  if (labels.length < 2) return { ok: false, reason: wildcard ? 'wildcardTooWide' : 'invalid' };
  if (/^\d+$/.test(labels.at(-1) ?? '')) return { ok: false, reason: 'invalid' };
  return { ok: true, pattern: text, wildcard };
}

/** `*.example.com` matches every subdomain at any depth, never `example.com` itself. */
export function hostMatches(pattern: string, host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (pattern.startsWith('*.')) return name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1;
  return name === pattern;
}

/** The host of an http(s) URL in lower case, or null when the text is not one. */
export function httpUrlHost(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.hostname.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Versions.
// ---------------------------------------------------------------------------------------------

/** `1`, `1.2`, `1.2.3` or `1.2.3.4`, each part at most 6 digits, no leading zeros. */
export const VERSION_PATTERN = /^(0|[1-9]\d{0,5})(\.(0|[1-9]\d{0,5})){0,3}$/;

/** Numeric comparison part by part; missing parts count as 0 (`1.2` equals `1.2.0`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}
