// Starts the clinic: validated config, the app, and a graceful stop on SIGTERM/SIGINT (requests
// in flight finish, the database closes cleanly).
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { parseEnv } from "./env";
import { StartRefused } from "./plugins/database";
import { welcome } from "./welcome";

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let app;
try {
  app = await buildApp({ env });
} catch (error) {
  if (!(error instanceof StartRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "stopping after an unexpected error");
  else app.log.info({ signal }, "stopping");
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
// A person reads this. Not in production, whose log collector reads only JSON, nor when
// LOG_LEVEL asks for warnings and worse only (the browser tests and benchmarks do).
if (env.NODE_ENV !== "production" && ["info", "debug", "trace"].includes(env.LOG_LEVEL)) process.stdout.write(await welcome(app, env));
