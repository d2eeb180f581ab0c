import { describe, expect, it } from 'vitest';
import { loadConfig } from '@dnsferry/companion/config';

describe('DNSFERRY_LOG_FORMAT', () => {
  it('is auto when unset (readable on a terminal, JSON otherwise), or json or pretty as asked', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ DNSFERRY_LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ DNSFERRY_LOG_FORMAT: ' Pretty ' }).logFormat).toBe('pretty');
  });

  it('refuses anything else, naming the variable and the values it takes', () => {
    expect(() => loadConfig({ DNSFERRY_LOG_FORMAT: 'yaml' })).toThrow(
      'DNSFERRY_LOG_FORMAT must be json, pretty or auto (readable on a terminal, JSON otherwise), got "yaml"',
    );
  });
});
