// What each billing document says, as the domain decides it and the PDF renderers
// (apps/api/src/billing-pdf/) lay it out: typed facts, amounts in minor units, instants in UTC and
// calendar dates as YYYY-MM-DD. Nothing here is drawn; nothing there is decided.

/** The clinic as its documents name it (System Settings). */
export interface ClinicOnPaper {
  name: string;
  address: string | null;
  ein: string | null;
  /** The organisation's NPI. */
  npi: string | null;
  timeZone: string;
  currency: string;
}

export interface PatientOnPaper {
  name: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  address: string | null;
}

export interface ClinicianOnPaper {
  name: string;
  licence: string | null;
  npi: string | null;
}

/** Where a session was held, as a claim codes it: 11 the office; 10 video to the patient's home (02 elsewhere). */
export type PlaceOfService = "02" | "10" | "11";

export interface SuperbillLine {
  /** The session's start. */
  date: string;
  clinician: string;
  cptCode: string;
  /** "95" for a synchronous telehealth (video) session. */
  modifier: "95" | null;
  placeOfService: PlaceOfService;
  diagnosisCodes: string[];
  feeMinor: number;
  paidMinor: number;
}

export interface SuperbillInput {
  clinic: ClinicOnPaper;
  patient: PatientOnPaper;
  /** YYYY-MM-DD, both included, in the clinic's zone. */
  from: string;
  to: string;
  issuedAt: string;
  clinicians: ClinicianOnPaper[];
  diagnoses: { code: string; description: string }[];
  lines: SuperbillLine[];
}

export interface EstimateItem {
  service: string;
  cptCode: string;
  clinician: string;
  sessions: number;
  unitFeeMinor: number;
  totalMinor: number;
}

/** A Good Faith Estimate (45 CFR 149.610(c)) as issued. */
export interface GoodFaithEstimateInput {
  id: number;
  clinic: ClinicOnPaper;
  patient: PatientOnPaper;
  issuedAt: string;
  /** The course of care it covers, YYYY-MM-DD both included: at most 12 months. */
  from: string;
  to: string;
  /** Where the services are given: the clinic's address, and by secure video when a service may be. */
  location: string;
  providers: ClinicianOnPaper[];
  diagnoses: { code: string; description: string }[];
  items: EstimateItem[];
  totalMinor: number;
}

export interface InvoiceDocumentInput {
  kind: "invoice" | "receipt";
  clinic: ClinicOnPaper;
  patient: PatientOnPaper;
  number: string;
  issuedAt: string;
  lines: { date: string; description: string; amountMinor: number }[];
  totalMinor: number;
  payments: { receivedAt: string; method: string; reference: string; amountMinor: number; refundedMinor: number }[];
  paidMinor: number;
}
