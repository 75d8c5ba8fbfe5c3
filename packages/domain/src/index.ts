// The server-side entry of the domain. The web app may import only types from here
// (`import type { AppRouter }`); its runtime imports come from "@halcyon/domain/rules" (constants
// and pure rules, without zod) and "@halcyon/domain/schemas" (the schemas forms validate with).
export { appRouter, createCaller, type AppRouter } from "./router";
export type { AuditSink, ClinicServices, RequestContext, RequestMeta, SessionCookieJar } from "./context";
export { DEFAULT_CLINIC_CONFIG, type ClinicConfig } from "./config";
export { createClinicServices, type ClinicServicesOptions } from "./services";
export { parseClientInput } from "./client-input";
export { AppError, toPublicError, INTERNAL_ERROR_MESSAGE, type PublicError, type AppErrorCode } from "./errors";
export { resolveLoginSession, endAllLoginSessionsOf, hashSessionToken } from "./auth/sessions";
export { NEW_PASSWORD_REQUIRED, ONE_TIME_PASSWORD_LIFETIME_MS } from "./auth/one-time-passwords";
export { assertFullAccess, SIGN_IN_REQUIRED, TWO_STEP_SETUP_NEEDED, userInRole } from "./auth/full-access";
export { purgeExpiredAttempts } from "./auth/throttle";
export { totpCodeAt } from "./two-step/totp";
export { createUser, type CreateUserInput } from "./users/create-user";
export { resetPassword } from "./users/reset-password";
export { resetTwoStepFromConsole } from "./two-step/two-step";
export { isEmptyClinic, seedDemoClinic, DEMO_ACCOUNTS, DEMO_PASSWORDS } from "./demo/seed-demo-clinic";
export { accountsWithDemoPasswords } from "./demo/demo-passwords";
export { calendarFeedFor } from "./calendar/calendar-feed";
export { attachmentOf, purgeUnclaimedUploads, uploadAttachment, ATTACHMENT_MAX_UPLOAD_BYTES, ATTACHMENT_TOO_LARGE } from "./messages/attachments";
export { auditLogCsv } from "./admin/audit-log";
export { patientRecord, type PatientRecord } from "./patients/patient-record";
export { loadSettings } from "./admin/settings";
export { recordAudit } from "./audit/audit";
export { REFUSAL_WINDOW_MS, type RefusalDetails, type RefusalKind } from "./audit/refusals";
export { auditRefusal } from "./trpc";
export { createLocalEventBus, VISIT_EVENT_TYPES, type ClinicEvent, type ClinicEventBus, type VisitEventType } from "./events/clinic-events";
export { admitToVisit, endVisit, joinVisit, leaveVisit, type Joined, type Seat } from "./visits/visit-room";
export * from "./schemas";
