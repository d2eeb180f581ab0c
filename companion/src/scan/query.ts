/** The record types the scan asks for. */
export const QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA', 'NS', 'SOA', 'HTTPS', 'TLSA'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** One question of a scan; `wildcardOf` marks a random name below that parent, asked to find its wildcard. */
export type Query = { name: string; type: QueryType; wildcardOf?: string };
