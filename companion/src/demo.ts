/**
 * `pnpm start`: the whole product offline. Starts the Cloudflare, Azure and Route 53 simulators on loopback,
 * seeds them, and starts the companion pointed at them (through the same configuration a real run
 * uses). Prints what to paste where. Real providers: `pnpm companion`.
 */
import './memory';
import { buildApp } from './app';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { listenOnEvery, type Held } from './http/listen';
import type { CodeNotice } from './pairing/codes';
import { pairingCodeLines } from './pairing/notice';
import { terminalLogStream } from './log-lines';
import { listenToKeys } from './terminal-keys';
import { seedOnboardedZone, sourceZoneFile } from './sandbox/cloudflare/onboarding';
import { startSeededCloudflareSimulator } from './sandbox/cloudflare/seed';
import { seedAzureDemo, SIMULATOR_CERT, startAzureSimulator } from './sandbox/azure/index';
import { bannerLines, cliEnvironment, exportLines, type SandboxFacts } from './sandbox/banner';
import { seedRoute53Demo, startRoute53Simulator } from './sandbox/route53/index';
import { startDemoResolver } from './sandbox/doh/index';
import { seedCtDemo, startCtSimulator } from './sandbox/ct/index';
import { DEMO_DOMAIN } from './sandbox/doh/demo-zone';

// The sandbox's identity stays in the repository's .tmp/ (git-ignored), out of the user's home,
// and survives restarts so the browser stays paired; DNSFERRY_HOME still wins.
const sandboxHome = fileURLToPath(new URL('../../.tmp/sandbox-home', import.meta.url));
const env = loadConfig(process.env, { fallbackHome: sandboxHome });
const { sim: cloudflare, seed } = await startSeededCloudflareSimulator({ latencyMs: 25 });
// An existing zone with a record already there, so "already exists" shows up in the demo.
const existing = cloudflare.addZone({ accountId: seed.accountId, name: 'example.org' });
cloudflare.addRecord(existing.id, { type: 'A', name: 'www.example.org', content: '192.0.2.80', ttl: 300 });
// One as the dashboard's onboarding leaves it (web hosts proxied, TTL automatic, and its traps), so conflicts show up.
const onboarded = seedOnboardedZone(cloudflare, { accountId: seed.accountId, name: 'onboarded.example' });
// Another account a zone is moved from ("Old Agency"): its web hosts proxied, one comment, its own read token.
const agency = cloudflare.addAccount({ name: 'Old Agency' });
const agencyToken = cloudflare.addToken({ value: 'sandboxOldAgencyToken0000000000000000004', accountIds: [agency.id] });
const agencyZone = cloudflare.addZone({ accountId: agency.id, name: 'agency-moved.example' });
for (const rec of [
  { type: 'A', name: 'agency-moved.example', content: '192.0.2.60', ttl: 1, proxied: true },
  { type: 'CNAME', name: 'www.agency-moved.example', content: 'agency-moved.example', ttl: 1, proxied: true },
  { type: 'MX', name: 'agency-moved.example', content: 'mail.agency-moved.example', priority: 10, ttl: 3600 },
  { type: 'A', name: 'mail.agency-moved.example', content: '192.0.2.61', ttl: 3600, comment: 'kept DNS only: mail' },
])
  cloudflare.addRecord(agencyZone.id, rec);
const azure = await startAzureSimulator();
const azureDemo = seedAzureDemo(azure);
const route53 = await startRoute53Simulator();
const route53Demo = seedRoute53Demo(route53);
const resolver = await startDemoResolver();
// The certificate logs a deep scan asks: names of the demo zone, one only they reveal, one retired.
const ct = await startCtSimulator();
const ctDemo = seedCtDemo(ct, DEMO_DOMAIN);
// What the parents of the simulator's zones say (their NS and DS), for the cutover check; the rest goes to the resolver.
const parentResolver = await cloudflare.startParentResolver(resolver?.url ?? null);

const config = {
  ...env,
  cloudflareApi: cloudflare.url,
  azureAuthority: azure.authorityUrl,
  azureArm: azure.armUrl,
  awsRoute53: route53.url,
  dohUrl: parentResolver.url,
  ctUrl: ct.url,
  // The cutover check asks the simulator's name servers for what the assigned ones would answer.
  targetNs: env.targetNs ?? { host: cloudflare.dns.host, port: cloudflare.dns.port },
};
// The first code is shown in the banner, once every address is held; later ones (expired, used up) as they come.
const pairingCode: { first: CodeNotice | null; bannerShown: boolean } = { first: null, bannerShown: false };
let newCode = (): void => undefined;
const logStream = terminalLogStream(config.logFormat);
const app = buildApp(config, {
  fetch: azure.fetch,
  onPairingCode: (notice) => {
    if (pairingCode.bannerShown) process.stdout.write(pairingCodeLines(notice));
    else pairingCode.first = notice;
  },
  askForCodes: (issue) => (newCode = issue),
  ...(logStream ? { logStream } : {}),
});
let held: Held;
try {
  held = await listenOnEvery(app, config.host, config.port);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message} — nothing was started; no pairing code was printed\n`);
  process.exit(1);
}
const base = `http://${held.addresses[0] ?? ''}`;

const sp = azureDemo.servicePrincipal;
const mirrorDryRun = JSON.stringify({
  targetToken: seed.token,
  targetAccountId: seed.accountId,
  dryRun: true,
  mode: 'mirror',
  zones: [{ name: onboarded.name, zoneFile: sourceZoneFile(onboarded.name) }],
});
const awsKeys = { provider: 'route53', accessKeyId: route53Demo.keys.accessKeyId, secretAccessKey: route53Demo.keys.secretAccessKey };
const route53Migrate = JSON.stringify({
  targetToken: seed.token,
  targetAccountId: seed.accountId,
  dryRun: true,
  source: awsKeys,
  zones: [{ name: route53Demo.zone.name.replace(/\.$/, ''), hostedZoneId: route53Demo.zone.id }],
});
// Beside the identity: the files the printed lines name (the simulator's certificate, the exports, a zone file).
const home = config.home ?? sandboxHome;
mkdirSync(home, { recursive: true });
const caFile = join(home, 'azure-simulator.pem');
writeFileSync(caFile, SIMULATOR_CERT);
// The source of the onboarded zone, for the command line's dry run that the banner suggests.
const onboardedZoneFile = join(home, `${onboarded.name}.zone`);
writeFileSync(onboardedZoneFile, sourceZoneFile(onboarded.name));
const facts: SandboxFacts = {
  companion: base,
  cloudflare: { api: cloudflare.url, token: seed.token, accountId: seed.accountId, accountName: 'Sandbox Account' },
  targetNs: `${config.targetNs.host}:${config.targetNs.port}`,
  dohUrl: config.dohUrl,
  onboardedZone: onboarded.name,
  onboardedZoneFile,
  agency: { zone: agencyZone.name, token: agencyToken },
  azure: {
    authority: azure.authorityUrl,
    arm: azure.armUrl,
    caFile,
    tenantId: sp.tenantId,
    clientId: sp.clientId,
    clientSecret: sp.clientSecret,
    bearerToken: azureDemo.bearerToken.sourceToken,
    subscription: azureDemo.subscriptions[0]
      ? { id: azureDemo.subscriptions[0].subscriptionId, name: azureDemo.subscriptions[0].displayName }
      : null,
  },
  route53: {
    endpoint: route53.url,
    accessKeyId: route53Demo.keys.accessKeyId,
    secretAccessKey: route53Demo.keys.secretAccessKey,
    zone: { name: route53Demo.zone.name.replace(/\.$/, ''), id: route53Demo.zone.id },
  },
  scanDomains: resolver?.domains ?? null,
  certificateLogs: { url: ct.url, certificates: ctDemo.certificates, domain: DEMO_DOMAIN },
  curl: [
    `curl -s ${base}/api/target/validate -H 'content-type: application/json' -d '{"targetToken":"${seed.token}"}'`,
    `curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '{"targetToken":"${seed.token}","targetAccountId":"${seed.accountId}","zones":[{"name":"example.net","records":[{"type":"A","name":"www","content":"192.0.2.1","ttl":300},{"type":"MX","name":"@","content":"mail.example.net","priority":10,"ttl":3600}]}]}'`,
    `curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '${mirrorDryRun}'`,
    `curl -s ${base}/api/source/zones -H 'content-type: application/json' -d '${JSON.stringify(awsKeys)}'`,
    `curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '${route53Migrate}'`,
    `curl -sN ${base}/api/cutover/check -H 'content-type: application/json' -d '{"targetToken":"${seed.token}","targetAccountId":"${seed.accountId}","zones":[{"name":"example.net"}],"requestActivation":true}'`,
    ...(resolver ? [`curl -sN ${base}/api/dns/scan -H 'content-type: application/json' -d '{"domain":"${resolver.domains[0]}"}'`] : []),
  ],
  envFile: join(home, 'sandbox.env'),
};
writeFileSync(facts.envFile, `${exportLines(cliEnvironment(facts)).join('\n')}\n`);

let stopping = false;
const stop = () => {
  // A second Ctrl+C while the simulators close: leave at once.
  if (stopping) process.exit(0);
  stopping = true;
  process.stdout.write('Stopping the sandbox…\n');
  void Promise.allSettled([app.close(), cloudflare.close(), azure.close(), route53.close(), ct.close(), resolver?.close()]).then(() =>
    process.exit(0),
  );
};
// Ctrl+C read as a key (terminal-keys.ts): pnpm and npx above this process then exit 0 with it.
// Listening before the banner says "Stop with Ctrl+C", so the key is never a signal to the shells above.
listenToKeys(process.stdin, { enter: () => newCode(), stop });
process.on('SIGUSR2', () => newCode());
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const lines = [...bannerLines(facts), ...(pairingCode.first ? [pairingCodeLines(pairingCode.first).trim()] : []), 'Stop with Ctrl+C.', ''];
process.stdout.write(lines.join('\n') + '\n');
pairingCode.bannerShown = true;
