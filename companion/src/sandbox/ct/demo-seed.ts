import type { CtSimulator } from './simulator';

/**
 * The certificates the demo's log search knows for the demo zone, as a real shop's history would
 * leave them: names that still resolve, one only the logs reveal (`status-eu2`), one retired since
 * (`old-shop`), a wildcard certificate and renewals repeating names.
 */
export function seedCtDemo(sim: CtSimulator, domain: string): { certificates: number } {
  const certificates = [
    { names: [domain, `www.${domain}`] },
    { names: [domain, `www.${domain}`], notBefore: '2025-09-01T00:00:00', notAfter: '2025-11-30T00:00:00' },
    { names: [`api.${domain}`] },
    { names: [`shop.${domain}`, `mail.${domain}`] },
    { names: [`*.${domain}`, domain], commonName: `*.${domain}` },
    { names: [`status-eu2.${domain}`] },
    { names: [`old-shop.${domain}`], notBefore: '2021-03-01T00:00:00', notAfter: '2021-05-30T00:00:00' },
  ];
  for (const c of certificates) sim.addCertificate(c);
  return { certificates: certificates.length };
}
