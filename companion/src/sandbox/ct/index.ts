/** The certificate-log search simulator (crt.sh); imported only by tests and the offline demo. */
export { startCtSimulator, type CtCertificate, type CtEntry, type CtFaults, type CtRequest, type CtSimulator } from './simulator';
export { seedCtDemo } from './demo-seed';
