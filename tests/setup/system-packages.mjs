#!/usr/bin/env node
// The Debian packages the tests run, in one place: `pnpm test` runs this first, and .ci/run through it.
// Plain Node with no dependencies, so it works on a fresh clone before anything else is installed.
//
// Each package is checked by a program it installs, found the way the tests find it (on PATH, or at the
// path the e2e tests use). Missing ones are installed with apt-get when this process may (root, or sudo
// without a password) and DNSFERRY_NO_APT is unset; otherwise it stops with the one command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian package → the program the tests need from it. */
const PACKAGES = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  'firefox-esr': process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  unbound: 'unbound',
  dnsdist: 'dnsdist',
  openssl: 'openssl',
  curl: 'curl',
  'bind9-utils': 'named-compilezone',
  'bind9-dnsutils': 'dig',
  bind9: 'named',
};

const SBIN = ['/usr/sbin', '/sbin'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    // absent or not executable: either way the tests cannot run it
    return false;
  }
}

/** The program as a test would run it: a path as given, a bare name from PATH. */
function found(program) {
  if (program.includes('/')) return executable(program);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, program)));
}

const missingPackages = () => Object.keys(PACKAGES).filter((name) => !found(PACKAGES[name]));

/** The prefix that runs apt-get as root here, or null when this process may not. */
function aptRunner() {
  const forbidden = process.env.DNSFERRY_NO_APT;
  if (forbidden !== undefined && forbidden !== '' && forbidden !== '0') return null;
  if (!found('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo'] : null;
}

function run(argv) {
  const [cmd, ...args] = argv;
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) {
    console.error(`\n${argv.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

/** Debian installs unbound and named in /usr/sbin, which an ordinary user's PATH leaves out. */
function sbinHint(names) {
  const there = names.map((n) => PACKAGES[n]).filter((p) => !p.includes('/') && SBIN.some((d) => executable(join(d, p))));
  return there.length > 0
    ? `\n${there.join(', ')} ${there.length > 1 ? 'are' : 'is'} in /usr/sbin, which PATH leaves out: add it to PATH.`
    : '';
}

const missing = missingPackages();
if (missing.length === 0) process.exit(0);

const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
const programs = missing.map((n) => (PACKAGES[n] === n ? n : `${PACKAGES[n]} (${n})`)).join(', ');
const runner = aptRunner();
if (runner === null) {
  const why = process.env.DNSFERRY_NO_APT ? 'DNSFERRY_NO_APT is set' : 'this user may not run apt-get (not root, no password-less sudo)';
  console.error(`The tests need programs that are not installed: ${programs}. ${why}; install them with:\n`);
  console.error(`  ${process.getuid?.() === 0 ? '' : 'sudo '}${install.join(' ')}${sbinHint(missing)}`);
  process.exit(1);
}

console.error(`Installing the Debian packages the tests need: ${missing.join(' ')}`);
run([...runner, 'apt-get', 'update', '-qq']);
run([...runner, 'apt-get', 'install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', '--no-install-recommends', ...missing]);
const still = missingPackages();
if (still.length > 0) {
  console.error(
    `apt-get installed ${missing.join(' ')}, yet these programs are still not found: ${still.map((n) => PACKAGES[n]).join(', ')}.${sbinHint(still)}`,
  );
  process.exit(1);
}
