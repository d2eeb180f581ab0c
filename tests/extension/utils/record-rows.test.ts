import { describe, expect, it } from 'vitest';
import { validateRow } from '@/utils/record-rows';

describe('validateRow', () => {
  it('validates rows with the shared record schema', () => {
    const row = {
      id: 1,
      type: 'SRV',
      name: '_sip._tcp',
      ttl: '300',
      content: 'sip.example.com',
      priority: '10',
      weight: '5',
      port: '70000',
    };
    expect(validateRow(row).error).toMatch(/port/);
    expect(validateRow({ ...row, port: '5060' }).record).toMatchObject({ type: 'SRV', port: 5060, weight: 5, priority: 10, ttl: 300 });
  });

  it('gives an empty TTL the default, and asks an MX for its priority', () => {
    const mx = { id: 2, type: 'MX', name: '@', ttl: '', content: 'mail.example.com', priority: '', weight: '', port: '' };
    expect(validateRow(mx).error).toMatch(/^priority: /);
    expect(validateRow({ ...mx, priority: '10' })).toEqual({
      id: 2,
      record: { type: 'MX', name: '@', ttl: 3600, content: 'mail.example.com', priority: 10 },
      error: null,
    });
  });
});
