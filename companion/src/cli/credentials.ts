import { usageError } from './exit-codes';
import { ask, canPrompt } from './prompt';
import type { Runtime } from './runtime';

/**
 * One credential: from the environment variable the ecosystem already uses for it (wrangler and
 * flarectl read CLOUDFLARE_API_TOKEN; @azure/identity's EnvironmentCredential the AZURE_* ones), else
 * asked on a terminal. Never from a flag (args.ts refuses those). Each is added to the redactor.
 */
async function credential(rt: Runtime, name: string, what: string, secret: boolean): Promise<string> {
  let value = rt.env[name]?.trim();
  if (!value && canPrompt(rt)) value = await ask(rt, `${what} (${name}): `, { hidden: secret });
  if (!value)
    throw usageError(
      `${name} is not set: export ${name} with ${what[0]?.toLowerCase() ?? ''}${what.slice(1)}, or run on a terminal to be asked`,
    );
  if (secret) rt.redactor.add(value);
  return value;
}

export const cloudflareToken = (rt: Runtime) =>
  credential(rt, 'CLOUDFLARE_API_TOKEN', 'A Cloudflare API token (Zone:Edit and DNS:Edit)', true);

/** An Azure service principal, read as EnvironmentCredential reads it. */
export async function azureServicePrincipal(rt: Runtime) {
  const tenantId = await credential(rt, 'AZURE_TENANT_ID', 'The Azure tenant (directory) id', false);
  const clientId = await credential(rt, 'AZURE_CLIENT_ID', "The service principal's application (client) id", false);
  const clientSecret = await credential(rt, 'AZURE_CLIENT_SECRET', "The service principal's client secret", true);
  // The ids are not secret, but Azure echoes them in messages that should not carry them either.
  rt.redactor.add(tenantId, clientId);
  return { authMethod: 'servicePrincipal' as const, tenantId, clientId, clientSecret };
}

/** AWS keys, read as the AWS CLI and SDKs read them (a session token only with temporary keys). */
export async function route53Keys(rt: Runtime) {
  const accessKeyId = await credential(rt, 'AWS_ACCESS_KEY_ID', 'The AWS access key id', false);
  const secretAccessKey = await credential(rt, 'AWS_SECRET_ACCESS_KEY', 'The AWS secret access key', true);
  const sessionToken = rt.env.AWS_SESSION_TOKEN?.trim() || undefined;
  if (sessionToken) rt.redactor.add(sessionToken);
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** The token of the Cloudflare account a zone is moved from (the target's is CLOUDFLARE_API_TOKEN). */
export const cloudflareSourceToken = (rt: Runtime) =>
  credential(rt, 'CLOUDFLARE_SOURCE_API_TOKEN', 'A Cloudflare API token of the account the zones come from (Zone:Read and DNS:Read)', true);
