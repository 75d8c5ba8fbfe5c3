import type { AdminUser, CareOrigin, CareTeamMember } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { Stethoscope } from "lucide-react";
import { useState, type FormEvent } from "react";

import { trpc } from "../../lib/trpc";
import { EmptyState } from "./admin-shell";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";
import { messageOf, toastFailure, toastSuccess } from "./feedback";
import { formatDay, fullName } from "./people";
import { SelectField } from "./select-field";

const ORIGIN_WORDS: Record<CareOrigin, string> = {
  booking: "by booking",
  doctor: "added by the doctor",
  admin: "assigned by an admin",
};

const doctorName = (member: Pick<CareTeamMember, "firstName" | "lastName">) => `Dr. ${member.firstName} ${member.lastName}`;

/** A patient's doctors: who may read their record and book for them; an admin assigns and ends. */
export function CareTeamDialog({ patient, onClose }: { patient: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={patient !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">{patient ? <CareTeam key={patient.id} patient={patient} /> : null}</DialogContent>
    </Dialog>
  );
}

function CareTeam({ patient }: { patient: AdminUser }) {
  const team = trpc.care.team.useQuery({ patientId: patient.id });
  const name = fullName(patient);

  return (
    <div className="grid gap-6">
      <DialogHeader>
        <DialogTitle>{name}&rsquo;s care team</DialogTitle>
        <DialogDescription>
          These doctors may read {patient.firstName}&rsquo;s session notes and book sessions for them. Ending a doctor&rsquo;s care closes the record to them at
          once and cancels the sessions still to come between them.
        </DialogDescription>
      </DialogHeader>

      {team.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the care team…</span>
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
        </div>
      ) : team.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-rose-700/30 bg-rose-50 p-4 text-sm text-rose-700">
          <p>The care team could not be loaded. {messageOf(team.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </div>
      ) : team.data.length === 0 ? (
        <EmptyState title="In no one's care yet" className="py-8">
          {patient.firstName} joins a doctor&rsquo;s care by booking a session with them, or when you assign one below.
        </EmptyState>
      ) : (
        <ul aria-label="Doctors caring for this patient" className="grid gap-3">
          {team.data.map((member) => (
            <CareTeamRow key={member.doctorId} patient={patient} member={member} />
          ))}
        </ul>
      )}

      {team.data ? <AssignDoctor patient={patient} team={team.data} /> : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

function useRefreshCare(patientId: number) {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.care.team.invalidate({ patientId }), utils.admin.auditLog.invalidate(), utils.admin.stats.invalidate()]);
}

function CareTeamRow({ patient, member }: { patient: AdminUser; member: CareTeamMember }) {
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefreshCare(patient.id);
  const end = trpc.care.end.useMutation({
    onSuccess: async ({ cancelledSessions }) => {
      await refresh();
      toastSuccess(
        "Care ended",
        `${doctorName(member)} no longer has access to ${patient.firstName}'s record.${
          cancelledSessions > 0 ? ` ${cancelledSessions} upcoming session${cancelledSessions === 1 ? " was" : "s were"} cancelled.` : ""
        }`,
      );
    },
    onError: (error) => toastFailure("Care was not ended", error),
  });

  return (
    <li data-testid="care-team-member" className="rounded-lg border border-hairline bg-ivory-50/70 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-ink-900 text-gold-300">
            <Stethoscope className="size-4" strokeWidth={1.4} aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="font-medium text-ink-900">{doctorName(member)}</p>
            <p className="text-xs leading-relaxed text-muted-foreground">
              {member.specialization ? `${member.specialization} · ` : ""}since {formatDay(member.since)}, {ORIGIN_WORDS[member.origin]}
            </p>
          </div>
        </div>
        {confirming ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="self-start text-rose-700 hover:bg-rose-50 sm:self-center"
            aria-label={`End care of ${doctorName(member)}`}
            onClick={() => setConfirming(true)}
          >
            End care
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="group" aria-label={`End ${doctorName(member)}'s care?`} className="mt-4 border-t border-ivory-300 pt-4">
          <p className="text-sm leading-relaxed text-ink-900">
            End {doctorName(member)}&rsquo;s care of {patient.firstName}? Their access to the record ends now, and their sessions with {patient.firstName} still
            to come are cancelled.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" disabled={end.isPending} onClick={() => end.mutate({ patientId: patient.id, doctorId: member.doctorId })}>
              {end.isPending ? "Ending care…" : "End care"}
            </Button>
            <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function AssignDoctor({ patient, team }: { patient: AdminUser; team: CareTeamMember[] }) {
  const doctors = trpc.doctors.list.useQuery();
  const [doctorId, setDoctorId] = useState("");
  const refresh = useRefreshCare(patient.id);
  const recheck = useRecheckWhenAsked({ title: "Assign this doctor?", actionLabel: "Assign", busyLabel: "Assigning…" });
  const assign = trpc.care.assign.useMutation({
    onSuccess: async () => {
      await refresh();
      const chosen = doctors.data?.find((doctor) => String(doctor.id) === doctorId);
      toastSuccess("Doctor assigned", `${chosen ? doctorName(chosen) : "The doctor"} may now read ${patient.firstName}'s record and book sessions for them.`);
      setDoctorId("");
    },
    onError: (error, input) => {
      if (!recheck.offer(error, () => assign.mutateAsync(input))) toastFailure("The doctor was not assigned", error);
    },
  });
  const inTeam = new Set(team.map((member) => member.doctorId));
  const choices = (doctors.data ?? []).filter((doctor) => !inTeam.has(doctor.id));

  if (patient.deactivatedAt) {
    return <p className="text-sm text-muted-foreground">{patient.firstName}&rsquo;s account is deactivated: reactivate it to assign a doctor.</p>;
  }
  if (doctors.isSuccess && choices.length === 0) {
    return <p className="text-sm text-muted-foreground">Every doctor of the clinic already cares for {patient.firstName}.</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!doctorId) return;
    assign.mutate({ patientId: patient.id, doctorId: Number(doctorId) });
  };

  return (
    <>
      <form onSubmit={submit} className="grid gap-3 rounded-lg border border-hairline p-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <SelectField
          id={`assign-doctor-${patient.id}`}
          label="Assign a doctor"
          placeholder="Choose a doctor"
          value={doctorId}
          onValueChange={setDoctorId}
          disabled={!doctors.isSuccess}
          options={choices.map((doctor) => ({ value: String(doctor.id), label: `${doctorName(doctor)} · ${doctor.specialization}` }))}
        />
        <Button type="submit" disabled={!doctorId || assign.isPending}>
          {assign.isPending ? "Assigning…" : "Assign"}
        </Button>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into this one. */}
      {recheck.dialog}
    </>
  );
}
