import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '@dnsferry/shared';
import { zipEntry, zipNames } from './zip-entry';

// The add-ons `pnpm package` writes to dist/ (the tests' own script runs it before Vitest; alone:
// `npx -y pnpm@10.34.9 package`): what a user drags into chrome://extensions or uploads to a store.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, 'extension/package.json'), 'utf8')) as { version: string };

function artefact(name: string): string {
  const path = join(root, 'dist', name);
  if (!existsSync(path)) throw new Error(`dist/${name} is missing: run npx -y pnpm@10.34.9 package first`);
  return path;
}

interface Manifest {
  manifest_version: number;
  name: string;
  version: string;
  key?: string;
  action?: { default_popup?: string };
  background?: { service_worker?: string; scripts?: string[] };
  options_ui?: { page?: string };
  icons?: Record<string, string>;
  browser_specific_settings?: { gecko?: { id?: string } };
}

function manifestOf(zip: string): Manifest {
  const text = zipEntry(zip, 'manifest.json');
  if (!text) throw new Error(`${zip} has no manifest.json`);
  return JSON.parse(text.toString('utf8')) as Manifest;
}

/** Every file the manifest names: the popup, the background, the options page, the icons. */
function named(m: Manifest): string[] {
  return [
    m.action?.default_popup,
    m.background?.service_worker,
    ...(m.background?.scripts ?? []),
    m.options_ui?.page,
    ...Object.values(m.icons ?? {}),
  ].filter((f): f is string => f !== undefined);
}

/** Chromium's id for a public key: the first 128 bits of SHA-256 of the key, each hex digit 0–f written a–p. */
function chromiumIdOf(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((d) => String.fromCharCode('a'.charCodeAt(0) + parseInt(d, 16))).join('');
}

describe('the add-on zips', () => {
  it('Chromium: dnsferry-chrome-<version>.zip, a manifest V3 whose key gives the id the companion answers', () => {
    const zip = artefact(`dnsferry-chrome-${version}.zip`);
    const m = manifestOf(zip);
    expect(m).toMatchObject({ manifest_version: 3, name: 'dnsferry', version });
    expect(m.key).toBeDefined();
    expect(chromiumIdOf(m.key ?? '')).toBe(EXTENSION_ID);
    expect(m.browser_specific_settings).toBeUndefined();
    expect(m.background?.service_worker).toBe('background.js');
    const names = zipNames(zip);
    expect(named(m).filter((f) => !names.includes(f))).toEqual([]);
  });

  it('Firefox: dnsferry-firefox-<version>.zip, a manifest V3 with its fixed add-on id', () => {
    const zip = artefact(`dnsferry-firefox-${version}.zip`);
    const m = manifestOf(zip);
    expect(m).toMatchObject({ manifest_version: 3, name: 'dnsferry', version });
    expect(m.browser_specific_settings?.gecko?.id).toBe('dnsferry@dnsferry.local');
    expect(m.key).toBeUndefined();
    expect(m.background?.scripts).toEqual(['background.js']);
    const names = zipNames(zip);
    expect(named(m).filter((f) => !names.includes(f))).toEqual([]);
  });

  it('the sources zip holds what the Firefox build reads, and nothing of the companion or the tests', () => {
    const names = zipNames(artefact(`dnsferry-sources-${version}.zip`));
    for (const file of [
      'package.json',
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'extension/package.json',
      'extension/wxt.config.ts',
      'shared/src/index.ts',
    ])
      expect(names).toContain(file);
    expect(names.filter((n) => /^(companion|tests|node_modules)\/|\/node_modules\/|\.output\//.test(n))).toEqual([]);
  });
});
