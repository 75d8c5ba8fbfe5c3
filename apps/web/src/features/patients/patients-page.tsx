import type { PatientSummary } from "@halcyon/domain/schemas";
import { Avatar, AvatarFallback } from "@halcyon/ui/components/avatar";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { keepPreviousData } from "@tanstack/react-query";
import { ArrowRight, Search, UserPlus, UsersRound } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { LoadFailed } from "../../components/load-failed";
import { MemberPage } from "../../components/member-page";
import { PageLoading } from "../../components/page-loading";
import { AddPatientDialog } from "../../components/patients/add-patient-dialog";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useClinicZoneReads } from "../../lib/clinic-profile";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { pageTitle } from "../../lib/clinic";
import { monogramOf } from "../../lib/monogram";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";

const PAGE_SIZE = 60;

/** The doctor's patients (an admin's: everyone's), each leading to their progress and history. */
export function PatientsPage() {
  useDocumentTitle(pageTitle("Patients"));
  const { user } = useCurrentUser();
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search.trim());
  const patients = trpc.patients.list.useQuery({ ...(term ? { search: term } : {}), limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  // Its times say when the viewer is not in the clinic's time zone: they wait for the zone.
  const zoneReads = useClinicZoneReads();
  const [adding, setAdding] = useState(false);

  if (!user) return null;
  if ((patients.isPending && !patients.isError) || zoneReads.length > 0) return <PageLoading label="Gathering your patients" />;
  if (!patients.data) {
    return (
      <div className="mx-auto max-w-3xl px-5 py-24">
        <LoadFailed what="your patients" reason={patients.error?.message} retrying={patients.isFetching} onRetry={() => void patients.refetch()} />
      </div>
    );
  }

  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <UserPlus aria-hidden="true" />
      Add New Patient
    </Button>
  );

  return (
    <MemberPage
      eyebrow="Patient progress"
      title={user.role === "doctor" ? `Your patients, Dr. ${user.lastName}.` : "The clinic's patients."}
      lead="Everyone in your care, with their last session, latest rating and next appointment. Open a patient for their progress and history."
      actions={addButton}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor="patient-search" className="sr-only">
            Search patients
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-gold-700" aria-hidden="true" />
          <Input
            id="patient-search"
            type="search"
            value={search}
            placeholder="Search by name"
            className="pl-11"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {patients.isFetching && patients.isPlaceholderData
            ? "Searching…"
            : `${patients.data.length}${patients.data.length === PAGE_SIZE ? "+" : ""} ${patients.data.length === 1 ? "patient" : "patients"}`}
        </p>
      </div>

      <div className="mt-8">
        {patients.data.length === 0 ? (
          term ? (
            <EmptyState icon={Search} title={`No one matches “${term}”`}>
              Try a first or last name, or part of one.
            </EmptyState>
          ) : (
            <EmptyState icon={UsersRound} title="No patients yet" action={addButton}>
              Patients appear here once they book with you, or when you add them.
            </EmptyState>
          )
        ) : (
          <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {patients.data.map((patient) => (
              <li key={patient.id} className="flex">
                <PatientCard patient={patient} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <AddPatientDialog open={adding} onOpenChange={setAdding} />
    </MemberPage>
  );
}

function PatientCard({ patient }: { patient: PatientSummary }) {
  const format = useTimeFormat();
  const name = `${patient.firstName} ${patient.lastName}`;
  return (
    <Link
      to={`/patients/${patient.id}`}
      state={{ patient }}
      className="group flex w-full flex-col gap-5 rounded-xl border border-hairline bg-card p-6 shadow-soft transition-[transform,box-shadow] duration-500 ease-out hover:-translate-y-0.5 hover:shadow-lifted"
    >
      <div className="flex items-center gap-4">
        <Avatar className="size-12">
          <AvatarFallback aria-hidden="true" className="text-base">
            {monogramOf(patient.firstName, patient.lastName)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-2xl leading-tight text-ink-900">{name}</p>
          <p className="truncate text-xs text-muted-foreground">
            Born {formatDate(`${patient.dateOfBirth}T12:00:00Z`, { timeZone: "UTC" })} · {patient.username}
          </p>
        </div>
        <ArrowRight className="size-4 shrink-0 text-gold-700 transition-transform duration-300 group-hover:translate-x-1" aria-hidden="true" />
      </div>
      <dl className="grid grid-cols-3 gap-3 border-t border-ivory-300 pt-4 text-sm">
        <div className="min-w-0">
          <dt className="text-[0.65rem] font-semibold tracking-[0.16em] text-stone-600 uppercase">Last session</dt>
          <dd className="mt-1 text-ink-900">{patient.lastSessionAt ? format.date(patient.lastSessionAt) : "None yet"}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-[0.65rem] font-semibold tracking-[0.16em] text-stone-600 uppercase">Latest rating</dt>
          <dd className="mt-1 text-ink-900">{patient.latestRating ? `${patient.latestRating}/10` : "—"}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-[0.65rem] font-semibold tracking-[0.16em] text-stone-600 uppercase">Next</dt>
          <dd className="mt-1 text-ink-900">{patient.nextAppointmentAt ? format.shortDay(patient.nextAppointmentAt) : "None booked"}</dd>
        </div>
      </dl>
    </Link>
  );
}
