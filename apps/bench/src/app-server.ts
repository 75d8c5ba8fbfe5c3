// The app built from source with buildApp(), in a process of its own, so a measurement can vary
// what only buildApp's options can (the audit sink) while the load generator stays out of the
// server's event loop. Configured like dist/server.js, from the environment; `--audit=off`
// replaces the audit log with a sink that drops every event.
// Started by the bench through spawnServer({ args: appServerArgs(…) }).
import { join } from "node:path";
import type { AuditSink } from "@halcyon/domain";
import { buildApp } from "@halcyon/api/app";
import { parseEnv } from "@halcyon/api/env";
import { SERVER_NODE_FLAGS } from "./support";

export type AuditMode = "app" | "off";

/** Node's arguments that run this file (through tsx, as `pnpm bench` itself runs). */
export function appServerArgs(audit: AuditMode): string[] {
  return [...SERVER_NODE_FLAGS, "--import", import.meta.resolve("tsx"), join(import.meta.dirname, "app-server.ts"), `--audit=${audit}`];
}

const dropAll: AuditSink = { record: async () => undefined, recordIn: async () => undefined };

async function main(): Promise<void> {
  const env = parseEnv();
  const app = await buildApp({ env, ...(process.argv.includes("--audit=off") ? { audit: dropAll } : {}) });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port: env.PORT, host: env.HOST });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
