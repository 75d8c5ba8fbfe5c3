import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";

import { doctorTitle } from "../../lib/appointment-rules";
import { trpc } from "../../lib/trpc";

type PartySelectProps = {
  id: string;
  value: number | undefined;
  onChange: (id: number) => void;
  invalid: boolean;
  disabled: boolean;
};

/** A patient chooses their clinician (GET /api/doctors). */
export function DoctorSelect({ id, value, onChange, invalid, disabled }: PartySelectProps) {
  const doctors = trpc.doctors.list.useQuery();
  return (
    <Select value={value === undefined ? "" : String(value)} onValueChange={(chosen) => onChange(Number(chosen))} disabled={disabled}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-required>
        <SelectValue placeholder={doctors.isPending ? "Loading our clinicians…" : "Choose a doctor"} />
      </SelectTrigger>
      <SelectContent>
        {(doctors.data ?? []).map((doctor) => (
          <SelectItem key={doctor.id} value={String(doctor.id)}>
            {doctorTitle(`${doctor.firstName} ${doctor.lastName}`)} · {doctor.specialization}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A doctor chooses which of their patients the session is for. */
export function PatientSelect({ id, value, onChange, invalid, disabled }: PartySelectProps) {
  const patients = trpc.patients.list.useQuery({ limit: 200 });
  return (
    <Select value={value === undefined ? "" : String(value)} onValueChange={(chosen) => onChange(Number(chosen))} disabled={disabled}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-required>
        <SelectValue placeholder={patients.isPending ? "Loading your patients…" : "Choose a patient"} />
      </SelectTrigger>
      <SelectContent>
        {(patients.data ?? []).map((patient) => (
          <SelectItem key={patient.id} value={String(patient.id)}>
            {patient.firstName} {patient.lastName}
          </SelectItem>
        ))}
        {patients.data?.length === 0 ? <p className="px-3 py-2 text-sm text-muted-foreground">No patients yet.</p> : null}
      </SelectContent>
    </Select>
  );
}
