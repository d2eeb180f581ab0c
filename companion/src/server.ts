/** `pnpm companion`: the companion against real providers, configured by DNSFERRY_* variables. */
import './memory';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { listenOnEvery } from './http/listen';
import { loggableProxy } from './upstream/proxy';
import { pairingsCommand } from './pairing/cli';
import { codesAfterListening, pairingCodeLines } from './pairing/notice';
import { terminalLogStream } from './log-lines';
import { listenToKeys } from './terminal-keys';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message}\n`);
  process.exit(2);
}
if (process.argv[2] === 'pairings') {
  const { out, err, exitCode } = await pairingsCommand(process.argv.slice(3), config.home);
  process.stdout.write(out);
  process.stderr.write(err);
  process.exit(exitCode);
}
// The pairing code goes to the terminal, not into the log, and only once every address is held.
const codes = codesAfterListening((notice) => process.stderr.write(pairingCodeLines(notice)));
let newCode = (): void => undefined;
const logStream = terminalLogStream(config.logFormat);
const app = buildApp(config, {
  onPairingCode: codes.onCode,
  askForCodes: (issue) => (newCode = issue),
  ...(logStream ? { logStream } : {}),
});
let closing = false;
const close = () => {
  // A second Ctrl+C while the connections close: leave at once.
  if (closing) process.exit(0);
  closing = true;
  void app.close().then(() => process.exit(0));
};
// Asked to stop while it starts, it stops too (then with nothing to close).
process.on('SIGINT', close);
process.on('SIGTERM', close);
// A fresh code on demand, for another browser: Enter in the terminal, or SIGUSR2 when it runs without
// one (SIGUSR1 is Node's debugger). Only someone at this computer can do either. Listening for them
// (and for Ctrl+C as a key) before anything is printed, so no one who read the code can ask too early
// and no key pressed after the first line is the terminal's signal.
listenToKeys(process.stdin, { enter: () => newCode(), stop: close });
process.on('SIGUSR2', () => newCode());
try {
  await listenOnEvery(app, config.host, config.port);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message} — nothing was started; no pairing code was printed\n`);
  process.exit(1);
}
codes.listening();
const proxy = loggableProxy(config.proxy);
if (proxy) app.log.info({ proxy }, 'upstream requests go through a proxy (HTTPS_PROXY/HTTP_PROXY), except NO_PROXY hosts');
