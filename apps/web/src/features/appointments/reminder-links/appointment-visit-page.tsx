import { useEffect } from "react";
import { useNavigate, useParams } from "react-router-dom";

import { PageLoading } from "../../../components/page-loading";
import { pageTitle } from "../../../lib/clinic";
import { trpc } from "../../../lib/trpc";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { LinkNotOpened } from "./link-not-opened";

/** An appointment's video visit, as a notice links to it (it knows the appointment, not the room): finds the room and goes there. */
export function AppointmentVisitPage() {
  useDocumentTitle(pageTitle("Video visit"));
  const appointmentId = Number(useParams().appointmentId);
  const navigate = useNavigate();
  const visit = trpc.visits.ofAppointment.useQuery({ id: appointmentId }, { enabled: Number.isInteger(appointmentId) && appointmentId > 0, retry: false });
  useEffect(() => {
    if (visit.data) navigate(`/visits/${visit.data.id}`, { replace: true });
  }, [visit.data, navigate]);

  if (visit.isError || !(appointmentId > 0)) {
    return (
      <LinkNotOpened
        eyebrow="Video visit"
        title="This visit could not be opened."
        reason={visit.error?.message ?? "This link is not complete."}
        way="Go to your appointments"
      />
    );
  }
  return <PageLoading label="Opening the video visit" />;
}
