// What the API's download routes and scheduler call of the billing documents.
import type { ClinicServices } from "../context";
import { issueDueEstimates } from "./estimates";
import { issueMonthlySuperbills } from "./monthly-superbills";

export { estimateForDownload, invoiceForDownload, superbillForDownload } from "./billing-documents";
export type * from "./document-inputs";
export { ESTIMATES_PER_SWEEP, issueDueEstimates, issueEstimateIfChanged } from "./estimates";
export { issueMonthlySuperbills, previousMonth } from "./monthly-superbills";

/** The documents no single request issues: estimates whose basis changed, last month's superbills. Run every minute with the care sweeps. */
export async function runBillingDocumentSweeps(services: Pick<ClinicServices, "db" | "config" | "now" | "audit">): Promise<void> {
  await issueDueEstimates(services);
  await issueMonthlySuperbills(services);
}
