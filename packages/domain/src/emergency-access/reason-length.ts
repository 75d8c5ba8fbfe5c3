// How much a doctor must write to open a record in an emergency. Plain values, without zod, so
// that a page can read them through the browser's zod-free entry (rules.ts).
export const EMERGENCY_REASON_MIN = 20;
export const EMERGENCY_REASON_MAX = 2000;
