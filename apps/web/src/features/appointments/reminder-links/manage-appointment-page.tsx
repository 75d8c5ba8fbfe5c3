import type { Appointment } from "@halcyon/domain/schemas";
import { useEffect, useRef } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";

import { PageLoading } from "../../../components/page-loading";
import { useCurrentUser } from "../../../lib/auth/current-user";
import { pageTitle } from "../../../lib/clinic";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LinkNotOpened } from "./link-not-opened";

/** What the Appointments page is handed to open at once: the appointment a reminder's link named. */
export type OpenAppointmentState = { openAppointment?: Appointment };

/**
 * A reminder's "Cancel or reschedule" link lands here: after sign-in (and back), the server reads
 * the link — it must be this member's — and the Appointments page opens that appointment, where
 * cancelling and rescheduling follow the app's own rules (a late cancellation says so first).
 */
export function ManageAppointmentPage() {
  useDocumentTitle(pageTitle("Your appointment"));
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const token = useSearchParams()[0].get("token") ?? "";
  const navigate = useNavigate();
  const open = trpc.appointments.openManageLink.useMutation({
    onSuccess: (appointment) => navigate("/appointments", { replace: true, state: { openAppointment: appointment } satisfies OpenAppointmentState }),
  });
  // Once: the link is single-use, and a page drawn twice (development's strict mode) must not spend it twice.
  const asked = useRef(false);
  useEffect(() => {
    if (!user || token === "" || asked.current) return;
    asked.current = true;
    open.mutate({ token });
  }, [user, token, open]);

  if (!user) {
    if (isLoading) return <PageLoading label="Checking your session" />;
    return <Navigate to={`/auth?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (open.isError || token === "") {
    return (
      <LinkNotOpened
        eyebrow="Your appointment"
        title="This link could not open it."
        reason={open.error?.message ?? "This link is not complete. Open it again from the email."}
        way="Go to your appointments"
      />
    );
  }
  return <PageLoading label="Opening your appointment" />;
}
