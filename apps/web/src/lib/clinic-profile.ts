// The clinic's public profile (GET /api/clinic): its hours, cancellation window and bookable
// clinicians, as its settings say now. Read as the app starts (app/first-reads.ts), and again
// when a page asks after a few minutes: it changes rarely.
import { trpc } from "./trpc";

/** Fresh for a few minutes, and kept for the whole visit: while it is read again, pages still know the cancellation window. */
export const CLINIC_PROFILE_OPTIONS = { staleTime: 5 * 60_000, gcTime: Infinity };

export function useClinicProfile() {
  return trpc.clinic.profile.useQuery(undefined, CLINIC_PROFILE_OPTIONS);
}

/** The clinic's cancellation window in hours; undefined until it is known. */
export function useCancellationWindowHours(): number | undefined {
  return useClinicProfile().data?.cancellationWindowHours;
}

/**
 * What a page whose times say when the viewer is not in the clinic's zone waits for, with its own
 * reads: the profile's first read. Should it fail, the page still shows its times, in the viewer's
 * zone as ever, only without the label.
 */
export function useClinicZoneReads() {
  const profile = useClinicProfile();
  return profile.isPending ? [profile] : [];
}
