/**
 * What `pnpm start` prints once the sandbox is up: what to paste where, for the popup, the command
 * line and curl. Plain data in, lines out, so the wording is tested without starting anything.
 */

/** Everything the sandbox started and seeded that a person types or pastes somewhere. */
export interface SandboxFacts {
  companion: string;
  cloudflare: { api: string; token: string; accountId: string; accountName: string };
  /** Where the cutover check asks the target's name servers (`host:port`), and the parents' resolver. */
  targetNs: string;
  dohUrl: string;
  onboardedZone: string;
  /** Its source, as a zone file. */
  onboardedZoneFile: string;
  agency: { zone: string; token: string };
  azure: {
    authority: string;
    arm: string;
    /** A file holding the simulator's certificate, for NODE_EXTRA_CA_CERTS. */
    caFile: string;
    tenantId: string;
    clientId: string;
    clientSecret: string;
    bearerToken: string;
    subscription: { id: string; name: string } | null;
  };
  route53: { endpoint: string; accessKeyId: string; secretAccessKey: string; zone: { name: string; id: string } };
  /** The domains the local DoH resolver serves; null when unbound and dnsdist are not installed. */
  scanDomains: string[] | null;
  /** The local crt.sh the deep scan asks for names seen in certificates. */
  certificateLogs: { url: string; certificates: number; domain: string };
  /** Ready-to-run curl lines against the companion. */
  curl: string[];
  /** The file the `export` lines are also written to. */
  envFile: string;
}

/**
 * The variables that point `dnsferry` at the sandbox: the DNSFERRY_* base URLs (as the companion
 * reads them) and the credentials it reads from the environment, under the names the providers'
 * own tools use.
 */
export function cliEnvironment(f: SandboxFacts): Array<[string, string]> {
  return [
    ['DNSFERRY_CLOUDFLARE_API', f.cloudflare.api],
    ['DNSFERRY_AZURE_AUTHORITY', f.azure.authority],
    ['DNSFERRY_AZURE_ARM', f.azure.arm],
    ['DNSFERRY_AWS_ROUTE53_ENDPOINT', f.route53.endpoint],
    ['DNSFERRY_DOH_URL', f.dohUrl],
    ['DNSFERRY_CT_URL', f.certificateLogs.url],
    ['DNSFERRY_TARGET_NS', f.targetNs],
    // The simulated Entra ID serves TLS with a certificate of its own (Azure's SDK takes only https).
    ['NODE_EXTRA_CA_CERTS', f.azure.caFile],
    ['CLOUDFLARE_API_TOKEN', f.cloudflare.token],
    ['CLOUDFLARE_ACCOUNT_ID', f.cloudflare.accountId],
    ['CLOUDFLARE_SOURCE_API_TOKEN', f.agency.token],
    ['AZURE_TENANT_ID', f.azure.tenantId],
    ['AZURE_CLIENT_ID', f.azure.clientId],
    ['AZURE_CLIENT_SECRET', f.azure.clientSecret],
    ['AWS_ACCESS_KEY_ID', f.route53.accessKeyId],
    ['AWS_SECRET_ACCESS_KEY', f.route53.secretAccessKey],
  ];
}

/** A value as a POSIX shell reads it back unchanged: bare when safe, else in single quotes. */
export function shellWord(value: string): string {
  return /^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function exportLines(vars: Array<[string, string]>): string[] {
  return vars.map(([key, value]) => `export ${key}=${shellWord(value)}`);
}

/** The banner, without the pairing code (printed last, below it, where it stays in sight). */
export function bannerLines(f: SandboxFacts): string[] {
  const az = f.azure;
  return [
    '',
    'dnsferry sandbox is running. Every service below is simulated on this machine.',
    '',
    `Companion   ${f.companion}`,
    '',
    'In the popup',
    `  Cloudflare API token   ${f.cloudflare.token}`,
    `                         account "${f.cloudflare.accountName}"`,
    f.scanDomains
      ? `  Scan a domain          ${f.scanDomains.join(', ')}`
      : '  Scan a domain          unavailable: apt-get install unbound dnsdist for a local resolver',
    `  Certificate logs       a local crt.sh: ${f.certificateLogs.certificates} certificates of ${f.certificateLogs.domain},`,
    '                         one name no longer in DNS',
    `  Azure                  tenant ${az.tenantId}`,
    `    (service principal)  client ${az.clientId}`,
    `                         secret ${az.clientSecret}`,
    ...(az.subscription ? [`                         subscription ${az.subscription.id}`] : []),
    `  Route 53               access key id ${f.route53.accessKeyId}`,
    `                         secret ${f.route53.secretAccessKey}`,
    `                         hosted zone ${f.route53.zone.name}: aliases and a weighted pair`,
    `  Another account        token ${f.agency.token}`,
    `                         moves ${f.agency.zone} (proxied web hosts)`,
    `  Conflicts              ${f.onboardedZone} is already at the target, as the`,
    "                         dashboard's quick scan leaves a zone (proxied web",
    '                         hosts, a stale www, an old SPF policy)',
    '',
    `From the command line (paste these, or: . ${shellWord(f.envFile)})`,
    ...exportLines(cliEnvironment(f)).map((l) => `  ${l}`),
    '  dnsferry accounts',
    ...(az.subscription ? [`  dnsferry zones --azure ${az.subscription.id}`] : []),
    `  dnsferry migrate ${f.onboardedZone} --zone-file ${shellWord(f.onboardedZoneFile)} --mode mirror --dry-run`,
    '',
    'Through the HTTP API',
    ...f.curl.map((l) => `  ${l}`),
    '',
    'The browser extension: load extension/.output/chrome-mv3 in chrome://extensions',
    '(developer mode, Load unpacked); README.md says how for Firefox and from a zip.',
    `Azure's bearer-token sign-in, for the popup: ${az.bearerToken}`,
    '',
  ];
}
