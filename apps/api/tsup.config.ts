import { defineConfig } from "tsup";

// One ESM file per entry with the workspace packages inlined, so the built server starts fast
// and needs only its npm dependencies at run time.
export default defineConfig({
  // The SQLite threads' script (fsyncs, checkpoints and backups; reads while the clinic writes) is loaded by file name beside the bundle.
  entry: {
    server: "src/server.ts",
    cli: "src/cli/main.ts",
    "sqlite-worker": "../../packages/db/src/sqlite/worker.mjs",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: true,
  noExternal: [/^@halcyon\//],
  // Native or CommonJS-heavy dependencies stay in node_modules.
  external: ["better-sqlite3", "argon2", "pg", "pino", "fastify", "@fastify/static"],
});
