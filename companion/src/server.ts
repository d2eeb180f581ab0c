/** `pnpm companion`: the companion against real providers, configured by DNSFERRY_* variables. */
import './memory';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { listenOnEvery } from './http/listen';
import { loggableProxy } from './upstream/proxy';
import { codesAfterListening, pairingCodeLines } from './pairing/notice';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message}\n`);
  process.exit(2);
}
// The pairing code goes to the terminal, not into the log, and only once every address is held.
const codes = codesAfterListening((notice) => process.stderr.write(pairingCodeLines(notice)));
const app = buildApp(config, { onPairingCode: codes.onCode });
try {
  await listenOnEvery(app, config.host, config.port);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message} — nothing was started; no pairing code was printed\n`);
  process.exit(1);
}
codes.listening();
const proxy = loggableProxy(config.proxy);
if (proxy) app.log.info({ proxy }, 'upstream requests go through a proxy (HTTPS_PROXY/HTTP_PROXY), except NO_PROXY hosts');
const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
