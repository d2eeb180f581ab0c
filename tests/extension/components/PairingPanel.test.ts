import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import PairingPanel from '@/components/PairingPanel.vue';
import { REASONS } from '@/utils/pairing';

const URL = 'http://127.0.0.1:8787';
const base = { url: URL, busy: false, error: null, checking: false };
const impostor = (reason: string | null) => mount(PairingPanel, { props: { ...base, state: 'impostor', reason } });

describe('PairingPanel: not your companion', () => {
  it.each([
    ['a 403 to the proof', REASONS.refused(403)],
    ['a wrong proof', REASONS.wrongProof],
    ['an answer outside the protocol', REASONS.noProtocol],
    ['a pairing it could not answer', REASONS.wrongCodeProof],
  ])('is the same red panel for %s, its reason one clause of one sentence', (_what, reason) => {
    const w = impostor(reason);
    expect(w.get('h2').text()).toBe('This is not your dnsferry companion');
    expect(w.get('[data-testid=impostor] p').text().replace(/\s+/g, ' ')).toBe(
      `Something answers at ${URL}, but ${reason}. No token or secret was sent to it, and none will be.`,
    );
    expect(w.text()).not.toMatch(/\.\.|, but This|no longer knows this browser/);
    expect(w.get('[data-testid=impostor-hint]').text().replace(/\s+/g, ' ')).toBe(
      "Another program, or another user of this computer, may be holding the companion's port. Start your companion again (pnpm companion) and check again. If you made its identity anew on purpose (deleted identity.json), pair again.",
    );
    expect(w.find('[data-testid=pairing-code]').exists()).toBe(false);
  });

  it('warns before pairing again, and forgets the key only when the user confirms', async () => {
    const w = impostor(REASONS.refused(403));
    expect(w.find('[data-testid=pair-again-warning]').exists()).toBe(false);
    await w.get('[data-testid=pair-again]').trigger('click');
    expect(w.emitted('forget')).toBeUndefined();
    const warning = w.get('[data-testid=pair-again-warning]');
    expect(warning.attributes('role')).toBe('alert');
    expect(warning.get('h3').text()).toBe('Pair again only with the companion you start now');
    expect(warning.findAll('p').map((p) => p.text().replace(/\s+/g, ' '))).toEqual([
      `The program answering at ${URL} may not be yours. Stop your companion and start it again (pnpm companion), then enter the new code it prints in its terminal, and no other.`,
      'If it cannot start because the port is in use, another program holds the port: do not pair until it is gone.',
    ]);
    // the other actions wait while the warning is open
    expect(w.find('[data-testid=retry]').exists()).toBe(false);

    await w.get('[data-testid=pair-again-cancel]').trigger('click');
    expect(w.find('[data-testid=pair-again-warning]').exists()).toBe(false);
    expect(w.emitted('forget')).toBeUndefined();

    await w.get('[data-testid=pair-again]').trigger('click');
    await w.get('[data-testid=pair-again-confirm]').trigger('click');
    expect(w.get('[data-testid=pair-again-confirm]').text()).toBe('I restarted it: enter the new code');
    expect(w.emitted('forget')).toEqual([[]]);
  });
});

describe('PairingPanel: pairing', () => {
  it('asks for the code and passes on what was typed', async () => {
    const w = mount(PairingPanel, { props: { ...base, state: 'unpaired', reason: null } });
    expect(w.get('h2').text()).toBe('Pair with your dnsferry companion');
    await w.get('[data-testid=pairing-code]').setValue('abcd-2345');
    await w.get('form').trigger('submit');
    expect(w.emitted('pair')).toEqual([['abcd-2345']]);
  });
});

describe('PairingPanel: asking for the code', () => {
  it('takes a long code as printed, and says how to get the next one', async () => {
    const w = mount(PairingPanel, { props: { ...base, state: 'unpaired', reason: null } });
    const input = w.get('[data-testid=pairing-code]');
    expect(Number(input.attributes('maxlength'))).toBeGreaterThanOrEqual('ABCD-EFGH-JKMN-PQRS'.length);
    await input.setValue('ABCD-EFGH-JKMN-PQRS');
    await w.get('form').trigger('submit');
    expect(w.emitted('pair')?.[0]).toEqual(['ABCD-EFGH-JKMN-PQRS']);
    expect(w.get('[data-testid=pairing-hint]').text().replace(/\s+/g, ' ')).toMatch(
      /prints the next one after each pairing, and another when you press Enter in its terminal; after many wrong codes it prints a longer one/,
    );
  });
});
