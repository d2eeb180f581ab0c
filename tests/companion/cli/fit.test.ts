import { describe, expect, it } from 'vitest';
import { cut, fitParts, reflow, wrap } from '@dnsferry/companion/cli/fit';

describe('text that fits the terminal', () => {
  it('cuts at a space and says so with …', () => {
    expect(cut('Planning example.org (dry run: nothing will be written)', 30)).toBe('Planning example.org (dry…');
    expect(cut('short', 30)).toBe('short');
    expect(cut('averyveryverylongword', 10)).toBe('averyvery…');
  });

  it('wraps at spaces, every line within the width, no word broken', () => {
    const text = 'two SPF policies at one name are a permanent error, and receivers then fail SPF for all its mail (RFC 7208 §4.5)';
    const lines = wrap(text, 30);
    expect(lines.every((l) => [...l].length <= 30)).toBe(true);
    expect(lines.join(' ')).toBe(text);
    expect(lines[0]).toBe('two SPF policies at one name');
  });

  it('leaves out the least needed parts first, then cuts', () => {
    const parts = [
      { text: '12/40 records', need: 100 },
      { text: '12 created', need: 7 },
      { text: '0 skipped', need: -5 },
      { text: '0 failed', need: -2 },
      { text: 'waiting 12 s (rate limit)', need: 9 },
    ];
    expect(fitParts('… example.org', parts, 200)).toBe(
      '… example.org  12/40 records · 12 created · 0 skipped · 0 failed · waiting 12 s (rate limit)',
    );
    expect(fitParts('… example.org', parts, 70)).toBe('… example.org  12/40 records · 12 created · waiting 12 s (rate limit)');
    expect(fitParts('… example.org', parts, 20)).toBe('… example.org…');
  });

  it('reflows help written for a wide window: paragraphs as a whole, rows under their second column, examples indented further', () => {
    const help = [
      'Credentials come from the environment, never from a flag (a command line shows in `ps` and in',
      "the shell's history).",
      '',
      'Commands:',
      "  migrate ZONE…     copy a zone's records into Cloudflare (or plan it: --dry-run)",
      '  undo UNDO.json    put zones back',
      'Examples:',
      '  dig AXFR example.com @ns1.oldhost.example | dnsferry migrate example.com --zone-file - --dry-run',
    ].join('\n');
    expect(reflow(help, 60).split('\n')).toEqual([
      'Credentials come from the environment, never from a flag (a',
      "command line shows in `ps` and in the shell's history).",
      '',
      'Commands:',
      "  migrate ZONE…     copy a zone's records into Cloudflare",
      '                    (or plan it: --dry-run)',
      '  undo UNDO.json    put zones back',
      'Examples:',
      '  dig AXFR example.com @ns1.oldhost.example | dnsferry',
      '      migrate example.com --zone-file - --dry-run',
    ]);
  });
});
