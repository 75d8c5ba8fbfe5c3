import type { AdminUser } from "@halcyon/domain/schemas";
import { Avatar, AvatarFallback } from "@halcyon/ui/components/avatar";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { Switch } from "@halcyon/ui/components/switch";
import { Clock, PencilLine, UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { monogramOf } from "../../lib/monogram";
import { trpc } from "../../lib/trpc";
import { LoadAlert } from "./load-alert";
import { AdminField } from "./admin-field";
import { AdminShell, EmptyState } from "./admin-shell";
import { messageOf, toastFailure, toastSuccess } from "./feedback";
import { displayName } from "./people";
import { useDoctors } from "./use-clinic-people";
import { WorkingHoursEditor } from "./working-hours-editor";
import { periodsFromWeek, summarizeWeek, weekFromPeriods, weekProblems, type WeeklyHours } from "./working-hours";

export function DoctorsPage() {
  const doctors = useDoctors();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const list = [...(doctors.data?.users ?? [])].sort((a, b) => Number(a.deactivatedAt !== null) - Number(b.deactivatedAt !== null));

  return (
    <AdminShell
      section="Manage Doctors"
      title="The clinicians"
      lead="Each doctor's specialization and the weekly hours patients may book them in. A doctor without hours of their own keeps to the clinic's."
      actions={
        <Button asChild>
          <Link to="/admin/users/new?role=doctor">
            <UserPlus aria-hidden="true" />
            Add a doctor
          </Link>
        </Button>
      }
    >
      {doctors.isPending ? (
        <div role="status" className="grid gap-5 md:grid-cols-2">
          <span className="sr-only">Loading the doctors…</span>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : doctors.isError ? (
        <LoadAlert what="The doctors" error={doctors.error} onRetry={() => void doctors.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No doctors yet"
          action={
            <Button asChild>
              <Link to="/admin/users/new?role=doctor">Add a doctor</Link>
            </Button>
          }
        >
          The clinic&rsquo;s clinicians will be listed here with their specializations and hours.
        </EmptyState>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2">
          {list.map((doctor) => (
            <li key={doctor.id}>
              <DoctorCard doctor={doctor} onEdit={() => setEditing(doctor)} />
            </li>
          ))}
        </ul>
      )}
      <EditDoctorDialog doctor={editing} onClose={() => setEditing(null)} />
    </AdminShell>
  );
}

function DoctorCard({ doctor, onEdit }: { doctor: AdminUser; onEdit: () => void }) {
  const hours = trpc.admin.doctorHours.useQuery({ id: doctor.id });
  const active = doctor.deactivatedAt === null;
  const name = displayName(doctor);
  return (
    <article
      aria-label={name}
      data-testid="doctor-card"
      className="relative flex h-full flex-col gap-6 overflow-hidden rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-7"
    >
      <span aria-hidden="true" className="absolute inset-x-7 top-0 h-px bg-gradient-to-r from-transparent via-gold-500 to-transparent" />
      <header className="flex items-start gap-4">
        <Avatar className="size-12">
          <AvatarFallback aria-hidden="true" className="font-display text-lg">
            {monogramOf(doctor.firstName, doctor.lastName)}
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <h2 className="font-display text-2xl leading-tight text-ink-900">{name}</h2>
          <p className="mt-1 text-sm text-gold-700">{doctor.specialization ?? "No specialization yet"}</p>
        </div>
        <Badge tone={active ? "sage" : "stone"}>{active ? "Active" : "Deactivated"}</Badge>
      </header>
      <div className="flex-1 rounded-lg bg-ivory-100 p-4">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-stone-600 uppercase">
          <Clock className="size-3.5 text-gold-700" aria-hidden="true" />
          Weekly hours
        </p>
        {hours.data ? (
          <>
            <ul className="mt-3 grid gap-1 text-sm text-ink-900">
              {summarizeWeek(hours.data.workingHours).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {hours.data.usesClinicHours ? <p className="mt-2 text-xs text-muted-foreground">The clinic&rsquo;s hours</p> : null}
          </>
        ) : hours.isError ? (
          <p className="mt-3 text-sm text-rose-700">{messageOf(hours.error)}</p>
        ) : (
          <div role="status" className="mt-3 grid gap-2">
            <span className="sr-only">Loading hours…</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">{doctor.username}</p>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          <PencilLine aria-hidden="true" className="text-gold-700" />
          Edit
        </Button>
      </div>
    </article>
  );
}

function EditDoctorDialog({ doctor, onClose }: { doctor: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={doctor !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">{doctor ? <EditDoctorForm key={doctor.id} doctor={doctor} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function EditDoctorForm({ doctor, onDone }: { doctor: AdminUser; onDone: () => void }) {
  const hours = trpc.admin.doctorHours.useQuery({ id: doctor.id });
  const [specialization, setSpecialization] = useState(doctor.specialization ?? "");
  // Until the hours arrive, the form shows them loading; afterwards local edits win.
  const [ownHours, setOwnHours] = useState<boolean | null>(null);
  const [week, setWeek] = useState<WeeklyHours | null>(null);
  const [errors, setErrors] = useState<{ specialization?: string; hours?: string; credentials?: string }>({});
  // Their licence and NPI, as superbills and estimates print them; local edits win once typed.
  const credentials = trpc.doctors.credentials.useQuery({ doctorId: doctor.id });
  const [licence, setLicence] = useState<string | null>(null);
  const [npi, setNpi] = useState<string | null>(null);
  const setCredentials = trpc.doctors.setCredentials.useMutation();
  const utils = trpc.useUtils();
  const name = displayName(doctor);

  const currentOwn = ownHours ?? (hours.data ? !hours.data.usesClinicHours : false);
  const currentWeek = week ?? (hours.data ? weekFromPeriods(hours.data.workingHours) : null);
  const problems = currentWeek ? weekProblems(currentWeek) : new Map<number, string>();

  const save = trpc.admin.updateUser.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.admin.users.invalidate(), utils.admin.doctorHours.invalidate({ id: doctor.id }), utils.admin.auditLog.invalidate()]);
      toastSuccess("Saved", `${name}'s specialization and hours are up to date.`);
      onDone();
    },
    onError: (error) => toastFailure("The changes were not saved", error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currentWeek) return;
    const next: typeof errors = {};
    if (!specialization.trim()) next.specialization = "A doctor needs a specialization.";
    if (currentOwn && problems.size > 0) next.hours = "Please fix the hours marked below.";
    else if (currentOwn && periodsFromWeek(currentWeek).length === 0) next.hours = "Open at least one day, or keep to the clinic's hours.";
    setErrors(next);
    if (next.specialization) document.getElementById("doctor-specialization")?.focus();
    if (Object.keys(next).length > 0) return;
    const saveRest = () => save.mutate({ id: doctor.id, specialization: specialization.trim(), workingHours: currentOwn ? periodsFromWeek(currentWeek) : [] });
    if (licence === null && npi === null) return saveRest();
    setCredentials.mutate(
      { doctorId: doctor.id, licence: licence ?? credentials.data?.licence ?? null, npi: npi ?? credentials.data?.npi ?? null },
      {
        onSuccess: saveRest,
        onError: (error) => setErrors((current) => ({ ...current, credentials: error.message })),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-7">
      <DialogHeader>
        <DialogTitle>{name}</DialogTitle>
        <DialogDescription>Their specialization, and the hours patients may book them in.</DialogDescription>
      </DialogHeader>
      <AdminField id="doctor-specialization" label="Specialization" error={errors.specialization}>
        <Input value={specialization} onChange={(event) => setSpecialization(event.target.value)} disabled={save.isPending} />
      </AdminField>
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField id="doctor-licence" label="Licence" description="As superbills print it, like LCSW 123456 (NY).">
          <Input
            value={licence ?? credentials.data?.licence ?? ""}
            onChange={(event) => setLicence(event.target.value)}
            disabled={save.isPending || !credentials.data}
            maxLength={80}
          />
        </AdminField>
        <AdminField id="doctor-npi" label="NPI" description="Their own 10-digit National Provider Identifier." error={errors.credentials}>
          <Input
            value={npi ?? credentials.data?.npi ?? ""}
            onChange={(event) => setNpi(event.target.value)}
            disabled={save.isPending || !credentials.data}
            inputMode="numeric"
            maxLength={10}
          />
        </AdminField>
      </div>
      <div className="grid gap-5">
        <div className="flex items-start justify-between gap-6">
          <div>
            <p id="doctor-own-hours" className="text-sm font-medium text-ink-900">
              Own weekly hours
            </p>
            <p className="mt-1 text-xs leading-relaxed text-muted-foreground">
              {currentOwn ? "Patients can book only within these hours." : "Off: they keep to the clinic's hours, whatever those become."}
            </p>
          </div>
          <Switch
            checked={currentOwn}
            onCheckedChange={(own) => {
              setOwnHours(own);
              if (errors.hours) setErrors((current) => ({ ...current, hours: undefined }));
            }}
            aria-labelledby="doctor-own-hours"
            disabled={save.isPending || !currentWeek}
          />
        </div>
        {!currentWeek ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading hours…</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : currentOwn ? (
          <WorkingHoursEditor
            id={`doctor-${doctor.id}-hours`}
            label={`${name}'s weekly hours`}
            value={currentWeek}
            onChange={setWeek}
            problems={problems}
            disabled={save.isPending}
          />
        ) : (
          <ul className="grid gap-1 rounded-lg bg-ivory-100 p-4 text-sm text-ink-900">
            {summarizeWeek(periodsFromWeek(currentWeek)).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {errors.hours ? <p className="text-sm text-rose-700">{errors.hours}</p> : null}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={save.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending || !currentWeek}>
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
