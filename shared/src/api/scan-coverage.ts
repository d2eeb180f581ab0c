import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The ways a scan finds names; every name found is counted under the first way that asked for it. */
export const SCAN_METHODS = ['guessed', 'walked', 'certificates', 'given', 'followed'] as const;
export type ScanMethod = (typeof SCAN_METHODS)[number];

/** How many of the names found (below the apex) each way found. */
export const ScanMethodsSchema = z.object({
  /** From the common names and, in a deep scan, the public wordlist and the names below names found. */
  guessed: count,
  /** Read from the zone's NSEC chain: exact, not guessed. */
  walked: count,
  /** Seen in Certificate Transparency logs, then found in the DNS. */
  certificates: count,
  /** Given in the request's `names` (the user's, the browser tab's). */
  given: count,
  /** Named by the zone's own records (SPF, MX, CNAME, SRV and NS targets). */
  followed: count,
});
export type ScanMethods = z.infer<typeof ScanMethodsSchema>;

/** The DNS host recognised from the zone's name servers, and the best way to read its zone in dnsferry. */
export const ScanHostSchema = z.object({ name: z.string(), advice: z.string() });
export type ScanHost = z.infer<typeof ScanHostSchema>;

/** What a scan saw and could not see: how complete its records are. */
export const ScanCoverageSchema = z.object({
  depth: z.enum(['quick', 'deep']),
  methods: ScanMethodsSchema,
  /** How the zone proves that a name does not exist: `nsec` (its names can be walked, unless the signer lies minimally), `nsec3` (hashed), `no` (unsigned). */
  signed: z.enum(['nsec', 'nsec3', 'no']),
  /** `complete`: the NSEC chain was followed all round, so every name of the zone was seen; `partial`: some of it; `none`: not walked. */
  walk: z.enum(['complete', 'partial', 'none']),
  /** Names seen in certificates that do not resolve: listed, never migrated. */
  certificateOnly: z.array(z.string()),
  /** Names that exist but whose names below were not found (`_domainkey` exists, no selector guessed). */
  hints: z.array(z.string()),
  host: ScanHostSchema.nullable(),
  /** Questions the scan asked, and the most it may ask. */
  questions: count,
  maxQuestions: count,
});
export type ScanCoverage = z.infer<typeof ScanCoverageSchema>;
