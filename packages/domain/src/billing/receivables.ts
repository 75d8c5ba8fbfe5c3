// The clinic's receivables: who owes what, aged. Payments settle the oldest debts first, so what
// is still owed is the newest of a patient's debits; the database ages every balance in one
// grouped statement (agedBalances), one round trip however many patients owe.
import { agedBalances, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import type { RequestContext } from "../context";
import { csvDocument } from "../csv";
import type { Receivables } from "./billing.schema";
import { decimalAmount } from "./money";

type Admin = RequestContext & { user: User };

const DAY_MS = 86_400_000;

/** The instant `days` whole days before `now`: a debit is at least that many days old when created at or before it. */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

export async function receivables(ctx: Admin): Promise<Receivables> {
  const now = ctx.now();
  // Whole days since the debit, as the clinic's statements count them: 0–30 while under 31 days old.
  const patients = await agedBalances(ctx.db, { days31: daysBefore(now, 31), days61: daysBefore(now, 61), days91: daysBefore(now, 91) });
  const totals = { balanceMinor: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const row of patients) {
    for (const key of ["balanceMinor", "days0to30", "days31to60", "days61to90", "over90"] as const) totals[key] += row[key];
  }
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
