// The clinic's public profile (GET /api/clinic): its hours, cancellation window and bookable
// clinicians, as its settings say now. Read once and kept a few minutes: it changes rarely.
import { trpc } from "./trpc";

export const PROFILE_FRESH_MS = 5 * 60_000;

export function useClinicProfile() {
  return trpc.clinic.profile.useQuery(undefined, { staleTime: PROFILE_FRESH_MS });
}

/** The clinic's cancellation window in hours; undefined until it is known. */
export function useCancellationWindowHours(): number | undefined {
  return useClinicProfile().data?.cancellationWindowHours;
}
