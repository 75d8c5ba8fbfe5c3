import type { Appointment, PatientSummary, PublicUser, TreatmentSession } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { ArrowLeft, CalendarHeart, CalendarPlus, NotebookText, UserRoundSearch } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { ProgressChart } from "../../components/progress/progress-chart";
import { SessionNote } from "../../components/progress/session-note";
import { RecordDownloadLink } from "../../components/record-download-link";
import { ClinicalNote } from "../../components/session-notes/clinical-note";
import { IntakeStatusCard } from "../intake/intake-status-card";
import { AppointmentDialogsProvider } from "../../components/scheduling/appointment-dialogs";
import { AppointmentRow } from "../../components/scheduling/appointment-row";
import { BookSessionDialog } from "../../components/scheduling/book-session-dialog";
import { SectionCard } from "../../components/section-card";
import { AssignMeasure } from "../measures/assign-measure";
import { PatientMeasures } from "../measures/patient-measures";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useClinicZoneReads } from "../../lib/clinic-profile";
import { pageTitle } from "../../lib/clinic";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { EstimateList, SuperbillDownload } from "../billing-documents/billing-documents-section";
import { PatientDiagnoses } from "./patient-diagnoses";
import { EmergencyAccessNotice, NotInCare, openAccessOf, type OpenEmergencyAccess } from "./emergency-access";

const SESSIONS_READ = 50;
const LOOK_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;
/** Without the patient handed over by the list (a reload, a shared link), their details come from the list itself. */
const LOOKUP_LIMIT = 200;

/** One patient's progress chart, their sessions with this doctor, and every session's notes. */
export function PatientHistoryPage() {
  const { user } = useCurrentUser();
  const params = useParams();
  const patientId = Number(params.patientId);
  const validId = Number.isInteger(patientId) && patientId > 0;
  const handedOver = (useLocation().state as { patient?: PatientSummary } | null)?.patient;
  const known = handedOver?.id === patientId ? handedOver : undefined;

  // One batch on load: every read of the page is issued in the same render.
  const sessions = trpc.treatmentSessions.list.useQuery({ userId: patientId }, { enabled: validId });
  // Every session, however long ago: an explicit end means no default "last 30 days" start.
  const [until] = useState(() => new Date(Date.now() + LOOK_AHEAD_MS).toISOString());
  const appointments = trpc.appointments.list.useQuery({ patientId, to: until, order: "desc", limit: SESSIONS_READ }, { enabled: validId });
  const lookup = trpc.patients.list.useQuery({ limit: LOOKUP_LIMIT }, { enabled: validId && !known });
  // Its times say when the viewer is not in the clinic's time zone: they wait for the zone.
  const zoneReads = useClinicZoneReads();
  // A doctor may hold emergency access to a patient not in their care.
  const isDoctor = user?.role === "doctor";
  const emergency = trpc.emergencyAccess.current.useQuery({ patientId }, { enabled: validId && isDoctor });

  const patient = known ?? lookup.data?.find((candidate) => candidate.id === patientId);
  const name = patient ? `${patient.firstName} ${patient.lastName}` : (emergency.data?.patientName ?? appointments.data?.[0]?.patientName);
  const notFound = !validId || sessions.error?.data?.code === "NOT_FOUND";
  useDocumentTitle(pageTitle(notFound ? (isDoctor && validId ? "Not in your care" : "Patient not found") : (name ?? "Patient")));

  if (!user) return null;
  if (notFound) return isDoctor && validId ? <NotInCare patientId={patientId} /> : <PatientNotFound />;
  const queries = [sessions, appointments, ...zoneReads, ...(known ? [] : [lookup]), ...(isDoctor ? [emergency] : [])];
  if (!queriesSettled(queries) || !sessions.data || !appointments.data) {
    return <PageQueriesFallback queries={queries} loading="Opening the patient's history" what="this patient's history" />;
  }

  return (
    <TooltipProvider>
      <AppointmentDialogsProvider>
        <PatientHistory
          user={user}
          patientId={patientId}
          name={name ?? "Your patient"}
          patient={patient}
          sessions={sessions.data}
          appointments={appointments.data}
          emergency={openAccessOf(emergency.data)}
        />
      </AppointmentDialogsProvider>
    </TooltipProvider>
  );
}

type PatientHistoryProps = {
  user: PublicUser;
  patientId: number;
  name: string;
  patient: PatientSummary | undefined;
  sessions: TreatmentSession[];
  appointments: Appointment[];
  /** The doctor's emergency access, when that is what opened the record. */
  emergency: OpenEmergencyAccess | null;
};

function PatientHistory({ user, patientId, name, patient, sessions, appointments, emergency }: PatientHistoryProps) {
  const [booking, setBooking] = useState(false);
  const details = patient
    ? [`Born ${formatDate(`${patient.dateOfBirth}T12:00:00Z`, { timeZone: "UTC" })}`, patient.phoneNumber, patient.email].filter(Boolean).join(" · ")
    : undefined;

  return (
    <MemberPage
      eyebrow="Patient progress"
      title={name}
      lead={details}
      actions={
        <>
          {user.role === "doctor" && !emergency ? (
            <Button onClick={() => setBooking(true)}>
              <CalendarPlus aria-hidden="true" />
              Schedule Appointment
            </Button>
          ) : null}
          {emergency ? null : <RecordDownloadLink patientId={patientId} label="Record (PDF)" />}
          <Button asChild variant="outline">
            <Link to="/patients">
              <ArrowLeft aria-hidden="true" />
              All patients
            </Link>
          </Button>
        </>
      }
    >
      {emergency ? <EmergencyAccessNotice access={emergency} /> : null}
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1.55fr)_minmax(0,1fr)]">
        <SectionCard title="Progress Over Time" description="Ratings of recent sessions, out of 10.">
          <ProgressChart sessions={sessions} patient={{ firstName: patient?.firstName ?? name, fullName: name }} />
        </SectionCard>
        <SectionCard title="Sessions" description={user.role === "doctor" ? "With you, newest first." : "Newest first."}>
          {appointments.length === 0 ? (
            <EmptyState icon={CalendarHeart} title="No sessions yet">
              Booked and past sessions will be listed here.
            </EmptyState>
          ) : (
            <ul className="grid gap-6">
              {appointments.map((appointment) => (
                <li key={appointment.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
                  <AppointmentRow appointment={appointment} viewer={user} />
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>

      <PatientDiagnoses patientId={patientId} canWrite={user.role === "doctor" && !emergency} />
      {emergency ? null : (
        <SectionCard title="Billing documents" description="The patient's Good Faith Estimates, and a superbill of any dates." className="mt-8">
          <div className="grid gap-6">
            <EstimateList patientId={patientId} />
            <SuperbillDownload patientId={patientId} />
          </div>
        </SectionCard>
      )}

      {/* Emergency access opens the session notes only: not the questionnaires, not the intake. */}
      {emergency ? null : (
        <>
          <SectionCard
            title="Questionnaires"
            description="PHQ-9 and GAD-7 over time, their bands shaded."
            action={user.role === "doctor" ? <AssignMeasure patientId={patientId} patientName={name} /> : undefined}
            className="mt-8"
          >
            <PatientMeasures patientId={patientId} subject={name} />
          </SectionCard>
          <IntakeStatusCard patientId={patientId} subject={patient?.firstName ?? name} />
        </>
      )}

      <SectionCard title="Session notes" description="Every session's notes and rating, newest first." className="mt-8">
        {sessions.length === 0 ? (
          <EmptyState icon={NotebookText} title="No notes yet">
            Notes written after each session will be gathered here.
          </EmptyState>
        ) : (
          <ul className="grid gap-6">
            {sessions.map((session) => (
              <li key={session.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
                <SessionNote session={session} />
                <ClinicalNote session={session} viewer={user} appointment={noteAppointment(session, appointments, name)} inCare={!emergency} />
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      {user.role === "doctor" ? (
        <BookSessionDialog open={booking} onOpenChange={setBooking} bookingFor={{ kind: "patient", doctorId: user.id, patientId }} />
      ) : null}
    </MemberPage>
  );
}

function PatientNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-5 py-24 text-center">
      <h1 className="sr-only">Patient not found</h1>
      <EmptyState
        icon={UserRoundSearch}
        title="We couldn't find this patient"
        action={
          <Button asChild variant="outline">
            <Link to="/patients">Back to your patients</Link>
          </Button>
        }
      >
        They may not be in your care, or the link may be mistyped.
      </EmptyState>
    </div>
  );
}

/** The session a note belongs to, for the editor's heading: from the list when it is there. */
function noteAppointment(
  session: TreatmentSession,
  appointments: Appointment[],
  patientName: string,
): Pick<Appointment, "id" | "patientName" | "title" | "startTime"> | undefined {
  if (session.appointmentId === null) return undefined;
  const appointment = appointments.find((candidate) => candidate.id === session.appointmentId);
  return appointment ?? { id: session.appointmentId, patientName, title: "Session", startTime: session.createdAt };
}
