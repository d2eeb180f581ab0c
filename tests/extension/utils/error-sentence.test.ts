import { describe, expect, it } from 'vitest';
import { CompanionError } from '@/utils/companion';
import { AZURE, CLOUDFLARE, errorSentence } from '@/utils/error-sentence';
import { RefusalError, REASONS } from '@/utils/pairing';

const http = (status: number, code: ConstructorParameters<typeof CompanionError>[3], message: string) =>
  new CompanionError('http', message, status, code);

describe('errorSentence', () => {
  it("tells a provider's refusal of the credentials by what to do, keeping the provider's words", () => {
    const rejected = http(401, 'unauthorized', 'Cloudflare 10000: Authentication error');
    expect(errorSentence(rejected, CLOUDFLARE)).toBe(
      'Cloudflare does not accept this token: it is invalid or has expired. Create a new API token in the Cloudflare dashboard (My Profile → API Tokens). (Cloudflare 10000: Authentication error)',
    );
    expect(errorSentence(http(403, 'forbidden', 'AuthorizationFailed'), AZURE)).toBe(
      'These credentials may not read DNS zones. Give the principal the "DNS Zone Contributor" or "Reader" role on the subscription. (AuthorizationFailed)',
    );
    expect(errorSentence(http(502, 'upstream', 'connect ECONNREFUSED'), CLOUDFLARE)).toBe(
      'The companion is running but cannot reach Cloudflare: connect ECONNREFUSED',
    );
    expect(errorSentence(http(400, 'invalid_request', 'targetToken: expected a token'), CLOUDFLARE)).toBe(
      'The companion refused the request: targetToken: expected a token',
    );
    // a job's failure names no provider: the companion's sentence as it is
    expect(errorSentence(rejected)).toBe('Cloudflare 10000: Authentication error');
  });

  it('asks whether the companion still runs when it does not answer', () => {
    const down = new CompanionError('unreachable', 'The companion does not answer at http://127.0.0.1:8787.');
    expect(errorSentence(down)).toBe('The companion does not answer at http://127.0.0.1:8787. Is it still running?');
    expect(errorSentence(down, AZURE)).toBe(errorSentence(down));
  });

  it("keeps a refusal's own sentence: nothing was sent, so no provider is blamed", () => {
    const refusal = new RefusalError({ state: 'impostor', reason: REASONS.wrongProof });
    expect(errorSentence(refusal, CLOUDFLARE)).toBe(`This is not your dnsferry companion: ${REASONS.wrongProof}. Nothing was sent to it.`);
  });

  it('says what any other error says', () => {
    expect(errorSentence(new Error('boom'))).toBe('boom');
    expect(errorSentence('odd')).toBe('odd');
  });
});
