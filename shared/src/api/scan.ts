import { z } from 'zod';
import { ZoneNameSchema } from '../names';

export const ScanRequestSchema = z.object({ domain: ZoneNameSchema });
export type ScanRequest = z.infer<typeof ScanRequestSchema>;
