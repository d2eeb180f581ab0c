import type { Findings, RRset } from './findings';

/** The line reporting a record set the scan just found, if it is worth one (apex sets have their own lines). */
export function foundLine(findings: Findings, set: RRset): string | undefined {
  if (set.name.startsWith('*')) return `wildcard ${describeSet(set)}: names that only answer with it are not listed`;
  if (set.name !== '@' && findings.belongsToZone(set)) return `found ${describeSet(set)}`;
  if (findings.isGlue(set)) return `glue ${describeSet(set)}: an address of a delegated zone's server, kept by that zone, so not listed`;
  return undefined;
}

/** What the apex answered, SOA and NS included: those are reported, not migrated. */
export function apexLines(findings: Findings): string[] {
  const lines: string[] = [];
  for (const type of ['A', 'AAAA', 'MX', 'TXT', 'CAA']) {
    const set = findings.rrsets.get(`@|${type}`);
    if (set) lines.push(`apex ${describeSet(set)}`);
  }
  const soa = findings.rrsets.get('@|SOA');
  if (soa) lines.push(`apex ${describeSet(soa)} (for information: the target keeps its own SOA)`);
  const ns = findings.rrsets.get('@|NS');
  if (ns) lines.push(`apex ${describeSet(ns)} (for information: the target assigns its own name servers)`);
  if (!soa) lines.push(`no SOA at ${findings.zone}: it may not be a zone apex`);
  return lines;
}

/** `www CNAME dnsferry.test`, `apex A 192.0.2.1, 192.0.2.2`. */
export function describeSet(set: RRset): string {
  const data = [...set.answers.values()].map((a) => a.text).join(', ');
  const text = `${set.name === '@' ? '' : `${set.name} `}${set.type} ${data}`;
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}
