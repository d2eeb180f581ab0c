import { z } from 'zod';
import { controlCharacterProblem, isRelativeName, relativeName, toAsciiHostname, ZoneNameSchema } from '../names';

/** Names a scan request may add to the guesses (the user's, and those the browser tab showed). */
export const MAX_GIVEN_NAMES = 1000;

/** How hard a scan looks: `quick` asks the apex and about 80 common names; `deep` guesses from a public wordlist, walks NSEC chains and goes below the names it finds. */
export const ScanDepthSchema = z.enum(['quick', 'deep'], { error: 'depth is "quick" or "deep"' });
export type ScanDepth = z.infer<typeof ScanDepthSchema>;

const GivenNameSchema = z.string({ error: 'expected a host name' }).max(300, { error: 'a host name has at most 253 characters' });

export const ScanRequestSchema = z
  .object({
    domain: ZoneNameSchema,
    /** Ask the domain's own name servers for a zone transfer first (self-hosted servers sometimes allow it). */
    transfer: z.boolean({ error: 'transfer is true or false' }).optional(),
    /** `quick` (the default) or `deep`. */
    depth: ScanDepthSchema.optional(),
    /** A deep scan asks a certificate-log search (crt.sh) for names it has seen; `false` does not. */
    ct: z.boolean({ error: 'ct is true or false' }).optional(),
    /**
     * Names to probe besides the guesses, relative to the domain (`api.eu`) or absolute
     * (`api.eu.example.com`, with or without the trailing dot): each is asked like any candidate.
     */
    names: z
      .array(GivenNameSchema, { error: 'names is a list of host names' })
      .max(MAX_GIVEN_NAMES, { error: `names holds at most ${MAX_GIVEN_NAMES} names` })
      .optional(),
  })
  .transform((request, ctx) => {
    if (request.names === undefined) return request;
    const names = new Set<string>();
    request.names.forEach((given, i) => {
      const name = givenName(given, request.domain);
      if (typeof name === 'object') ctx.addIssue({ code: 'custom', path: ['names', i], message: name.problem });
      else if (name !== '@') names.add(name);
    });
    return { ...request, names: [...names] };
  });
export type ScanRequest = z.output<typeof ScanRequestSchema>;

/**
 * A given name relative to the domain (`@` for the domain itself), or why it cannot be probed. A
 * name is absolute when it ends with the domain or with a dot; otherwise it is relative to the domain.
 */
export function givenName(given: string, domain: string): string | { problem: string } {
  const shown = `"${given.slice(0, 80)}"`;
  const control = controlCharacterProblem(given);
  if (control) return { problem: `a name ${control}; remove it` };
  const ascii = toAsciiHostname(given);
  if (ascii === null) return { problem: `${shown} is not a host name` };
  const absolute = given.trim().endsWith('.') || ascii === domain || ascii.endsWith(`.${domain}`);
  const relative = absolute ? relativeName(ascii, domain) : ascii;
  if (relative === null) return { problem: `${shown} is not inside ${domain}` };
  if (relative === '@') return '@';
  if (relative.split('.').includes('*'))
    return { problem: `${shown} holds a *: give the names themselves, a wildcard cannot be asked for` };
  if (!isRelativeName(relative) || `${relative}.${domain}`.length > 253) return { problem: `${shown} is not a host name inside ${domain}` };
  return relative;
}
