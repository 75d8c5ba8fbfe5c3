// The clinic's receivables: who owes what, aged. Payments settle the oldest debts first, so what
// is still owed is the newest of a patient's debits: a balance is aged by walking their debits
// from the newest back until it is covered, each part by the age of the debit it came from.
import { debitsNewestFirst, owingPatients, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import type { RequestContext } from "../context";
import { csvDocument } from "../csv";
import type { Receivables } from "./billing.schema";
import { decimalAmount } from "./money";

type Admin = RequestContext & { user: User };

const DAY_MS = 86_400_000;
type Bucket = "days0to30" | "days31to60" | "days61to90" | "over90";

function bucketOf(ageDays: number): Bucket {
  return ageDays <= 30 ? "days0to30" : ageDays <= 60 ? "days31to60" : ageDays <= 90 ? "days61to90" : "over90";
}

export async function receivables(ctx: Admin): Promise<Receivables> {
  const now = ctx.now();
  const owing = await owingPatients(ctx.db);
  const debits = await debitsNewestFirst(
    ctx.db,
    owing.map((patient) => patient.patientId),
  );
  const byPatient = new Map<number, typeof debits>();
  for (const debit of debits) {
    const list = byPatient.get(debit.patientId);
    if (list) list.push(debit);
    else byPatient.set(debit.patientId, [debit]);
  }
  const totals = { balanceMinor: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  const patients = owing.map((patient) => {
    const row = { ...patient, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    let left = patient.balanceMinor;
    for (const debit of byPatient.get(patient.patientId) ?? []) {
      if (left === 0) break;
      const part = Math.min(left, debit.amountMinor);
      // Whole days since the debit, as the clinic's statements count them.
      row[bucketOf(Math.floor((now.getTime() - Date.parse(debit.createdAt)) / DAY_MS))] += part;
      left -= part;
    }
    for (const key of ["balanceMinor", "days0to30", "days31to60", "days61to90", "over90"] as const) totals[key] += row[key];
    return row;
  });
  return { currency: ctx.config.billing.currency, asOf: now.toISOString(), totals, patients };
}

/** The receivables as CSV (amounts in major units, like 1234.50), audited as an export. */
export async function receivablesCsv(ctx: Admin): Promise<string> {
  const report = await receivables(ctx);
  const money = (minor: number) => decimalAmount(minor, report.currency);
  const rows: unknown[][] = [["patient_id", "patient", "currency", "balance", "0-30 days", "31-60 days", "61-90 days", "over 90 days"]];
  for (const p of report.patients) {
    rows.push([
      p.patientId,
      p.patientName,
      report.currency,
      money(p.balanceMinor),
      money(p.days0to30),
      money(p.days31to60),
      money(p.days61to90),
      money(p.over90),
    ]);
  }
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "billing.receivables_export",
    outcome: "success",
    request: ctx.request,
    details: { rows: rows.length - 1 },
  });
  return csvDocument(rows);
}

/** The receivables on screen: an audited read of every owing patient's balance. */
export async function readReceivables(ctx: Admin): Promise<Receivables> {
  const report = await receivables(ctx);
  await auditRead(
    ctx,
    "billing.read",
    { type: "receivables" },
    report.patients.map((p) => p.patientId),
  );
  return report;
}
