/** `pnpm companion`: the companion against real providers, configured by DNSFERRY_* variables. */
import './memory';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { loggableProxy } from './http/proxy';
import { pairingCodeLines } from './pairing/notice';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message}\n`);
  process.exit(2);
}
// The pairing code goes to the terminal, not into the log.
const app = buildApp(config, { onPairingCode: (notice) => process.stderr.write(pairingCodeLines(notice)) });
await app.listen({ host: config.host, port: config.port });
const proxy = loggableProxy(config.proxy);
if (proxy) app.log.info({ proxy }, 'upstream requests go through a proxy (HTTPS_PROXY/HTTP_PROXY), except NO_PROXY hosts');
const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
