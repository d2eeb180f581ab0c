import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '@dnsferry/shared';
import { PROVIDERS, TARGET, namedSource } from '@dnsferry/companion/providers/index';

const FOLDER = fileURLToPath(new URL('../../../companion/src/providers/', import.meta.url));
const folders = readdirSync(FOLDER).filter((name) => statSync(`${FOLDER}${name}`).isDirectory());

describe('the providers table', () => {
  it('has one row per folder under providers/, by the folder’s name, each with its descriptor and capabilities', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual(folders.sort());
    for (const name of folders) expect(readdirSync(`${FOLDER}${name}`)).toEqual(expect.arrayContaining(['index.ts', 'capabilities.ts']));
  });

  it('says of each provider what it can be, and states capabilities DNS allows', () => {
    for (const [name, p] of Object.entries(PROVIDERS)) {
      expect('source' in p || 'target' in p, name).toBe(true);
      expect(p.title, name).not.toBe('');
      const { types, proxiable, ttl } = p.capabilities;
      expect(types.length, name).toBeGreaterThan(0);
      expect(new Set(types).size, `${name}: a type stated twice`).toBe(types.length);
      expect(
        types.filter((t) => !RECORD_TYPES.includes(t)),
        name,
      ).toEqual([]);
      expect(
        proxiable.filter((t) => !types.includes(t)),
        name,
      ).toEqual([]);
      expect(ttl.min, name).toBeLessThanOrEqual(ttl.max);
    }
  });

  it('knows Cloudflare as the target and as a source (another account), the others as sources', () => {
    expect(Object.entries(PROVIDERS).flatMap(([name, p]) => ('target' in p ? [name] : []))).toEqual(['cloudflare']);
    expect(TARGET).toBe(PROVIDERS.cloudflare.target);
    // each reads the zones whose `from.kind` is its name
    expect(Object.entries(PROVIDERS).flatMap(([name, p]) => ('source' in p ? [name] : []))).toEqual([
      'cloudflare',
      'azure',
      'route53',
      'axfr',
    ]);
  });

  it('reads a request without a provider as Azure, as before `provider` existed', () => {
    expect(namedSource(undefined)).toBe(PROVIDERS.azure.source);
    expect(namedSource('azure')).toBe(PROVIDERS.azure.source);
    expect(namedSource('route53')).toBe(PROVIDERS.route53.source);
  });
});
