import { buildApp, type AppOptions } from './app';
import { loadConfig, type Config } from './config';

/** Starts the companion; the only place that touches process, env and listen. */
export async function startServer(config: Config, options: AppOptions = {}) {
  const app = buildApp(config, options);
  await app.listen({ host: config.host, port: config.port });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(`dnsferry: ${(err as Error).message}`);
    process.exit(2);
  }
  const app = await startServer(config);
  const close = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
