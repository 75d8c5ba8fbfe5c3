// Runs the built API server (which also serves the built web app) for the browser tests, in this
// process, on a database of its own in a fresh temporary directory, seeded with the demo clinic;
// that directory is removed when the server stops. A DATA_DIR given in the environment is used
// instead (and left in place: it belongs to whoever made it), and SEED_DEMO=false starts the
// clinic without the demo, as a real clinic starts (see startClinicServer in clinic-server.ts).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// E2E_SERVER and WEB_DIST point at other builds when several test runs share a checkout.
const serverEntry = process.env.E2E_SERVER ?? fileURLToPath(new URL("../../api/dist/server.js", import.meta.url));
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: build it with \`pnpm --filter @halcyon/api build\`.`);
  process.exit(1);
}

let dataDir = process.env.DATA_DIR;
if (!dataDir) {
  const ownDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-"));
  process.on("exit", () => rmSync(ownDir, { recursive: true, force: true }));
  dataDir = ownDir;
}
Object.assign(process.env, {
  HOST: "127.0.0.1",
  PORT: process.env.PORT ?? "4173",
  DATA_DIR: dataDir,
  SEED_DEMO: process.env.SEED_DEMO ?? "true",
  NODE_ENV: "test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});

// Whoever started this server holds its stdin. When that end closes, however the test run ended
// (even killed outright), the server stops too instead of keeping the port.
process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();

await import(pathToFileURL(serverEntry).href);
