// How billing documents write dates, people and places: in the clinic's zone, as US forms do.
import type { ClinicianOnPaper, ClinicOnPaper, PatientOnPaper } from "@halcyon/domain";
import { formatMoney } from "@halcyon/domain/rules";

export function paperWords(clinic: ClinicOnPaper) {
  const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: clinic.timeZone });
  // A calendar date, not an instant: read in UTC, so no zone moves it to the day before.
  const calendarFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" });
  return {
    /** An instant's day on the clinic's clock, MM/DD/YYYY. */
    day: (instant: string) => dayFormat.format(new Date(instant)),
    /** A YYYY-MM-DD date, MM/DD/YYYY. */
    date: (date: string) => calendarFormat.format(new Date(`${date}T00:00:00Z`)),
    money: (amountMinor: number) => formatMoney(amountMinor, clinic.currency),
  };
}

export function clinicLines(clinic: ClinicOnPaper): string[] {
  return [
    clinic.name,
    ...(clinic.address ? clinic.address.split("\n") : ["Address not set"]),
    `Tax ID (EIN): ${clinic.ein ?? "not set"}`,
    ...(clinic.npi ? [`Organization NPI: ${clinic.npi}`] : []),
  ];
}

export function patientLines(patient: PatientOnPaper, date: (d: string) => string): string[] {
  return [patient.name, `Date of birth: ${date(patient.dateOfBirth)}`, ...(patient.address ? patient.address.split("\n") : ["Address not given"])];
}

export function clinicianLine(clinician: ClinicianOnPaper): string {
  return [clinician.name, `Licence: ${clinician.licence ?? "not set"}`, `NPI: ${clinician.npi ?? "not set"}`].join("  ·  ");
}
