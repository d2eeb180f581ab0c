import { z } from 'zod';
import { ZoneNameSchema } from '../names';

export const ScanRequestSchema = z.object({
  domain: ZoneNameSchema,
  /** Ask the domain's own name servers for a zone transfer first (self-hosted servers sometimes allow it). */
  transfer: z.boolean({ error: 'transfer is true or false' }).optional(),
});
export type ScanRequest = z.infer<typeof ScanRequestSchema>;
