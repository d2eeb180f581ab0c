/** `pnpm companion`: the companion against real providers, configured by DNSFERRY_* variables. */
import './memory';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  process.stderr.write(`dnsferry: ${(err as Error).message}\n`);
  process.exit(2);
}
const app = buildApp(config);
await app.listen({ host: config.host, port: config.port });
const close = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', close);
process.once('SIGTERM', close);
