// Runs the built API server (which also serves the built web app) for the browser tests, in this
// process, on a database of its own in a fresh temporary directory, seeded with the demo clinic.
// The directory is removed when the server stops.
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

const dataDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
Object.assign(process.env, {
  HOST: "127.0.0.1",
  PORT: process.env.PORT ?? "4173",
  DATA_DIR: dataDir,
  SEED_DEMO: "true",
  NODE_ENV: "test",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});

// Whoever started this server holds its stdin. When that end closes, however the test run ended
// (even killed outright), the server stops too instead of keeping the port.
process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();

await import(pathToFileURL(serverEntry).href);
