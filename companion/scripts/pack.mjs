// `pnpm package` (part of it): the command line as an npm package, `dist/dnsferry-<version>.tgz`.
// The package is the bundle and nothing else: every dependency is inside it, so its package.json
// lists none, `npm install -g ./dnsferry-<version>.tgz` needs neither the registry nor pnpm nor a
// clone, and `dnsferry` then runs the same code as `pnpm dnsferry`. Written from a temporary folder
// of its own because the workspace's package.json names workspace links that mean nothing outside
// the repository (and so two packings, or a build of dist/, never share files).
//
//   node companion/scripts/pack.mjs [OUTDIR]    (default: dist/ at the repository's root)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPANION, bundle } from './bundle.mjs';

const root = join(COMPANION, '..');

/** Bundles the command line and packs it into `outdir`; resolves to the tarball's path. */
export async function packCompanion(outdir) {
  const staging = mkdtempSync(join(tmpdir(), 'dnsferry-package-'));
  try {
    return await packFrom(staging, outdir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function packFrom(staging, outdir) {
  const workspace = JSON.parse(readFileSync(join(COMPANION, 'package.json'), 'utf8'));
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines;

  // No source maps: they would triple the download for stack traces a user never reads.
  await bundle({ outdir: staging, entryPoints: { dnsferry: 'src/cli/main.ts' }, sourcemap: false });
  const manifest = {
    name: 'dnsferry',
    version: workspace.version,
    description:
      'Move DNS zones into Cloudflare without losing a record: the command line and the companion of the dnsferry browser extension.',
    keywords: ['dns', 'cloudflare', 'migration', 'azure-dns', 'route53', 'zone-file', 'axfr'],
    type: 'module',
    bin: { dnsferry: 'dnsferry.mjs' },
    engines,
    files: ['*.mjs', 'README.md'],
  };
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(staging, 'README.md'),
    `# dnsferry

Move DNS zones into Cloudflare without losing a record, from a zone file, a list of records, Azure DNS,
Route 53, a zone transfer, another Cloudflare account or a DNS scan. This package is the command line
and the companion service of the dnsferry browser extension, bundled: it installs nothing else.

\`\`\`sh
npm install -g ./dnsferry-${workspace.version}.tgz   # or, once published: npm install -g dnsferry
export CLOUDFLARE_API_TOKEN=…                # a token with Zone:Edit and DNS:Edit
dnsferry migrate example.com --zone-file example.com.zone --dry-run
dnsferry serve                               # the companion the browser extension talks to
\`\`\`

\`dnsferry --help\` lists the commands; \`dnsferry COMMAND --help\` explains one, with an example.
Node.js ${engines.node} is all it needs.
`,
  );

  mkdirSync(outdir, { recursive: true });
  // --ignore-scripts: the package has none, and a user's npm configuration must not add any.
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outdir], {
      cwd: staging,
      encoding: 'utf8',
      env: withoutNpmConfig(process.env),
    }),
  );
  return join(outdir, packed.filename);
}

/** The environment without what pnpm or npm set for a script they run (npm warns about pnpm's settings). */
function withoutNpmConfig(env) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !/^npm_/i.test(key)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${await packCompanion(resolve(process.argv[2] ?? join(root, 'dist')))}\n`);
}
