import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrateEventSchema } from '@dnsferry/shared';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines } from '../../support/stack';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

const ZONE = 'onboarded.example';

describe('dnsferry undo', () => {
  it('puts a mirrored zone back as it was, from the file the run wrote', async () => {
    seedOnboardedZone(t.stack.sim, { accountId: t.stack.seed.accountId, name: ZONE });
    const before = heldLines(t.stack.sim, ZONE);
    writeFileSync(join(t.stack.dir, `${ZONE}.zone`), sourceZoneFile(ZONE));
    const run = await t.stack.run(['migrate', ZONE, '--zone-file', `${ZONE}.zone`, '--mode', 'mirror', '--undo-file', 'back.json']);
    expect(run.code).toBe(0);
    expect(heldLines(t.stack.sim, ZONE)).not.toEqual(before);
    expect(run.stderr).toContain('undo data written to back.json (dnsferry undo back.json puts the zones back)');

    const dry = await t.stack.run(['undo', 'back.json', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(heldLines(t.stack.sim, ZONE)).not.toEqual(before);

    const back = await t.stack.run(['undo', 'back.json']);
    expect(back.code).toBe(0);
    expect(heldLines(t.stack.sim, ZONE)).toEqual(before);
    const done = lines(back.stdout)
      .map((l) => MigrateEventSchema.parse(l))
      .at(-1);
    expect(done).toMatchObject({ type: 'done', results: [{ zone: ZONE, failed: 0 }] });
    // an undo writes no undo file of its own
    expect(readdirSync(t.stack.dir).filter((f) => f.endsWith('.json'))).toEqual(['back.json']);
  });

  it('refuses a file that is not undo data (exit 2)', async () => {
    writeFileSync(join(t.stack.dir, 'records.json'), '[{"type":"A","name":"www","content":"192.0.2.1","ttl":300}]');
    const run = await t.stack.run(['undo', 'records.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('records.json: not the undo data dnsferry migrate writes');
    const missing = await t.stack.run(['undo', 'nothing-here.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nothing-here.json: no such file');
  });
});
