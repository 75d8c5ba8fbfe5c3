import { trpc } from "./trpc";

/**
 * After a booking, a change or new session notes, everything that shows the schedule is re-read:
 * appointment lists and figures, notes and ratings, and the patient list's next and last sessions.
 */
export function useRefreshSchedule(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    // Not the private psychotherapy notes: each reading of one is audited, so it is read only when asked.
    await Promise.all([
      utils.appointments.invalidate(),
      // A series' preview shows which dates are taken: a booking or a change may have taken one.
      utils.series.invalidate(),
      utils.treatmentSessions.list.invalidate(),
      utils.treatmentSessions.unsigned.invalidate(),
      utils.patients.invalidate(),
    ]);
  };
}
