// Starts the built API server (which also serves the built web app) for the browser tests, on a
// database of its own in a fresh temporary directory, seeded with the demo clinic. The directory
// is removed when the server stops.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// E2E_SERVER and WEB_DIST point at other builds when several test runs share a checkout.
const serverEntry = process.env.E2E_SERVER ?? fileURLToPath(new URL("../../api/dist/server.js", import.meta.url));
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: build it with \`pnpm --filter @halcyon/api build\`.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-"));
const server = spawn(process.execPath, [serverEntry], {
  stdio: "inherit",
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: process.env.PORT ?? "4173",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}

server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
