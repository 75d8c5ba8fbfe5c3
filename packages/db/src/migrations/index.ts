// Migrations are listed here, not read from a folder at run time, so the bundled server
// carries them inside its one file. Keys sort in the order they must run.
import type { Migration, MigrationProvider } from "kysely";
import type { AuditKey } from "../audit-chain";
import * as initial from "./2026-11-22T0000-initial";
import * as scheduling from "./2026-11-22T0100-scheduling";
import * as messaging from "./2026-11-22T0200-messaging";
import * as administration from "./2026-11-22T0300-administration";
import * as userFigures from "./2026-11-22T0400-user-figures";
import * as userCounts from "./2026-11-23T0000-user-counts";
import { keyedAuditChain } from "./2026-11-24T0000-keyed-audit-chain";
import * as careOrigins from "./2026-11-24T0100-care-origins-and-emergency-access";
import * as oneTimePasswordExpiry from "./2026-11-24T0200-one-time-password-expiry";
import * as throttleHits from "./2026-11-24T1000-throttle-hits";
import * as canonicalInstants from "./2026-11-24T1100-canonical-instants";
import * as moreCanonicalInstants from "./2026-11-24T1200-more-canonical-instants";
import * as twoStepSignIn from "./2026-11-25T0000-two-step-sign-in";
import * as accountNotices from "./2026-11-26T0000-account-notices";
import * as passkeys from "./2026-11-26T0100-passkeys";
import * as visits from "./2026-11-26T0200-visits";
import * as visitRooms from "./2026-11-26T0300-visit-rooms";
import * as messagingKeys from "./2026-11-26T0400-messaging-keys";
import * as passkeyUserHandles from "./2026-11-26T0500-passkey-user-handles";
import * as attachments from "./2026-11-26T0600-attachments";
import * as outcomeMeasures from "./2026-11-26T0700-outcome-measures";
import * as signedNotes from "./2026-11-26T0800-signed-notes";
import * as intakeAndConsent from "./2026-11-26T0900-intake-and-consent";
import * as splitSignInSecrets from "./2026-11-29T0100-split-sign-in-secrets";
import * as secondStepSecrets from "./2026-11-29T0200-second-step-secrets";
import * as derivedVisitWindows from "./2026-11-29T0300-derived-visit-windows";
import * as uploadQuotaAndEmergencyApproval from "./2026-11-29T0500-upload-quota-and-emergency-approval";
import * as outbox from "./2026-11-30T0000-outbox";
import * as appointmentConfirmation from "./2026-11-30T0200-appointment-confirmation";
import * as careNotices from "./2026-11-30T0400-care-notices";
import * as billing from "./2026-12-01T0000-billing";
import * as serviceKindIndex from "./2026-12-01T0001-service-kind-index";
import * as cardPayments from "./2026-12-01T1000-card-payments";
import * as diagnoses from "./2026-12-01T2000-diagnoses";
import * as providerCredentials from "./2026-12-01T2010-provider-credentials";
import * as billingDocuments from "./2026-12-01T2020-billing-documents";
import * as oldFormSweepIndexes from "./2026-12-01T3000-old-form-sweep-indexes";
import * as runningBalances from "./2026-12-02T2000-running-balances";
import * as estimateReviews from "./2026-12-02T4000-estimate-reviews";
import * as appointmentSeries from "./2026-12-03T1000-appointment-series";
import * as waitlist from "./2026-12-03T2000-waitlist";
import * as parties from "./2026-12-04T1000-parties";
import * as partyNotes from "./2026-12-05T1000-party-notes";

/** The migrations; the audit chain's key relinks the chain once (it lives outside the database). */
const migrations = (auditKey: AuditKey): Record<string, Migration> => ({
  "2026-11-22T0000-initial": initial,
  "2026-11-22T0100-scheduling": scheduling,
  "2026-11-22T0200-messaging": messaging,
  "2026-11-22T0300-administration": administration,
  "2026-11-22T0400-user-figures": userFigures,
  "2026-11-23T0000-user-counts": userCounts,
  "2026-11-24T0000-keyed-audit-chain": keyedAuditChain(auditKey),
  "2026-11-24T0100-care-origins-and-emergency-access": careOrigins,
  "2026-11-24T0200-one-time-password-expiry": oneTimePasswordExpiry,
  "2026-11-24T1000-throttle-hits": throttleHits,
  "2026-11-24T1100-canonical-instants": canonicalInstants,
  "2026-11-24T1200-more-canonical-instants": moreCanonicalInstants,
  "2026-11-25T0000-two-step-sign-in": twoStepSignIn,
  "2026-11-26T0000-account-notices": accountNotices,
  "2026-11-26T0100-passkeys": passkeys,
  "2026-11-26T0200-visits": visits,
  "2026-11-26T0300-visit-rooms": visitRooms,
  "2026-11-26T0400-messaging-keys": messagingKeys,
  "2026-11-26T0500-passkey-user-handles": passkeyUserHandles,
  "2026-11-26T0600-attachments": attachments,
  "2026-11-26T0700-outcome-measures": outcomeMeasures,
  "2026-11-26T0800-signed-notes": signedNotes,
  "2026-11-26T0900-intake-and-consent": intakeAndConsent,
  "2026-11-29T0100-split-sign-in-secrets": splitSignInSecrets,
  "2026-11-29T0200-second-step-secrets": secondStepSecrets,
  "2026-11-29T0300-derived-visit-windows": derivedVisitWindows,
  "2026-11-29T0500-upload-quota-and-emergency-approval": uploadQuotaAndEmergencyApproval,
  "2026-11-30T0000-outbox": outbox,
  "2026-11-30T0200-appointment-confirmation": appointmentConfirmation,
  "2026-11-30T0400-care-notices": careNotices,
  "2026-12-01T0000-billing": billing,
  "2026-12-01T0001-service-kind-index": serviceKindIndex,
  "2026-12-01T1000-card-payments": cardPayments,
  "2026-12-01T2000-diagnoses": diagnoses,
  "2026-12-01T2010-provider-credentials": providerCredentials,
  "2026-12-01T2020-billing-documents": billingDocuments,
  "2026-12-01T3000-old-form-sweep-indexes": oldFormSweepIndexes,
  "2026-12-02T2000-running-balances": runningBalances,
  "2026-12-02T4000-estimate-reviews": estimateReviews,
  "2026-12-03T1000-appointment-series": appointmentSeries,
  "2026-12-03T2000-waitlist": waitlist,
  "2026-12-04T1000-parties": parties,
  "2026-12-05T1000-party-notes": partyNotes,
});

export function migrationProvider(auditKey: AuditKey): MigrationProvider {
  return { getMigrations: async () => migrations(auditKey) };
}
