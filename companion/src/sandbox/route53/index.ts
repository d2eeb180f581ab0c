/** The Route 53 simulator; imported only by tests and the offline demo. */
export { startRoute53Simulator, type Route53Simulator, type Route53Faults, type Route53Request } from './simulator';
export { seedRoute53Demo, type Route53Demo } from './demo-seed';
export type { RecordSetInput, SimKey, SimZone } from './state';
