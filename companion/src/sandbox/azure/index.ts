/** The Azure simulator (Entra ID + ARM); imported only by tests and the offline demo. */
export { startAzureSimulator, type AzureSimulator, type AzureSimulatorOptions, type SimRequest } from './simulator';
export { seedAzureDemo, type AzureDemo } from './demo-seed';
export { trustingFetch, SIMULATOR_CERT } from './tls';
export type { RecordSetInput, ZoneRef } from './state';
export type { ArmFaults } from './arm';
