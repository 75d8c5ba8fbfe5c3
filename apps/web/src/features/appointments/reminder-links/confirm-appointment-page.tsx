import { Button } from "@halcyon/ui/components/button";
import { CalendarCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";

import { StatusPage } from "../../../components/status-page";
import { pageTitle } from "../../../lib/clinic";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LinkNotOpened } from "./link-not-opened";
import { whenHere } from "./when-here";

/**
 * A reminder's Confirm link lands here (no sign-in: the signed link is the proof). Confirming is
 * a press of a button, not the visit itself, so a mail scanner that opens links confirms nothing.
 */
export function ConfirmAppointmentPage() {
  useDocumentTitle(pageTitle("Confirm your appointment"));
  const token = useSearchParams()[0].get("token") ?? "";
  const confirm = trpc.appointments.confirmFromLink.useMutation();

  if (confirm.isSuccess) {
    return (
      <StatusPage
        glow="sage"
        eyebrow="Appointment confirmed"
        title="Thank you, we will see you then."
        lead={`Your appointment on ${whenHere(confirm.data.startTime)} is confirmed. The clinic can see that you are coming.`}
        actions={
          <Button asChild size="lg" variant="outline">
            <Link to="/appointments">See your appointments</Link>
          </Button>
        }
      />
    );
  }
  if (confirm.isError || token === "") {
    return (
      <LinkNotOpened
        eyebrow="Confirm your appointment"
        title="This link could not confirm it."
        reason={confirm.error?.message ?? "This link is not complete. Open it again from the email, or sign in to see your appointments."}
        way="Sign in to your appointments"
      />
    );
  }
  return (
    <StatusPage
      glow="sage"
      eyebrow="Confirm your appointment"
      title="Will you be there?"
      lead="Confirm your appointment and the clinic will know you are coming. If the time no longer suits you, use the email’s other link to cancel or reschedule."
      actions={
        <Button size="lg" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
          <CalendarCheck aria-hidden="true" />
          {confirm.isPending ? "Confirming…" : "Yes, I will be there"}
        </Button>
      }
    />
  );
}
