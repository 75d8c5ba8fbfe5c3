// The browser-safe entry of the domain: schemas, types and pure functions only. Nothing here may
// import the database, argon2 or Node built-ins.
export * from "./users/user.schema";
export * from "./auth/auth.schema";
export * from "./doctors/doctor.schema";
export * from "./appointments/appointment.schema";
export * from "./appointments/activity.schema";
export * from "./treatment-sessions/treatment-session.schema";
export * from "./patients/patient.schema";
export * from "./care/care.schema";
export * from "./emergency-access/emergency-access.schema";
export * from "./progress/progress";
export * from "./messages/message.schema";
export * from "./admin/admin.schema";
export { isTimeZone } from "./time-zone";
export { idOf, recordId, MAX_RECORD_ID } from "./record-id";
export * from "./clinic/clinic.schema";
export { SESSION_LENGTH_MS, CLINIC_DEFAULT_HOURS, calendarDateIn, zonedInstant, type WorkingPeriod } from "./appointments/slots";
export * from "./account/account.schema";
export * from "./two-step/two-step.schema";
export * from "./two-step/passkeys.schema";
export * from "./visits/visit.schema";
export * from "./clinic/crisis-resource.schema";
export * from "./measures/instruments";
export * from "./measures/measure.schema";
export * from "./intake/intake.schema";
