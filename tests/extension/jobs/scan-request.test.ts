import { describe, expect, it } from 'vitest';
import { scanRequest } from '@/jobs/scan';

describe('scanRequest', () => {
  it('scans one domain, asking for a zone transfer first only when told to', () => {
    expect(scanRequest('example.com')).toEqual({ domain: 'example.com' });
    expect(scanRequest('example.com', { transfer: true })).toEqual({ domain: 'example.com', transfer: true });
    expect(scanRequest('example.com', { depth: 'deep', names: ['www', 'api.eu'] })).toEqual({
      domain: 'example.com',
      depth: 'deep',
      names: ['www', 'api.eu'],
    });
    expect(scanRequest('example.com', { depth: 'quick', names: [] })).toEqual({ domain: 'example.com', depth: 'quick' });
  });
});
