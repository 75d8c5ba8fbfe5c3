// The administrator's clinic (issue 5b): a copy of the large clinic (seed-large-clinic.ts) plus
// 1,000,000 audit rows over its two years, the mix of events a clinic's day writes (reads of
// appointments, notes and messages, sign-ins, bookings, …), chained exactly as
// appendAuditEvents() chains them (auditLink over each row and the previous row's hash), so the
// chain verifies: the seed checks it with verifyAuditChain(), as `pnpm clinic audit:verify` does.
// Rows are only ever inserted: the audit_log triggers forbid UPDATE and DELETE.
//
// `pnpm --filter @halcyon/bench exec tsx src/seed-audit-log.ts` seeds (or reuses) the cached copy on its own.
import { copyFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { auditLink, connect, verifyAuditChain } from "@halcyon/db";
import { DAY_MS, finishBulkLoad, insertRows, iso, MINUTE_MS, openForBulkLoad, Random } from "./bulk-load";
import { cachedDatabase, type CachedDatabase } from "./db-cache";
import { ADMIN_ID, doctorId, LARGE_CLINIC, largeClinicDatabase, patientId, type LargeClinicInfo } from "./seed-large-clinic";
import { loadAuditKey } from "@halcyon/api/audit-key";
import { formatMs, installCleanupHandlers, progress } from "./support";

export const AUDIT_ROWS = 1_000_000;
const SEED_VERSION = "admin-clinic-1";
const DAYS = 730;

export interface AdminClinicInfo extends LargeClinicInfo {
  auditRows: number;
  chain: { checked: number; broken: string | null; verifyMs: number };
}

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];

interface Event {
  actorId: number | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: "success" | "failure" | "denied";
  details: string | null;
}

/** One event of a clinic's day: who did what, by the share each kind has. */
function nextEvent(random: Random): Event {
  const patient = patientId(random.int(LARGE_CLINIC.patients));
  const doctor = doctorId(random.int(LARGE_CLINIC.doctors));
  const someone = random.chance(0.8) ? patient : doctor;
  const record = () => random.between(1, LARGE_CLINIC.appointments);
  const ids = (count: number) => JSON.stringify({ count, ids: Array.from({ length: Math.min(count, 8) }, record) });
  const roll = random.next();
  if (roll < 0.35)
    return { actorId: someone, action: "appointment.read", targetType: "appointment", targetId: null, outcome: "success", details: ids(random.between(0, 40)) };
  if (roll < 0.47) return { actorId: someone, action: "auth.login", targetType: "user", targetId: String(someone), outcome: "success", details: null };
  if (roll < 0.49) {
    return {
      actorId: random.chance(0.7) ? someone : null,
      action: "auth.login",
      targetType: null,
      targetId: null,
      outcome: "failure",
      details: JSON.stringify({ username: `user${random.int(99_999)}` }),
    };
  }
  if (roll < 0.59)
    return { actorId: someone, action: "message.read", targetType: "conversation", targetId: null, outcome: "success", details: ids(random.between(1, 50)) };
  if (roll < 0.67)
    return {
      actorId: someone,
      action: "message.send",
      targetType: "message",
      targetId: String(random.between(1, 2_000_000)),
      outcome: "success",
      details: null,
    };
  if (roll < 0.75) {
    return {
      actorId: doctor,
      action: "treatment_session.read",
      targetType: "patient",
      targetId: String(patient),
      outcome: "success",
      details: ids(random.between(1, 30)),
    };
  }
  if (roll < 0.81)
    return { actorId: patient, action: "appointment.book", targetType: "appointment", targetId: String(record()), outcome: "success", details: null };
  if (roll < 0.86)
    return {
      actorId: someone,
      action: "appointment.update",
      targetType: "appointment",
      targetId: String(record()),
      outcome: "success",
      details: JSON.stringify({ status: "cancelled" }),
    };
  if (roll < 0.91) return { actorId: doctor, action: "patient.read", targetType: "patient", targetId: String(patient), outcome: "success", details: ids(1) };
  if (roll < 0.96) return { actorId: someone, action: "auth.logout", targetType: null, targetId: null, outcome: "success", details: null };
  if (roll < 0.99) {
    return {
      actorId: doctor,
      action: "treatment_session.create",
      targetType: "treatment_session",
      targetId: String(random.between(1, LARGE_CLINIC.treatmentSessions)),
      outcome: "success",
      details: null,
    };
  }
  return {
    actorId: ADMIN_ID,
    action: "admin.read",
    targetType: "user",
    targetId: String(someone),
    outcome: random.chance(0.95) ? "success" : "denied",
    details: null,
  };
}

export async function seedAdminClinic(file: string, base: string, info: LargeClinicInfo, now = Date.now()): Promise<AdminClinicInfo> {
  copyFileSync(base, file);
  // The chain is keyed as the large clinic's was: the key lives beside the cached databases.
  const auditKey = loadAuditKey({ DATA_DIR: dirname(file) });
  const db = openForBulkLoad(file);
  const random = new Random(5_000_005);
  try {
    const tail = db.prepare(`select id, hash from audit_log order by id desc limit 1`).get() as { id: number; hash: string | null } | undefined;
    let previous = tail?.hash ?? "";
    const firstId = (tail?.id ?? 0) + 1;
    const start = now - DAYS * DAY_MS;
    const step = (now - MINUTE_MS - start) / AUDIT_ROWS;
    const phase = Date.now();
    insertRows(
      db,
      `insert into audit_log (id, occurred_at, actor_id, action, target_type, target_id, outcome, ip, user_agent, details, prev_hash, hash)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      (function* () {
        for (let n = 0; n < AUDIT_ROWS; n += 1) {
          const event = nextEvent(random);
          const row = {
            occurred_at: iso(start + (n + random.next()) * step),
            actor_id: event.actorId,
            action: event.action,
            target_type: event.targetType,
            target_id: event.targetId,
            outcome: event.outcome,
            ip: `10.${random.int(256)}.${random.int(256)}.${random.between(1, 254)}`,
            user_agent: random.pick(USER_AGENTS),
            details: event.details,
          };
          const hash = auditLink(auditKey, previous, row);
          yield [
            firstId + n,
            row.occurred_at,
            row.actor_id,
            row.action,
            row.target_type,
            row.target_id,
            row.outcome,
            row.ip,
            row.user_agent,
            row.details,
            previous,
            hash,
          ];
          previous = hash;
        }
      })(),
      100_000,
    );
    progress(`admin-clinic: ${AUDIT_ROWS} chained audit rows in ${formatMs(Date.now() - phase)}`);
  } finally {
    finishBulkLoad(db);
  }

  // The chain must verify as `pnpm clinic audit:verify` verifies it.
  const verifyStarted = Date.now();
  const handle = connect({ kind: "sqlite", file, auditKey });
  try {
    const check = await verifyAuditChain(handle.db, auditKey);
    const chain = {
      checked: check.checked,
      broken: check.firstBroken ? `row ${check.firstBroken.id}: ${check.firstBroken.reason}` : null,
      verifyMs: Date.now() - verifyStarted,
    };
    if (chain.broken) throw new Error(`the seeded audit chain does not verify: ${chain.broken}`);
    progress(`admin-clinic: chain of ${check.checked} rows verified in ${formatMs(chain.verifyMs)}`);
    return { ...info, counts: { ...info.counts, auditRows: check.checked }, auditRows: check.checked, chain };
  } finally {
    await handle.close();
  }
}

/** The cached admin clinic; rebuilt whenever the large clinic it copies is. */
export async function adminClinicDatabase(): Promise<CachedDatabase<AdminClinicInfo>> {
  const clinic = await largeClinicDatabase();
  return cachedDatabase({
    name: "admin-clinic",
    version: `${SEED_VERSION}+large-clinic@${clinic.seededAt}`,
    seed: (file) => seedAdminClinic(file, clinic.file, clinic.info),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  installCleanupHandlers();
  const admin = await adminClinicDatabase();
  process.stdout.write(
    `${JSON.stringify({ file: admin.file, reused: admin.reused, seededAt: admin.seededAt, seedMs: admin.seedMs, ...admin.info }, null, 2)}\n`,
  );
}
