// Issue 5b, the administrator's screens at scale: the built server on a copy of the admin clinic
// (the large clinic plus 1,000,000 chained audit rows, seed-audit-log.ts), signed in as the
// admin, 50 connections for 10 s each:
//   GET /api/admin/stats (the dashboard's figures),
//   GET /api/admin/audit-log (the first page, newest first).
// Target: p99 < 50 ms. Opt-in: `pnpm bench admin`.
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { measureReads, signIn } from "./http-load";
import { adminClinicDatabase, AUDIT_ROWS } from "./seed-audit-log";
import { ADMIN_USERNAME } from "./seed-large-clinic";
import { formatMs, makeTempDir, progress, removeTempDir, startServer, type CheckResult } from "./support";

const P99_TARGET_MS = 50;

export async function measureAdminEndpoints(): Promise<CheckResult[]> {
  const admin = await adminClinicDatabase();
  const results: CheckResult[] = [
    {
      name: "Admin clinic seed",
      target: `info: the large clinic + ${AUDIT_ROWS} chained audit rows (chain verified)`,
      measured: admin.reused ? `cached (seeding took ${formatMs(admin.seedMs)} on ${admin.seededAt.slice(0, 10)})` : `seeded in ${formatMs(admin.seedMs)}`,
      status: "info",
      notes: [`${admin.file}: ${admin.info.auditRows} audit rows, chain verified in ${formatMs(admin.info.chain.verifyMs)}`],
      details: { ...admin },
    },
  ];
  const dataDir = makeTempDir("admin");
  try {
    copyIntoDataDir(admin.file, dataDir);
    progress("admin: starting the built server on a copy");
    const { server } = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    try {
      const token = await signIn(server.baseUrl, ADMIN_USERNAME, BENCH_PASSWORD);
      const reads = [
        { name: "GET /api/admin/stats", path: "/api/admin/stats", token, notes: [`as ${ADMIN_USERNAME}`] },
        { name: "GET /api/admin/audit-log (first page)", path: "/api/admin/audit-log", token, notes: [`as ${ADMIN_USERNAME}, default page size`] },
      ];
      results.push(...(await measureReads(server, reads, P99_TARGET_MS, (message) => progress(`admin: ${message}`))));
    } finally {
      await server.stop();
    }
    return results;
  } finally {
    removeTempDir(dataDir);
  }
}
