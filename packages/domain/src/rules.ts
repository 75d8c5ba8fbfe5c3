// The browser's zod-free entry: the clinic's constants and pure rules, for pages that validate
// nothing. Building zod's schemas is work done as a module loads (about 65 ms of a desktop's CPU
// as the patient dashboard loaded, four times that on a phone), so a page that needs a limit or a
// chart rule reads it here; only a form that validates imports "./schemas".
export * from "./progress/progress";
export * from "./measures/instruments";
export * from "./visits/visit-times";
export * from "./treatment-sessions/note-limits";
export * from "./auth/password-length";
export * from "./messages/message-limits";
export * from "./emergency-access/reason-length";
export * from "./intake/intake-labels";
export { calendarDateIn } from "./appointments/slots";
export { isTimeZone } from "./time-zone";
export * from "./audit/typed-text";
export * from "./billing/money";
export { COUPLE_KINDS, GROUP_KINDS, cptCodeFor, ONE_PATIENT_KINDS, type ServiceKind } from "./billing/cpt";
export { GROUP_CAPACITY } from "./parties/group-capacity";
export { movable, takesNotes, PARTY_NOTES_NOT_YET, GROUP_NOT_MOVABLE } from "./parties/party-rules";
