import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The check `pnpm test` runs before anything else, run as a fresh machine would see it: a PATH holding only
// the programs a case gives it, and stand-ins for apt-get and sudo that record how they were called.

const SCRIPT = fileURLToPath(new URL('./system-packages.mjs', import.meta.url));
const PROGRAMS: Record<string, string> = {
  unbound: 'unbound',
  dnsdist: 'dnsdist',
  openssl: 'openssl',
  curl: 'curl',
  'bind9-utils': 'named-compilezone',
  'bind9-dnsutils': 'dig',
  bind9: 'named',
};

let dir = '';
let bin = '';
let staged = '';
let aptLog = '';

const script = (file: string, body: string) => {
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
};

/** Programs on the fake PATH (browsers at their own paths, as CHROMIUM_PATH / FIREFOX_PATH name them). */
function install(where: string, packages: string[]): void {
  for (const p of packages) script(join(where, p === 'chromium' || p === 'firefox-esr' ? p : PROGRAMS[p]!), 'exit 0');
}

/** apt-get that logs its arguments and, on install, puts every staged program on PATH. */
function fakeApt(fixes: boolean): void {
  script(join(bin, 'apt-get'), `echo "$*" >> ${aptLog}\n[ "$1" = install ] && ${fixes ? `/bin/cp ${staged}/* ${bin}/` : 'true'}\nexit 0`);
  script(join(bin, 'sudo'), `[ "$1" = -n ] && shift\n[ "$1" = true ] && exit 0\nexec "$@"`);
}

function check(env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [SCRIPT], {
    encoding: 'utf8',
    env: { PATH: bin, CHROMIUM_PATH: join(bin, 'chromium'), FIREFOX_PATH: join(bin, 'firefox-esr'), ...env },
  });
  return { status: r.status, stderr: r.stderr, apt: existsSync(aptLog) ? readFileSync(aptLog, 'utf8').trim().split('\n') : [] };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dnsferry-setup-'));
  bin = join(dir, 'bin');
  staged = join(dir, 'staged');
  aptLog = join(dir, 'apt.log');
  mkdirSync(bin);
  mkdirSync(staged);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tests/setup/system-packages.mjs', () => {
  it('says nothing and runs no apt-get when every program is there', () => {
    install(bin, ['chromium', 'firefox-esr', ...Object.keys(PROGRAMS)]);
    fakeApt(true);
    expect(check()).toEqual({ status: 0, stderr: '', apt: [] });
  });

  it('with DNSFERRY_NO_APT set, stops with the one apt-get line naming exactly the missing packages', () => {
    install(bin, ['chromium', 'openssl', 'curl', 'bind9-dnsutils']);
    fakeApt(true);
    const r = check({ DNSFERRY_NO_APT: '1' });
    expect(r.status).toBe(1);
    expect(r.apt).toEqual([]);
    const lines = r.stderr.split('\n').filter((l) => l.includes('apt-get install'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.trim()).toMatch(/^(sudo )?apt-get install -y --no-install-recommends firefox-esr unbound dnsdist bind9-utils bind9$/);
    expect(r.stderr).toContain('named-compilezone (bind9-utils)');
    expect(r.stderr).toContain('DNSFERRY_NO_APT is set');
  });

  it('when apt-get may run, installs exactly the missing packages after an update, then checks again', () => {
    install(bin, ['chromium', 'firefox-esr', 'unbound', 'dnsdist', 'openssl', 'curl', 'bind9-dnsutils']);
    install(staged, ['bind9-utils', 'bind9']);
    fakeApt(true);
    const r = check();
    expect(r.apt).toEqual(['update -qq', 'install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends bind9-utils bind9']);
    expect(r.status).toBe(0);
  });

  it('fails, naming the program, when apt-get ran but the program is still not found', () => {
    install(bin, ['chromium', 'firefox-esr', 'unbound', 'dnsdist', 'openssl', 'curl', 'bind9-utils', 'bind9']);
    fakeApt(false);
    const r = check();
    expect(r.apt).toHaveLength(2);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/still not found: dig\b/);
  });
});
