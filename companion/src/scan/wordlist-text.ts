import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The text of the deep scan's wordlist: `dictionary/top_5000.txt` of the npm package subquest 1.5.3
 * (MIT, © 2013 Ahamed Nafeez), which its README says was taken from SecLists (MIT). Read from the
 * installed package here; the bundle (companion/build.mjs) holds the text itself, read at build
 * time, so the built companion needs neither the package nor the file.
 */
export const WORDLIST_PACKAGE = { name: 'subquest', version: '1.5.3', file: 'dictionary/top_5000.txt', licence: 'MIT' } as const;

export function wordlistText(): string {
  const path = createRequire(import.meta.url).resolve(`${WORDLIST_PACKAGE.name}/${WORDLIST_PACKAGE.file}`);
  return readFileSync(path, 'utf8');
}
