import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../shared/src/records/rdata';
import { MAX_FIELD_CHARS, MAX_FIELDS, lexZoneFile as lex, rdataTokens } from '../../../shared/src/zone-file/lexer';

// the entries alone: the nulls are only points where a reader may give way
const lexZoneFile = (text: string) => [...lex(text)].filter((l) => l !== null);

const raws = (text: string) => lexZoneFile(text).map((l) => l.tokens.map((t) => t.raw));

describe('lexZoneFile', () => {
  it('drops comments, keeps ";" inside quotes as text and hands the comment text over', () => {
    const [line] = lexZoneFile('_dmarc TXT "v=DMARC1; p=none" ; the policy');
    expect(line?.tokens).toEqual([
      { raw: '_dmarc', quoted: false },
      { raw: 'TXT', quoted: false },
      { raw: '"v=DMARC1; p=none"', quoted: true },
    ]);
    expect(line?.comments).toEqual([' the policy']);
  });

  it('keeps escapes as written: an escaped ";", quote or blank does not end the token', () => {
    expect(raws('t TXT \\; a\\"b "q\\"uote" sp\\ ace \\195\\133LAND')).toEqual([
      ['t', 'TXT', '\\;', 'a\\"b', '"q\\"uote"', 'sp\\ ace', '\\195\\133LAND'],
    ]);
  });

  it('joins the lines between parentheses into one entry numbered by its first line', () => {
    const lines = lexZoneFile('; header\n@ SOA ns1 host (\n  1 ; serial\n  2 3 4 5 )\nwww A 192.0.2.1\n');
    expect(lines.map((l) => [l.line, l.tokens.map((t) => t.raw).join(' ')])).toEqual([
      [2, '@ SOA ns1 host 1 2 3 4 5'],
      [5, 'www A 192.0.2.1'],
    ]);
    expect(lines[0]?.comments).toEqual([' serial']);
    expect(lines[0]?.text).toBe('@ SOA ns1 host (\n  1 ; serial\n  2 3 4 5 )');
  });

  it('ends an unquoted token at a quote, except after "=" (SVCB key="value")', () => {
    expect(raws('a TXT foo"bar"baz "x"y\nh HTTPS 1 . alpn="h2 h3;x" port=443')).toEqual([
      ['a', 'TXT', 'foo', '"bar"', 'baz', '"x"', 'y'],
      ['h', 'HTTPS', '1', '.', 'alpn="h2 h3;x"', 'port=443'],
    ]);
  });

  it('marks an entry that starts with a blank, and skips blank and comment-only lines', () => {
    const lines = lexZoneFile('www A 192.0.2.1\n\n   \n\t; only a comment\n  AAAA 2001:db8::1\r\n');
    expect(lines.map((l) => [l.line, l.initialBlank, l.tokens.map((t) => t.raw)])).toEqual([
      [1, false, ['www', 'A', '192.0.2.1']],
      [5, true, ['AAAA', '2001:db8::1']],
    ]);
  });

  it('says why BIND would refuse a line: an open quote, a lone ")", a "(" never closed', () => {
    const lines = lexZoneFile('a TXT "open\nb A 192.0.2.1 )\nc SOA ns1 host ( 1 2\n 3 4 5\n');
    expect(lines.map((l) => [l.line, l.error])).toEqual([
      [1, 'a quoted string is not closed on its line'],
      [2, '")" without "(" before it'],
      [3, '"(" is never closed: lines 3-4 are read as one entry'],
    ]);
  });
});

describe('an entry is bounded before it is kept', () => {
  it('more fields than a record can hold is an error, and the fields past the bound are not kept', () => {
    const [entry] = lexZoneFile(`@ 300 TXT ${'"" '.repeat(MAX_FIELDS + 10)}\nwww 300 A 192.0.2.1`);
    expect(entry?.error).toBe(`this entry has more than ${MAX_FIELDS} fields; a record's data is at most 65,535 bytes`);
    expect(entry?.tokens.length).toBe(MAX_FIELDS);
  });

  it('a field longer than any record data is an error, not a token', () => {
    const [entry, next] = lexZoneFile(`@ 300 TXT "${'\\065'.repeat(MAX_FIELD_CHARS / 4 + 1)}"\nwww 300 A 192.0.2.1`);
    expect(entry?.error).toMatch(/^a field of more than 262144 characters/);
    expect(entry?.tokens.map((t) => t.raw)).toEqual(['@', '300', 'TXT']);
    expect(next?.tokens.map((t) => t.raw)).toEqual(['www', '300', 'A', '192.0.2.1']);
  });

  it('keeps 2,000 characters of an entry that runs over many lines, for its message', () => {
    const [entry] = lexZoneFile(`@ 300 TXT ( ${'"a"\n'.repeat(5000)})`);
    expect(entry?.tokens).toHaveLength(5003);
    expect(entry?.text.length).toBeLessThan(2_100);
  });

  it('may be stopped between two long words, not only every few thousand tokens', () => {
    // 40 lines of one 200,000-character word each: few tokens, but 8 MB of text to walk
    for (const word of ['a'.repeat(200_000), `"${'a'.repeat(200_000)}"`]) {
      const steps = [...lex(`@ 300 IN TXT ${word}\n`.repeat(40))];
      const pauses = steps.filter((s) => s === null).length;
      expect(steps.length - pauses).toBe(40);
      expect(pauses).toBeGreaterThanOrEqual(40);
    }
  });

  it("hands the RDATA over as the registry splits it, or null where the registry's split would differ", () => {
    const fields = (line: string) => lexZoneFile(line)[0]?.tokens ?? [];
    // from the third field on: the registry gets the same tokens as splitting the joined RDATA again
    for (const line of [
      'a A 192.0.2.1',
      'a TXT "v=DMARC1; p=none" plain "q\\"uote" sp\\ ace a\\"b',
      'a TXT ( "one"\n "two" )',
      'a CAA 0 issue "ca.example"',
      'a TXT \\195\\133LAND "\u00a0" x\\\u00a0y',
    ]) {
      const all = fields(line);
      expect(rdataTokens(all, 2)).toEqual(
        tokenize(
          all
            .slice(2)
            .map((t) => t.raw)
            .join(' '),
        ),
      );
    }
    // a quote inside a word, and blanks to the registry that the lexer keeps in a word
    for (const line of ['a SVCB 1 . alpn="h2,h3"', 'a TXT x\vy', 'a TXT x\fy', 'a TXT x\u00a0y', 'a TXT x\u3000y'])
      expect(rdataTokens(fields(line), 2)).toBeNull();
  });

  it('hands over the same entries when it may reuse its objects, each read before the next is asked for', () => {
    const text = '$TTL 300\n@ SOA ns1 host ( 1 ; serial\n 2 3 4 5 )\n\nwww A 192.0.2.1 ; c\n  TXT "a b" c\nbad TXT "open\nx ( y\n';
    const seen = (reuse: boolean) => {
      const out: unknown[] = [];
      const objects = new Set<unknown>();
      for (const l of lex(text, reuse))
        if (l !== null) {
          objects.add(l);
          out.push({
            line: l.line,
            blank: l.initialBlank,
            tokens: l.tokens.map((t) => ({ ...t })),
            comments: [...l.comments],
            text: l.text,
            error: l.error,
          });
        }
      return { out, objects: objects.size };
    };
    const fresh = seen(false);
    const reused = seen(true);
    expect(reused.out).toEqual(fresh.out);
    expect(fresh.objects).toBe(6);
    expect(reused.objects).toBe(1);
  });
});
