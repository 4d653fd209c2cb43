import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { compareVersions, hostMatches, httpUrlHost, ipInRange, parseHostPattern, parseIp, parseIpRange, VERSION_PATTERN } from './net-address.ts';

describe('IP addresses and ranges', () => {
  it('agrees with node:net on which addresses are valid', () => {
    const samples = [
      '1.2.3.4', '255.255.255.255', '0.0.0.0', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', ' 1.2.3.4',
      '::', '::1', '2001:db8::1', '2001:DB8:0:0:0:0:0:1', '2001:db8::', 'fe80::1:2:3:4:5:6', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9',
      '1::2::3', ':1::2', '1::2:', '::ffff:10.0.0.1', '::10.0.0.1', '10.0.0.1::', '2001:db8::g', 'abcd', '12345::', '',
    ];
    for (const sample of samples) {
      const ours = parseIp(sample);
      expect(ours ? ours.version : 0, sample).toBe(isIP(sample));
    }
    // Zone ids name a local interface: meaningless in a whitelist, so refused although node takes them.
    expect(isIP('fe80::1%eth0')).toBe(6);
    expect(parseIp('fe80::1%eth0')).toBeNull();
  });

  it('canonicalizes addresses and ranges', () => {
    expect(parseIpRange('2001:DB8:0:0:0:0:0:1')).toMatchObject({ ok: true, version: 6, canonical: '2001:db8::1', prefix: null });
    expect(parseIpRange(' 10.1.0.0/16 ')).toMatchObject({ ok: true, version: 4, canonical: '10.1.0.0/16', prefix: 16 });
    expect(parseIpRange('10.1.2.3/32')).toMatchObject({ ok: true, canonical: '10.1.2.3', prefix: null });
    expect(parseIpRange('2001:db8:0:0:1:0:0:0/64')).toMatchObject({ ok: false, reason: 'hostBits', network: '2001:db8::/64' });
    expect(parseIpRange('2001:0db8:0000::/32')).toMatchObject({ ok: true, canonical: '2001:db8::/32' });
    expect(parseIpRange('1:0:0:1:0:0:0:1')).toMatchObject({ canonical: '1:0:0:1::1' });
    expect(parseIpRange('::ffff:10.0.0.1')).toMatchObject({ canonical: '::ffff:10.0.0.1' });
  });

  it('refuses host bits, wide ranges and malformed prefixes', () => {
    expect(parseIpRange('192.168.1.5/24')).toEqual({ ok: false, reason: 'hostBits', network: '192.168.1.0/24' });
    expect(parseIpRange('10.0.0.0/7')).toEqual({ ok: false, reason: 'tooWide', minimum: 8 });
    expect(parseIpRange('2001::/15')).toEqual({ ok: false, reason: 'tooWide', minimum: 16 });
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/08', '10.0.0.0/a', '/24', '10.0.0.0/24/1', '::/129']) {
      expect(parseIpRange(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('tells whether an address lies in a range', () => {
    const range = parseIpRange('10.1.0.0/16');
    if (!range.ok) throw new Error('range');
    expect(ipInRange('10.1.200.3', range)).toBe(true);
    expect(ipInRange('10.2.0.1', range)).toBe(false);
    expect(ipInRange('::1', range)).toBe(false);
    const v6 = parseIpRange('2001:db8::/32');
    if (!v6.ok) throw new Error('range');
    expect(ipInRange('2001:db8:ffff::1', v6)).toBe(true);
    expect(ipInRange('2001:db9::1', v6)).toBe(false);
  });
});

describe('host names', () => {
  it('accepts names and wildcards in lower case', () => {
    expect(parseHostPattern('Pay.Example.COM.')).toEqual({ ok: true, pattern: 'pay.example.com', wildcard: false });
    expect(parseHostPattern('*.cdn.example.com')).toEqual({ ok: true, pattern: '*.cdn.example.com', wildcard: true });
    expect(parseHostPattern('xn--fiqs8s.xn--55qx5d.cn')).toMatchObject({ ok: true });
  });

  it('refuses what is not a host name', () => {
    for (const bad of ['localhost', 'example', '-a.example.com', 'a-.example.com', 'a..example.com', 'a b.com', '1.2.3.4', 'exa_mple.com', '*example.com', 'a.*.example.com', '例子.中国', `${'a'.repeat(64)}.com`]) {
      expect(parseHostPattern(bad).ok, bad).toBe(false);
    }
    expect(parseHostPattern('*.com')).toEqual({ ok: false, reason: 'wildcardTooWide' });
  });

  it('matches hosts against patterns', () => {
    expect(hostMatches('*.example.com', 'a.example.com')).toBe(true);
    expect(hostMatches('*.example.com', 'a.b.example.com')).toBe(true);
    expect(hostMatches('*.example.com', 'example.com')).toBe(false);
    expect(hostMatches('*.example.com', 'badexample.com')).toBe(false);
    expect(hostMatches('example.com', 'EXAMPLE.com')).toBe(true);
    expect(httpUrlHost('https://CDN.example.com:8443/a.zip?x=1')).toBe('cdn.example.com');
    expect(httpUrlHost('ftp://cdn.example.com/a.zip')).toBeNull();
    expect(httpUrlHost('https://user:pw@cdn.example.com/')).toBeNull();
    expect(httpUrlHost('not a url')).toBeNull();
  });
});

describe('versions', () => {
  it('parses and compares dotted versions', () => {
    for (const good of ['1', '1.2', '1.2.3', '10.0.0.1', '0.9']) expect(VERSION_PATTERN.test(good), good).toBe(true);
    for (const bad of ['', 'v1', '1.', '1..2', '01.2', '1.2.3.4.5', '1.2-beta']) expect(VERSION_PATTERN.test(bad), bad).toBe(false);
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('2.0.1', '2.1')).toBe(-1);
  });
});
