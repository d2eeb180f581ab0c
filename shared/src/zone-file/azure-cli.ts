import type { LineIssue, ZoneEntry, ZoneNote } from './schema';

/**
 * What `az network dns zone export` (Azure/azure-cli, network/custom.py `export_zone` and
 * zone_file/record_processors.py) writes beyond BIND's format:
 * - a header comment `; Exported zone file from Azure DNS` naming the resource group;
 * - an alias record set (since mid-2022) as `name TTL AZURE ALIAS <A|AAAA|CNAME> <target resource id>`;
 * - an A, AAAA or CNAME record set without records as the type with no value (`name 3600 IN A `),
 *   which is also how versions before mid-2022 wrote an alias record set;
 * - a NAPTR with an empty regexp with the word `EMPTY` in its place.
 */

/** Whether the text is an export of the Azure CLI (or the Azure portal, which writes the same header). */
export function azureExport(text: string): { resourceGroup?: string } | null {
  const head = text.slice(0, 1000);
  if (!/^[ \t]*;[ \t]*Exported zone file from Azure DNS/m.test(head)) return null;
  const resourceGroup = /^[ \t]*;[ \t]*Resource Group Name:[ \t]*(\S+)/m.exec(head)?.[1];
  return resourceGroup === undefined ? {} : { resourceGroup };
}

/** An `AZURE ALIAS` line read: the alias's type and target resource id, or why it cannot be read. */
export function azureAlias(entry: ZoneEntry): { ok: true; type: string; targetId: string } | { ok: false; message: string } {
  const [alias, type = '', targetId, ...rest] = entry.rdata.split(' ');
  if (alias?.toUpperCase() !== 'ALIAS' || targetId === undefined || rest.length > 0 || !/^(?:A|AAAA|CNAME)$/i.test(type)) {
    return {
      ok: false,
      message:
        'an AZURE ALIAS line (az network dns zone export) is `name TTL AZURE ALIAS <A|AAAA|CNAME> <target resource id>`; this one is not',
    };
  }
  return { ok: true, type: type.toUpperCase(), targetId };
}

/** A NAPTR whose regexp the export wrote as `EMPTY`: the empty regexp it stands for, with a note. */
export function naptrEmptyRegexp(entry: ZoneEntry): { entry: ZoneEntry; note: ZoneNote } | null {
  const fields = entry.rdata.split(' ');
  if (entry.type !== 'NAPTR' || fields.length !== 6 || !/^"?EMPTY"?$/.test(fields[4] ?? '')) return null;
  fields[4] = '""';
  return {
    entry: { ...entry, rdata: fields.join(' ') },
    note: { line: entry.line, message: 'the regexp "EMPTY" is how the Azure CLI writes an empty one: read as ""' },
  };
}

/** The reader's issue for a type without a value, said as what it is in an Azure export. */
export function explainEmptySet(issue: LineIssue): LineIssue {
  const m = /^\S*\s+(?:\d+\s+)?(?:IN\s+)?(A|AAAA|CNAME)$/i.exec(issue.text);
  if (!m?.[1]) return issue;
  return {
    ...issue,
    message: `an empty ${m[1].toUpperCase()} record set as the Azure CLI exports it: it answers nothing, or it is an alias record set that Azure CLI versions before mid-2022 exported without its target; nothing is copied: check the record set at Azure`,
  };
}
