/** What `dnsferry --help` and `dnsferry COMMAND --help` print: what it does, its flags, and an example. */

const CREDENTIALS = `Credentials come from the environment, never from a flag (a command line shows in \`ps\` and in
the shell's history): CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID when the token has several
accounts); for Azure AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET; for Route 53 AWS_ACCESS_KEY_ID,
AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); for another Cloudflare account CLOUDFLARE_SOURCE_API_TOKEN; a
zone transfer's TSIG key from a file (--tsig-key). On a terminal, what is missing is asked for.`;

/** The flags that say where records come from (cli/sources.ts reads them), for migrate and check. */
const SOURCES_HELP = `Records come from one of:
  --zone-file FILE       a BIND zone file; - reads standard input (one per zone, in order)
  --table FILE           a records table copied from the DNS host's dashboard (a header row naming Type,
                         Name or Host, Value or Data, TTL…; cells split by tabs, commas or wide spaces);
                         - reads standard input (one per zone, in order)
  --records FILE.json    a JSON array of records, or { "records": [...] } as dnsferry scan --out writes
  --azure SUBSCRIPTION   Azure DNS (AZURE_* credentials); --resource-group RG to skip the search
  --route53              AWS Route 53 (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN)
  --axfr SERVER[:PORT]   a zone transfer from SERVER; --tsig-key FILE signs it with a key as tsig-keygen writes it
  --from-account         another Cloudflare account (CLOUDFLARE_SOURCE_API_TOKEN, the token of that account)`;

const OUTPUT = `On a terminal it draws progress; piped, or with --json, it writes the API's NDJSON events, one per line.`;

const EXITS = `Exit codes: 0 everything landed or was already there, 1 some records failed (the run finished),
2 usage or credentials, 3 the target or the source could not be reached.`;

export const HELP: Record<string, string> = {
  dnsferry: `dnsferry — migrate DNS zones into Cloudflare from zone files, record lists, Azure DNS, Route 53, a zone
transfer, another Cloudflare account or a DNS scan

Usage: dnsferry COMMAND [options]      (dnsferry COMMAND --help for each)

Commands:
  migrate ZONE…     copy a zone's records into Cloudflare (or plan it: --dry-run)
  undo UNDO.json    put zones back as they were before a migrate run
  check ZONE…       are the zones ready for the name server switch (the cutover check)
  scan DOMAIN       discover a public domain's records through DNS-over-HTTPS
  accounts          check the Cloudflare token and list its accounts
  zones             list the DNS zones of an Azure subscription or a Route 53 account
  serve             start the companion for the browser extension (as pnpm companion)

Example:
  export CLOUDFLARE_API_TOKEN=…
  dnsferry migrate example.com --zone-file example.com.zone

${CREDENTIALS}
Endpoints, limits and proxies come from the companion's DNSFERRY_* and HTTPS_PROXY/NO_PROXY variables.
${EXITS}`,

  migrate: `Usage: dnsferry migrate ZONE… [options]

Copies each zone's records into Cloudflare, creating the zone there when it is missing. Several zones
run side by side (DNSFERRY_CONCURRENCY). ${SOURCES_HELP}
Options:
  --dry-run              plan only: the same events and counts, nothing written
  --mode add|mirror      add (default) creates what is missing; mirror makes every RRset answer as the source says
  --prune                with --mode mirror: also remove RRsets the source does not have
  --force                with --mode mirror: go ahead when over 30 % of a zone would change
  --replace 'NAME TYPE'  this RRset answers as the source says (its other records removed); repeatable
  --keep 'NAME TYPE'     this RRset stays as the target holds it (the source's left out); repeatable
  --add 'NAME TYPE'      keep both: the source's records added beside the target's; repeatable
                         (RRsets not named follow --mode; a relative NAME applies to each zone, @ is the apex)
  --partial              when a zone's record quota cannot take every new record: write those that fit
  --account ID           the Cloudflare account (else CLOUDFLARE_ACCOUNT_ID, else the token's only one)
  --undo-file FILE       where the undo data goes (default: beside the zone file, or here)
  --json                 NDJSON events even on a terminal

Examples:
  dnsferry migrate example.com --zone-file example.com.zone
  dig AXFR example.com @ns1.oldhost.example | dnsferry migrate example.com --zone-file - --dry-run
  dnsferry migrate example.com example.org --azure 00000000-0000-0000-0000-000000000000 --mode mirror
  dnsferry migrate example.com --axfr ns1.oldhost.example --tsig-key transfer.key --dry-run
  dnsferry migrate example.com --route53 --mode mirror
  dnsferry migrate example.com --zone-file example.com.zone --replace 'www A' --replace '@ TXT' --dry-run

${OUTPUT}
${EXITS}`,

  undo: `Usage: dnsferry undo UNDO.json [--dry-run] [--delete-zone] [--account ID] [--json]

Puts the zones back as they were before the migrate run that wrote UNDO.json: removes what it created,
restores what it removed or changed. A record changed at Cloudflare since then is left as it is.
  --dry-run        plan only
  --delete-zone    also delete a zone the run created, when nothing else is left in it

Example:
  dnsferry undo example.com.undo-20260101T120000.json

${OUTPUT}
${EXITS}`,

  check: `Usage: dnsferry check ZONE… [a source, as for migrate] [--request-activation] [--json]

Asks Cloudflare's name servers for every record and compares the answers with the records (from the
source; without one, with what Cloudflare holds), then looks at the delegation and DNSSEC at the
parent. Says, per zone, whether it is ready for the name server switch. ${SOURCES_HELP}
  --request-activation   when the delegation points at Cloudflare already, ask it to check again

Example:
  dnsferry check example.com --zone-file example.com.zone

Exit codes: 0 every zone ready, 1 some zone not ready, 2 usage or credentials, 3 unreachable.`,

  scan: `Usage: dnsferry scan DOMAIN [--quick] [--no-ct] [--name NAME]... [--out FILE.json] [--json]

Discovers a public domain's records through DNS-over-HTTPS (DNSFERRY_DOH_URL). A deep scan (the
default) walks the zone when it is signed with NSEC, and otherwise guesses thousands of common names
and goes below those it finds (at most 20,000 questions); at the end it says what it could not see.
No credential needed.
  --quick           the apex, about 80 common names and what their answers point at
  --no-ct           a deep scan does not ask the certificate-log search (DNSFERRY_CT_URL, crt.sh)
  --name NAME       a name to ask for besides the guesses (internal-host, api.eu); repeat it, or
                    separate names with commas
  --out FILE.json   write the records found, for dnsferry migrate --records

Example:
  dnsferry scan example.com --out example.com.json && dnsferry migrate example.com --records example.com.json

Exit codes: 0 scanned, 1 the scan met errors, 2 usage, 3 the resolver could not be reached.`,

  accounts: `Usage: dnsferry accounts [--json]

Checks CLOUDFLARE_API_TOKEN and lists the accounts it can use (their ids go to --account).

Example:
  CLOUDFLARE_API_TOKEN=… dnsferry accounts

Exit codes: 0 the token works, 2 it was refused, 3 Cloudflare could not be reached.`,

  zones: `Usage: dnsferry zones --azure SUBSCRIPTION_ID | --route53 [--json]

Lists the public DNS zones of an Azure subscription (AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET)
or the public hosted zones of an AWS account (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).

Examples:
  dnsferry zones --azure 00000000-0000-0000-0000-000000000000
  dnsferry zones --route53

Exit codes: 0 listed, 2 usage or credentials refused, 3 the source could not be reached.`,

  serve: `Usage: dnsferry serve

Starts the companion the browser extension talks to (the same as pnpm companion), configured by the
DNSFERRY_* variables; it prints a pairing code for the extension. Ctrl-C stops it.

Example:
  DNSFERRY_PORT=8787 dnsferry serve`,
};
