import { Agent, fetch as undiciFetch } from 'undici';
import { rootCertificates } from 'node:tls';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid 2020–2049, made for the simulator only.
 * `@azure/identity` accepts only an https authority, so the simulated Entra ID (and, for the same
 * wire, ARM) serve TLS with it. The key protects nothing: it exists so the production TLS path runs.
 */
export const SIMULATOR_CERT = `-----BEGIN CERTIFICATE-----
MIIBvjCCAWSgAwIBAgICEAAwCgYIKoZIzj0EAwIwLzEtMCsGA1UEAwwkZG5zZmVy
cnkgQXp1cmUgc2ltdWxhdG9yICh0ZXN0IG9ubHkpMB4XDTIwMDEwMTAwMDAwMFoX
DTQ5MTIzMTAwMDAwMFowLzEtMCsGA1UEAwwkZG5zZmVycnkgQXp1cmUgc2ltdWxh
dG9yICh0ZXN0IG9ubHkpMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAERVndWTna
PwvKW1uQpwRi8AkhR6X6u+eVVcmV9DeC2/SeR622YzZXV3/7Psp7Om9nE2F/KEhf
iUA4J5AQG3Lp5qNwMG4wGgYDVR0RBBMwEYIJbG9jYWxob3N0hwR/AAABMAwGA1Ud
EwEB/wQCMAAwEwYDVR0lBAwwCgYIKwYBBQUHAwEwDgYDVR0PAQH/BAQDAgeAMB0G
A1UdDgQWBBRym9l+j+Z7pFdaEo0v8hPeEy2eOjAKBggqhkjOPQQDAgNIADBFAiBT
Gas63FnizyViXvF4CVkr+orihtdWPgcdMrWiP+HSKgIhAP2nqv9x7xt0vlKyAgPx
90XwVxOkCFMhzk0bxFRWFrt8
-----END CERTIFICATE-----
`;

export const SIMULATOR_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgR7tefwrozF8aFsir
au3d6pH9hR/DR+ozaayfJBhtbt2hRANCAARFWd1ZOdo/C8pbW5CnBGLwCSFHpfq7
55VVyZX0N4Lb9J5HrbZjNldXf/s+yns6b2cTYX8oSF+JQDgnkBAbcunm
-----END PRIVATE KEY-----
`;

/**
 * A fetch that trusts the public roots plus the simulator's certificate, for tests and the offline
 * demo (`buildApp(config, { fetch: trustingFetch() })`). It changes whom TLS trusts, never which URL is called.
 */
export function trustingFetch(extraCa: string = SIMULATOR_CERT): typeof fetch {
  const dispatcher = new Agent({ connect: { ca: [...rootCertificates, extraCa] } });
  const f = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
  return f as unknown as typeof fetch;
}
