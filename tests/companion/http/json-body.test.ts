import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { bodyText } from '@dnsferry/companion/http/json-body';

describe('bodyText', () => {
  /** The bytes as a request stream of chunks of `size` bytes. */
  const chunked = (bytes: Buffer, size: number) =>
    Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));

  it('decodes UTF-8 as Buffer#toString does, characters cut between chunks included', async () => {
    const bytes = Buffer.from(`{"s":"${'é😀中'.repeat(1000)}"}`);
    // 7 bytes a chunk against 9 a unit: chunks end inside every kind of character
    expect(await bodyText(chunked(bytes, 7), NaN, 1 << 20)).toBe(bytes.toString('utf8'));
    const broken = Buffer.concat([Buffer.from('"a'), Buffer.from([0xc3]), Buffer.from('b"')]);
    expect(await bodyText(chunked(broken, 2), NaN, 1 << 20)).toBe(broken.toString('utf8'));
  });

  it('refuses a body over the limit, whether its length is declared or only counted', async () => {
    const bytes = Buffer.alloc(1000, 'a');
    await expect(bodyText(chunked(bytes, 100), 1000, 999)).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(bodyText(chunked(bytes, 100), NaN, 999)).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(await bodyText(chunked(bytes, 100), NaN, 1000)).toHaveLength(1000);
  });
});
