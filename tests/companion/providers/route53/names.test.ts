import { describe, expect, it } from 'vitest';
import { bareZoneId, decodeName, relativeTo } from '@dnsferry/companion/providers/route53/names';

describe('Route 53 names', () => {
  it('reads the octal escapes Route 53 lists names with', () => {
    expect(decodeName('\\052.example.org.')).toBe('*.example.org.');
    expect(decodeName('0\\05725.2.0.192.in-addr.arpa.')).toBe('0/25.2.0.192.in-addr.arpa.');
    expect(decodeName('WWW.Example.org.')).toBe('www.example.org.');
  });

  it('refuses what a record name cannot hold: a dot inside a label, a space, a byte past ASCII', () => {
    expect(decodeName('a\\056b.example.org.')).toBeNull();
    expect(decodeName('a\\040b.example.org.')).toBeNull();
    expect(decodeName('caf\\351.example.org.')).toBeNull();
  });

  it('makes names relative to the zone, the apex as @', () => {
    expect(relativeTo('example.org.', 'example.org')).toBe('@');
    expect(relativeTo('a.b.example.org.', 'Example.org.')).toBe('a.b');
    expect(relativeTo('example.net.', 'example.org')).toBeNull();
    expect(relativeTo('notexample.org.', 'example.org')).toBeNull();
  });

  it('takes /hostedzone/ off a zone id', () => {
    expect(bareZoneId('/hostedzone/Z0123456789ABCDEFGHIJ')).toBe('Z0123456789ABCDEFGHIJ');
    expect(bareZoneId('Z0123456789ABCDEFGHIJ')).toBe('Z0123456789ABCDEFGHIJ');
  });
});
