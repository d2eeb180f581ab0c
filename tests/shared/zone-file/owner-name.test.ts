import { describe, expect, it } from 'vitest';
import { absoluteName, isInside } from '../../../shared/src/zone-file/owner-name';

describe('absoluteName', () => {
  it.each([
    ['@', 'example.com'],
    ['www', 'www.example.com'],
    ['WWW.Sub', 'www.sub.example.com'],
    ['host.other.net.', 'host.other.net'],
    ['*.app', '*.app.example.com'],
    ['A\\065', 'aa.example.com'],
    ['a\\.b', 'a\\.b.example.com'],
    ['x\\200y', 'x\\200y.example.com'],
    ['sp\\ ace', 'sp\\032ace.example.com'],
    ['g-$$', 'g-\\$\\$.example.com'],
    ['bücher', 'xn--bcher-kva.example.com'],
    ['.', ''],
  ])('%s → %s', (written, name) => {
    expect(absoluteName(written, 'example.com')).toEqual({ name });
  });

  it.each([
    ['a..b', 'a name has an empty label ("..")'],
    ['x\\999', '"\\999" is not a byte'],
    [`${'a'.repeat(64)}`, 'a label of a name is longer than 63 bytes'],
  ])('%s is not a name', (written, error) => {
    expect(absoluteName(written, 'example.com')).toEqual({ error });
  });

  it('knows which names are inside a zone', () => {
    expect([
      isInside('a.example.com', 'example.com'),
      isInside('example.com', 'example.com'),
      isInside('badexample.com', 'example.com'),
    ]).toEqual([true, true, false]);
  });
});
