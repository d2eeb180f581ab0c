// `pnpm package`, once both extension zips are made (`wxt zip`, see the root package.json script): the
// installable files in dist/ at the repository's root — the command line and companion as an npm
// tarball, and the add-on for Chromium and for Firefox, with the sources zip Firefox's add-on review
// asks for. It sits with the companion's other build scripts (its tarball is made by pack.mjs here),
// so the repository's top level holds only the workspace's packages and their configuration.
import { copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packCompanion } from './pack.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const { version } = JSON.parse(readFileSync(join(root, 'extension', 'package.json'), 'utf8'));

rmSync(dist, { recursive: true, force: true });
const files = [await packCompanion(dist)];
for (const name of [`dnsferry-chrome-${version}.zip`, `dnsferry-firefox-${version}.zip`, `dnsferry-sources-${version}.zip`]) {
  copyFileSync(join(root, 'extension', '.output', name), join(dist, name));
  files.push(join(dist, name));
}
for (const file of files) process.stdout.write(`dist/${basename(file)}  ${(statSync(file).size / 1e6).toFixed(2)} MB\n`);
