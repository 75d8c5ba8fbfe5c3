import { trpc } from "./trpc";

/**
 * After a booking, a change or new session notes, everything that shows the schedule is re-read:
 * appointment lists and figures, notes and ratings, and the patient list's next and last sessions.
 */
export function useRefreshSchedule(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.appointments.invalidate(), utils.treatmentSessions.invalidate(), utils.patients.invalidate()]);
  };
}
