import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MigrateEventSchema } from '@dnsferry/shared';
import { seedOnboardedZone, sourceZoneFile } from '@dnsferry/companion/sandbox/cloudflare/onboarding';
import { heldLines } from '../../support/stack';
import { buildCli, lines, startCliStack, type CliStack } from './cli-stack';

let cli: Awaited<ReturnType<typeof buildCli>>;
let stack: CliStack;
beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await cli.remove();
});
beforeEach(async () => {
  stack = await startCliStack(cli.command);
});
afterEach(async () => {
  await stack.close();
});

const ZONE = 'onboarded.example';

describe('dnsferry undo', () => {
  it('puts a mirrored zone back as it was, from the file the run wrote', async () => {
    seedOnboardedZone(stack.sim, { accountId: stack.seed.accountId, name: ZONE });
    const before = heldLines(stack.sim, ZONE);
    writeFileSync(join(stack.dir, `${ZONE}.zone`), sourceZoneFile(ZONE));
    const run = await stack.run(['migrate', ZONE, '--zone-file', `${ZONE}.zone`, '--mode', 'mirror', '--undo-file', 'back.json']);
    expect(run.code).toBe(0);
    expect(heldLines(stack.sim, ZONE)).not.toEqual(before);
    expect(run.stderr).toContain('undo data written to back.json (dnsferry undo back.json puts the zones back)');

    const dry = await stack.run(['undo', 'back.json', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(heldLines(stack.sim, ZONE)).not.toEqual(before);

    const back = await stack.run(['undo', 'back.json']);
    expect(back.code).toBe(0);
    expect(heldLines(stack.sim, ZONE)).toEqual(before);
    const done = lines(back.stdout)
      .map((l) => MigrateEventSchema.parse(l))
      .at(-1);
    expect(done).toMatchObject({ type: 'done', results: [{ zone: ZONE, failed: 0 }] });
    // an undo writes no undo file of its own
    expect(readdirSync(stack.dir).filter((f) => f.endsWith('.json'))).toEqual(['back.json']);
  });

  it('refuses a file that is not undo data (exit 2)', async () => {
    writeFileSync(join(stack.dir, 'records.json'), '[{"type":"A","name":"www","content":"192.0.2.1","ttl":300}]');
    const run = await stack.run(['undo', 'records.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('records.json: not the undo data dnsferry migrate writes');
    const missing = await stack.run(['undo', 'nothing-here.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nothing-here.json: no such file');
  });
});
