import { describe, expect, it } from 'vitest';
import { loadConfig } from '@dnsferry/companion/config';
import { transferLimits } from '@dnsferry/companion/providers/axfr/adapter';

describe('DNSFERRY_TRANSFER_MAX_BYTES and DNSFERRY_TRANSFER_TIMEOUT_MS', () => {
  it('bound one zone transfer at 256 MiB and 5 minutes by default, and are read as given', () => {
    expect(transferLimits(loadConfig({}))).toEqual({ maxRecords: 100_000, idleMs: 30_000, maxBytes: 268_435_456, deadlineMs: 300_000 });
    const set = loadConfig({
      DNSFERRY_TRANSFER_MAX_BYTES: '1048576',
      DNSFERRY_TRANSFER_TIMEOUT_MS: '60000',
      DNSFERRY_UPSTREAM_TIMEOUT_MS: '5000',
    });
    expect(transferLimits(set)).toMatchObject({ maxBytes: 1_048_576, deadlineMs: 60_000, idleMs: 5000 });
  });

  it('refuse what is not a whole number in range', () => {
    expect(() => loadConfig({ DNSFERRY_TRANSFER_MAX_BYTES: '10' })).toThrow(/DNSFERRY_TRANSFER_MAX_BYTES must be a whole number from 1024/);
    expect(() => loadConfig({ DNSFERRY_TRANSFER_TIMEOUT_MS: 'soon' })).toThrow(
      /DNSFERRY_TRANSFER_TIMEOUT_MS must be a whole number from 100/,
    );
  });
});
