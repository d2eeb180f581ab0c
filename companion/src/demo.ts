/**
 * `pnpm start`: the whole product offline. Starts the Cloudflare, Azure and Route 53 simulators on loopback,
 * seeds them, and starts the companion pointed at them (through the same configuration a real run
 * uses). Prints what to paste where. Real providers: `pnpm companion`.
 */
import './memory';
import { buildApp } from './app';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { listenOnEvery, type Held } from './http/listen';
import type { CodeNotice } from './pairing/codes';
import { pairingCodeLines } from './pairing/notice';
import { seedOnboardedZone, sourceZoneFile } from './sandbox/cloudflare/onboarding';
import { startSeededCloudflareSimulator } from './sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator } from './sandbox/azure/index';
import { seedRoute53Demo, startRoute53Simulator } from './sandbox/route53/index';
import { startDemoResolver } from './sandbox/doh/index';
import { seedCtDemo, startCtSimulator } from './sandbox/ct/index';
import { DEMO_DOMAIN } from './sandbox/doh/demo-zone';

// The sandbox's identity stays in the repository's .tmp/ (git-ignored), out of the user's home,
// and survives restarts so the browser stays paired; DNSFERRY_HOME still wins.
const env = loadConfig(process.env, { fallbackHome: fileURLToPath(new URL('../../.tmp/sandbox-home', import.meta.url)) });
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
const app = buildApp(config, {
  fetch: azure.fetch,
  onPairingCode: (notice) => {
    if (pairingCode.bannerShown) process.stdout.write(pairingCodeLines(notice));
    else pairingCode.first = notice;
  },
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
const lines = [
  '',
  'dnsferry sandbox is running — everything below is simulated on this machine.',
  '',
  `  Companion            ${base}`,
  `  Pairing code         ${pairingCode.first?.code ?? '-'}  (the popup asks for it once; valid 10 min, a new one is printed when needed)`,
  `  Target API token     ${seed.token}`,
  `  Target account       ${seed.accountId} (Sandbox Account)`,
  `  Onboarded zone       ${onboarded.name}, as the dashboard's quick scan left it: web hosts proxied, TTL auto, a stale www`,
  '                       address, the mail host proxied, an old SPF policy (the mirror dry run below replaces, updates and removes; without "mode" it lists the conflicts)',
  `  Another account      ${agencyZone.name} in "Old Agency", proxied; its token ${agencyToken} (popup: Another Cloudflare account)`,
  `  Azure (service principal)  tenantId ${sp.tenantId}`,
  `                             clientId ${sp.clientId}`,
  `                             clientSecret ${sp.clientSecret}`,
  `  Azure (bearer token)       ${azureDemo.bearerToken.sourceToken}`,
  `  Azure subscription   ${azureDemo.subscriptions[0]?.subscriptionId ?? '-'} (${azureDemo.subscriptions[0]?.displayName ?? ''})`,
  `  AWS Route 53         access key id ${route53Demo.keys.accessKeyId}`,
  `                       secret access key ${route53Demo.keys.secretAccessKey}`,
  `  Route 53 hosted zone ${route53Demo.zone.name.replace(/\.$/, '')} (${route53Demo.zone.id}): an alias to CloudFront, an alias in the zone, a weighted pair`,
  resolver
    ? `  DNS scan             try the domains ${resolver.domains.join(', ')} (served by a local DoH resolver)`
    : '  DNS scan             unavailable: install unbound and dnsdist (apt-get install unbound dnsdist) for a local resolver',
  `  Certificate logs     ${ct.url} (a local crt.sh: ${ctDemo.certificates} certificates of ${DEMO_DOMAIN}, one name no longer in DNS)`,
  '',
  'Try it:',
  `  curl -s ${base}/api/target/validate -H 'content-type: application/json' -d '{"targetToken":"${seed.token}"}'`,
  `  curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '{"targetToken":"${seed.token}","targetAccountId":"${seed.accountId}","zones":[{"name":"example.net","records":[{"type":"A","name":"www","content":"192.0.2.1","ttl":300},{"type":"MX","name":"@","content":"mail.example.net","priority":10,"ttl":3600}]}]}'`,
  `  curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '${mirrorDryRun}'`,
  `  curl -s ${base}/api/source/zones -H 'content-type: application/json' -d '${JSON.stringify(awsKeys)}'`,
  `  curl -sN ${base}/api/migrate -H 'content-type: application/json' -d '${route53Migrate}'`,
  `  curl -sN ${base}/api/cutover/check -H 'content-type: application/json' -d '{"targetToken":"${seed.token}","targetAccountId":"${seed.accountId}","zones":[{"name":"example.net"}],"requestActivation":true}'`,
  ...(resolver ? [`  curl -sN ${base}/api/dns/scan -H 'content-type: application/json' -d '{"domain":"${resolver.domains[0]}"}'`] : []),
  '',
  'Browser extension: load extension/.output/chrome-mv3 as an unpacked extension (chrome://extensions, developer mode),',
  'Firefox: pnpm -C extension build:firefox, then about:debugging → This Firefox → Load Temporary Add-on → extension/.output/firefox-mv3/manifest.json.',
  'Stop with Ctrl+C.',
  '',
];
process.stdout.write(lines.join('\n') + '\n');
pairingCode.bannerShown = true;

const stop = () => {
  void Promise.allSettled([app.close(), cloudflare.close(), azure.close(), route53.close(), ct.close(), resolver?.close()]).then(() =>
    process.exit(0),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
