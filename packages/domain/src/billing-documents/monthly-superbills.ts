// The monthly superbill a patient may ask for (their switch under Billing): once the month is over
// on the clinic's clock, the sweep issues that month's, once per patient and month however many
// instances look (issued_superbills is unique), and emails its notice when it lists a paid visit.
import { TZDate } from "@date-fns/tz";
import { markSuperbillIssued, monthlySuperbillPatients, superbillWasIssued } from "@halcyon/db";
import { format, lastDayOfMonth, subMonths } from "date-fns";
import { recordAudit } from "../audit/audit";
import type { ClinicServices } from "../context";
import { enqueueNotices } from "../notices/outbox";
import { superbillOf } from "./superbills";

type SweepServices = Pick<ClinicServices, "db" | "config" | "now" | "audit">;

/** The calendar month before `now`'s, on the clinic's clock: [first day, last day]. */
export function previousMonth(now: Date, timeZone: string): { from: string; to: string } {
  const month = subMonths(new TZDate(now.getTime(), timeZone), 1);
  return { from: format(month, "yyyy-MM-01"), to: format(lastDayOfMonth(month), "yyyy-MM-dd") };
}

export async function issueMonthlySuperbills(services: SweepServices): Promise<void> {
  const { from, to } = previousMonth(services.now(), services.config.clinicTimeZone);
  for (const patientId of await monthlySuperbillPatients(services.db)) {
    if (await superbillWasIssued(services.db, patientId, from, to)) continue;
    const superbill = await superbillOf(services, patientId, from, to);
    await services.db.transaction().execute(async (trx) => {
      if (!(await markSuperbillIssued(trx, { patientId, from, to, issuedAt: superbill.issuedAt }))) return;
      // A month without a paid visit has nothing to send; it is marked all the same, looked at once.
      if (superbill.lines.length === 0) return;
      await enqueueNotices(services, trx, [
        { kind: "billing_document_ready", userId: patientId, params: { document: "superbill" }, dedupeKey: `superbill:${patientId}:${from}` },
      ]);
      await recordAudit(
        services,
        {
          actorId: null,
          action: "billing.superbill_issue",
          outcome: "success",
          targetType: "patient",
          targetId: patientId,
          details: { from, to, sessions: superbill.lines.length },
        },
        trx,
      );
    });
  }
}
