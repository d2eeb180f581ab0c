/**
 * Real DNS software on loopback, for the scan tests, the bench and the offline demo: unbound serves
 * the given zones as an authoritative server, dnsdist puts RFC 8484 DNS-over-HTTPS in front.
 *
 *   httpsUrl   dnsdist, TLS, HTTP/1.1 + HTTP/2 (trust `caFile`, e.g. through NODE_EXTRA_CA_CERTS)
 *   httpUrl    dnsdist, plain HTTP/1.1 + h2c
 *   h2OnlyUrl  unbound's own DoH, TLS, HTTP/2 only
 *   dnsPort    unbound, plain DNS over UDP and TCP
 *
 * Ports are random free loopback ports, so parallel runs do not clash. unbound refuses every name
 * outside its zones and may not send a query anywhere, so nothing leaves loopback.
 *
 * With `stubs`, unbound is also a resolver for other zones, served by another server on loopback
 * (BIND's named): it asks that server, caches and, given the zone's trust anchor, validates, as a
 * public resolver does; its queries may go to 127.0.0.0/8 only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A zone to serve: its name and its zone-file text (the first zone is dnsdist's health check). */
export interface ServedZone {
  name: string;
  text: string;
}

/** A zone another server on loopback serves, which unbound resolves (and validates, with a trust anchor: a DS or DNSKEY line). */
export interface StubZone {
  name: string;
  port: number;
  trustAnchor?: string;
}

/** Every IPv4 address but 127.0.0.0/8, which unbound may not ask (the stub zones' servers are on loopback). */
const OFF_LOOPBACK = ['0.0.0.0/2', '64.0.0.0/3', '96.0.0.0/4', '112.0.0.0/5', '120.0.0.0/6', '124.0.0.0/7', '126.0.0.0/8', '128.0.0.0/1'];

/** Config templates; startDohServer fills in the {{...}} placeholders. */
const TEMPLATES = {
  unbound: `# unbound (Debian 12: 1.17) as the authoritative server of the test zones.
# Plain DNS on {{DNS_PORT}} (dnsdist's backend), native DoH on {{H2_PORT}} (HTTP/2 only, TLS).
server:
    username: ""
    chroot: ""
    directory: "{{RUN}}"
    pidfile: ""
    use-syslog: no
    logfile: ""
    verbosity: 1
    num-threads: 1
    do-ip6: no
    # keep records in zone-file order, so answers are the same on every run
    rrset-roundrobin: no
    interface: 127.0.0.1@{{DNS_PORT}}
    interface: 127.0.0.1@{{H2_PORT}}
    https-port: {{H2_PORT}}
    http-endpoint: "/dns-query"
    tls-service-key: "{{RUN}}/server.key"
    tls-service-pem: "{{RUN}}/server.pem"
    access-control: 127.0.0.0/8 allow
    module-config: "{{MODULES}}"
    # Never recurse: a name outside the test zones is REFUSED, so no query leaves loopback.
    local-zone: "." refuse
{{DO_NOT_QUERY}}
    do-not-query-address: ::/0
{{LOCAL_ZONES}}
{{AUTH_ZONES}}
{{STUB_ZONES}}
`,
  dnsdist: `-- dnsdist (Debian 12: 1.7) as the DoH front end (RFC 8484), forwarding to unbound on loopback.
setSecurityPollSuffix("")   -- no security-status lookup: it would leave the machine
setACL({"127.0.0.0/8"})
newServer({address="127.0.0.1:{{DNS_PORT}}", name="unbound", checkName="{{ZONE}}.", checkType="SOA"})
-- TLS (HTTP/1.1 and HTTP/2), and plain HTTP (HTTP/1.1 and h2c) when no certificate is given
addDOHLocal("127.0.0.1:{{HTTPS_PORT}}", "{{RUN}}/server.pem", "{{RUN}}/server.key", "/dns-query")
addDOHLocal("127.0.0.1:{{HTTP_PORT}}", nil, nil, "/dns-query")
`,
};

export interface DohEndpoints {
  httpsUrl: string;
  httpUrl: string;
  h2OnlyUrl: string;
  dnsPort: number;
  caFile: string;
  runDir: string;
}

export interface DohServer extends DohEndpoints {
  /** A plain function (no `this`), so callers may take it out of the object. */
  stop: () => Promise<void>;
}

const BINARIES = ['unbound', 'unbound-checkconf', 'dnsdist', 'openssl'];

export async function startDohServer(zones: ServedZone[], stubs: StubZone[] = []): Promise<DohServer> {
  const absent = BINARIES.filter((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0);
  if (absent.length > 0) {
    throw new Error(`a local DNS-over-HTTPS server needs ${absent.join(', ')}: apt-get install -y unbound dnsdist openssl (.ci/run does)`);
  }
  const runDir = mkdtempSync(join(tmpdir(), 'dnsferry-dns-'));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // if the test run ends without stop() (a crash, a forced exit), leave neither daemons nor files
  const onExit = () => {
    killAll();
    rmSync(runDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  try {
    const [httpsPort, httpPort, h2Port, dnsPort] = (await freePorts(4)) as [number, number, number, number];
    makeCertificates(runDir);
    const vars: Record<string, string> = {
      RUN: runDir,
      ZONE: zones[0]?.name ?? stubs[0]?.name ?? '',
      DNS_PORT: String(dnsPort),
      H2_PORT: String(h2Port),
      HTTPS_PORT: String(httpsPort),
      HTTP_PORT: String(httpPort),
      // unbound blocks the reserved .test TLD by default; each zone gets its own local-zone
      LOCAL_ZONES: [...zones, ...stubs].map((z) => `    local-zone: "${z.name}." transparent`).join('\n'),
      MODULES: stubs.some((z) => z.trustAnchor) ? 'validator iterator' : 'iterator',
      DO_NOT_QUERY:
        stubs.length === 0
          ? '    do-not-query-address: 0.0.0.0/0'
          : ['    do-not-query-localhost: no', ...OFF_LOOPBACK.map((a) => `    do-not-query-address: ${a}`)].join('\n'),
      STUB_ZONES: stubs
        .map((z) =>
          [
            ...(z.trustAnchor ? [`server:\n    trust-anchor: "${z.trustAnchor.replace(/\s+/g, ' ').trim()}"`] : []),
            'stub-zone:',
            `    name: "${z.name}."`,
            `    stub-addr: 127.0.0.1@${z.port}`,
          ].join('\n'),
        )
        .join('\n'),
      AUTH_ZONES: zones
        .map(({ name: z, text }) => {
          writeFileSync(join(runDir, `${z}.zone`), text);
          return [
            'auth-zone:',
            `    name: "${z}."`,
            `    zonefile: "${runDir}/${z}.zone"`,
            '    for-downstream: yes',
            '    for-upstream: no',
            '    fallback-enabled: no',
          ].join('\n');
        })
        .join('\n'),
    };
    for (const [name, template] of Object.entries(TEMPLATES)) {
      writeFileSync(
        join(runDir, `${name}.conf`),
        template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => vars[k] ?? `{{${k}}}`),
      );
    }
    const check = spawnSync('unbound-checkconf', [join(runDir, 'unbound.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`unbound-checkconf: ${check.stderr || check.stdout}`);

    children.push(daemon(runDir, 'unbound', ['-d', '-c', join(runDir, 'unbound.conf')]));
    await waitFor('unbound', children[0], () => udpSoaAnswers(dnsPort, vars.ZONE ?? ''));
    children.push(daemon(runDir, 'dnsdist', ['--supervised', '--disable-syslog', '-C', join(runDir, 'dnsdist.conf')]));
    const httpUrl = `http://127.0.0.1:${httpPort}/dns-query`;
    await waitFor('dnsdist', children[1], () => dohSoaAnswers(httpUrl, vars.ZONE ?? ''));

    return {
      httpsUrl: `https://127.0.0.1:${httpsPort}/dns-query`,
      httpUrl,
      h2OnlyUrl: `https://127.0.0.1:${h2Port}/dns-query`,
      dnsPort,
      caFile: join(runDir, 'ca.pem'),
      runDir,
      async stop() {
        await Promise.all(children.map(stopChild));
        process.removeListener('exit', onExit);
        rmSync(runDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    const logs = ['unbound', 'dnsdist'].map((n) => tail(join(runDir, `${n}.log`))).join('\n');
    killAll();
    process.removeListener('exit', onExit); // keep the files: the message points to them
    throw new Error(`could not start the test DNS server (files kept in ${runDir}): ${(err as Error).message}\n${logs}`, { cause: err });
  }
}

function daemon(runDir: string, command: string, args: string[]): ChildProcess {
  const log = openSync(join(runDir, `${command}.log`), 'a');
  const child = spawn(command, args, { stdio: ['ignore', log, log] });
  closeSync(log);
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitFor(name: string, child: ChildProcess | undefined, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (!child || child.exitCode !== null) throw new Error(`${name} exited with ${child?.exitCode}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${name} did not answer within 15 s`);
}

function makeCertificates(dir: string): void {
  const openssl = (args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...ec,
    '-days',
    '2',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/CN=dnsferry test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  ]);
  openssl(['req', ...ec, '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr']);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-out',
    'server.pem',
  ]);
}

/** Ports free for TCP and UDP on 127.0.0.1 (the OS picks them; released just before the daemons bind). */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
      });
    });
    if (port > 0 && (await udpFree(port))) ports.add(port);
  }
  return [...ports];
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createSocket('udp4');
    s.once('error', () => resolve(false));
    s.bind(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A DNS query for the SOA of `zone`, id 0, RD set: built by hand so this helper needs no DNS library. */
export function soaQuery(zone: string): Buffer {
  const labels = zone.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')]));
  return Buffer.concat([Buffer.from([0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]), ...labels, Buffer.from([0, 0, 6, 0, 1])]);
}

/** ANCOUNT ≥ 1 and RCODE 0 in a DNS reply. */
function answered(reply: Buffer): boolean {
  return reply.length >= 12 && (reply[3]! & 0x0f) === 0 && reply.readUInt16BE(6) >= 1;
}

function udpSoaAnswers(port: number, zone: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createSocket('udp4');
    const done = (ok: boolean) => {
      clearTimeout(timer);
      s.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 300);
    s.once('error', () => done(false));
    s.once('message', (msg) => done(answered(msg)));
    s.send(soaQuery(zone), port, '127.0.0.1');
  });
}

async function dohSoaAnswers(url: string, zone: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}?dns=${soaQuery(zone).toString('base64url')}`, {
      headers: { accept: 'application/dns-message' },
      signal: AbortSignal.timeout(1000),
    });
    return res.ok && answered(Buffer.from(await res.arrayBuffer()));
  } catch (err) {
    if (err instanceof Error) return false; // not listening yet
    throw err;
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch (err) {
    return `(${file}: ${(err as Error).message})`;
  }
}
