// Appointment notices (issue 34, item 3): booked, rescheduled, cancelled — to the patient and the
// doctor — and the patient's reminders. Discreet by rule: they say the clinic's name, the
// member's first name, the time in the member's own zone with the zone named, and where to go;
// never what the appointment is for, and the clinician's name only when the clinic allows it.
// Every one carries the appointment's calendar event (one UID per appointment, a SEQUENCE that
// rises with each change), which the worker attaches as an .ics.
import { appointmentEventUid } from "../../calendar/ics";
import { defineNoticeKind, type ClinicFacts, type NoticeCalendarEvent, type NoticeContent, type NoticeLink } from "../notice-content";
import { longWhen, shortWhen } from "../notice-time";

/** What every appointment notice is composed from (stored with the notice, shown only as composed). */
export interface AppointmentNoticeParams {
  appointmentId: number;
  startTime: string;
  endTime: string;
  /** Whom it is for: the patient or the doctor of the appointment. */
  audience: "patient" | "doctor";
  /** As the app names the doctor ("Dr. Vance"); said only when the clinic names clinicians. */
  clinicianName: string;
  /** The calendar event's SEQUENCE at this change (calendar/ics.ts appointmentEventSequence). */
  sequence: number;
}

export interface RescheduledNoticeParams extends AppointmentNoticeParams {
  previousStartTime: string;
}

export interface CancelledNoticeParams extends AppointmentNoticeParams {
  /** Who cancelled, as neutrally as a notice may say it ("partner": the other patient of a couple). */
  cancelledBy: "patient" | "partner" | "doctor" | "clinic";
}

/** A reminder is the patient's: it carries the links to confirm, or to cancel or reschedule. */
export type ReminderNoticeParams = Omit<AppointmentNoticeParams, "audience">;

/** An appointment's video room: a page of the app that finds the visit (the room still asks for sign-in). */
export function visitLinkOf(appointmentId: number): NoticeLink {
  return { path: `/appointments/${appointmentId}/visit` };
}

const APPOINTMENTS: NoticeLink = { path: "/appointments" };

function withWhom(params: Pick<AppointmentNoticeParams, "audience" | "clinicianName">, clinic: ClinicFacts): string {
  return params.audience === "patient" && clinic.nameClinician ? ` with ${params.clinicianName}` : "";
}

function calendarOf(params: AppointmentNoticeParams, clinic: ClinicFacts, status: NoticeCalendarEvent["status"]): NoticeCalendarEvent {
  return {
    uid: appointmentEventUid(params.appointmentId),
    start: params.startTime,
    end: params.endTime,
    summary: `Appointment${clinic.nameClinician ? ` with ${params.clinicianName}` : ""} at ${clinic.clinicName}`,
    sequence: params.sequence,
    status,
    location: `${clinic.clinicName}, video visit`,
    url: visitLinkOf(params.appointmentId),
  };
}

/** What joining says: the room opens shortly before and asks for sign-in. */
const JOINING = "It is a video visit: use the link below at the time to join. You will be asked to sign in.";

/** A booked or moved session's links: its video room, then the member's appointments. */
function joinActions(appointmentId: number): NoticeContent["actions"] {
  return [
    { label: "Join the video visit", link: visitLinkOf(appointmentId) },
    { label: "See your appointments", link: APPOINTMENTS },
  ];
}

/** The session the examples speak of, as a patient's notice carries it. */
const EXAMPLE = {
  appointmentId: 41,
  startTime: "2026-12-08T15:00:00.000Z",
  endTime: "2026-12-08T16:00:00.000Z",
  audience: "patient",
  clinicianName: "Dr. Vance",
  sequence: 0,
} as const;

export const appointmentBooked = defineNoticeKind<AppointmentNoticeParams>({
  topic: "appointments",
  essential: false,
  channels: ["email"],
  subject: (params, to) => `Appointment booked: ${shortWhen(params.startTime, to.timeZone)}`,
  compose(params, to, clinic) {
    const when = longWhen(params.startTime, to.timeZone);
    return {
      preview: `${clinic.clinicName}: an appointment on ${when}.`,
      heading: `Hello ${to.firstName}, an appointment is booked`,
      paragraphs: [`An appointment${withWhom(params, clinic)} at ${clinic.clinicName} is booked for ${when}.`, JOINING],
      actions: joinActions(params.appointmentId),
      calendar: calendarOf(params, clinic, "confirmed"),
    };
  },
  examples: [EXAMPLE, { ...EXAMPLE, audience: "doctor" }],
});

export const appointmentRescheduled = defineNoticeKind<RescheduledNoticeParams>({
  topic: "appointments",
  essential: false,
  channels: ["email"],
  subject: (params, to) => `Appointment moved: ${shortWhen(params.startTime, to.timeZone)}`,
  compose(params, to, clinic) {
    const when = longWhen(params.startTime, to.timeZone);
    return {
      preview: `${clinic.clinicName}: an appointment moved to ${when}.`,
      heading: `Hello ${to.firstName}, an appointment has moved`,
      paragraphs: [
        `An appointment${withWhom(params, clinic)} at ${clinic.clinicName} has moved from ${longWhen(params.previousStartTime, to.timeZone)} to ${when}.`,
        JOINING,
      ],
      actions: joinActions(params.appointmentId),
      calendar: calendarOf(params, clinic, "confirmed"),
    };
  },
  examples: [{ ...EXAMPLE, startTime: "2026-12-09T15:00:00.000Z", endTime: "2026-12-09T16:00:00.000Z", previousStartTime: EXAMPLE.startTime, sequence: 3600 }],
});

/** Who cancelled, told to `audience` in neutral words. */
function cancelledByPhrase(params: CancelledNoticeParams): string {
  if (params.cancelledBy === "clinic") return "The clinic cancelled it.";
  if (params.cancelledBy === "partner") return "Your partner cancelled it.";
  if (params.cancelledBy === params.audience) return "You cancelled it.";
  return params.audience === "patient" ? "Your clinician cancelled it." : "The patient cancelled it.";
}

export const appointmentCancelled = defineNoticeKind<CancelledNoticeParams>({
  topic: "appointments",
  essential: false,
  channels: ["email"],
  subject: (params, to) => `Appointment cancelled: ${shortWhen(params.startTime, to.timeZone)}`,
  compose(params, to, clinic) {
    const when = longWhen(params.startTime, to.timeZone);
    return {
      preview: `${clinic.clinicName}: the appointment on ${when} is cancelled.`,
      heading: `Hello ${to.firstName}, an appointment is cancelled`,
      paragraphs: [
        `The appointment${withWhom(params, clinic)} at ${clinic.clinicName} on ${when} is cancelled. ${cancelledByPhrase(params)}`,
        params.audience === "patient" ? "You can book another time in the app whenever you like." : "The hour is free again in your calendar.",
      ],
      actions: [{ label: params.audience === "patient" ? "Book another time" : "Open your calendar", link: APPOINTMENTS }],
      calendar: calendarOf(params, clinic, "cancelled"),
    };
  },
  examples: [
    { ...EXAMPLE, sequence: 7200, cancelledBy: "doctor" },
    { ...EXAMPLE, audience: "doctor", sequence: 7200, cancelledBy: "patient" },
  ],
});

/** The reminder's signed links: single-use, for its recipient, and useless once the session starts. */
export function reminderLinks(params: Pick<ReminderNoticeParams, "appointmentId" | "startTime">): { confirm: NoticeLink; manage: NoticeLink } {
  const signed = { targetId: params.appointmentId, expiresAt: params.startTime, singleUse: true };
  return {
    confirm: { path: "/appointments/confirm", signed: { purpose: "confirm_appointment", ...signed } },
    manage: { path: "/appointments/manage", signed: { purpose: "manage_appointment", ...signed } },
  };
}

export const appointmentReminder = defineNoticeKind<ReminderNoticeParams>({
  topic: "reminders",
  essential: false,
  channels: ["email", "sms"],
  subject: (params, to) => `Reminder: appointment ${shortWhen(params.startTime, to.timeZone)}`,
  compose(params, to, clinic) {
    const when = longWhen(params.startTime, to.timeZone);
    const short = shortWhen(params.startTime, to.timeZone);
    const links = reminderLinks(params);
    const audience = { ...params, audience: "patient" as const };
    return {
      preview: `${clinic.clinicName}: your appointment is on ${when}.`,
      heading: `Hello ${to.firstName}, a reminder of your appointment`,
      paragraphs: [
        `Your appointment${withWhom(audience, clinic)} at ${clinic.clinicName} is on ${when}.`,
        "Please confirm that you will be there, or cancel or reschedule it if the time no longer suits you.",
        JOINING,
      ],
      actions: [
        { label: "Confirm", link: links.confirm },
        { label: "Cancel or reschedule", link: links.manage },
        { label: "Join the video visit", link: visitLinkOf(params.appointmentId) },
      ],
      calendar: calendarOf(audience, clinic, "confirmed"),
      text: `${clinic.clinicName}: reminder of your appointment on ${short}. Details and links are in the app.`,
    };
  },
  examples: [{ appointmentId: 41, startTime: EXAMPLE.startTime, endTime: EXAMPLE.endTime, clinicianName: "Dr. Vance", sequence: 0 }],
});

/** A weekly series booked at once: one notice to each of its patient and doctor, not one per session. */
export interface SeriesBookedNoticeParams {
  /** Its first session, the one the app opens on. */
  appointmentId: number;
  audience: "patient" | "doctor";
  clinicianName: string;
  /** How many sessions were booked, and the first and last of them. */
  count: number;
  firstStartTime: string;
  lastStartTime: string;
}

export const seriesBooked = defineNoticeKind<SeriesBookedNoticeParams>({
  topic: "appointments",
  essential: false,
  channels: ["email"],
  subject: (params, to) => `${params.count} appointments booked, from ${shortWhen(params.firstStartTime, to.timeZone)}`,
  compose(params, to, clinic) {
    const first = longWhen(params.firstStartTime, to.timeZone);
    const last = longWhen(params.lastStartTime, to.timeZone);
    return {
      preview: `${clinic.clinicName}: ${params.count} appointments, the first on ${first}.`,
      heading: `Hello ${to.firstName}, a series of appointments is booked`,
      paragraphs: [
        `${params.count} appointments${withWhom(params, clinic)} at ${clinic.clinicName} are booked: the first on ${first}, the last on ${last}. Each is in the app, under Appointments, and in your private calendar link if you use one.`,
        "A reminder comes before each of them. It is a video visit: the link to join is in each reminder and in the app.",
      ],
      actions: [{ label: "See your appointments", link: APPOINTMENTS }],
    };
  },
  examples: [
    {
      appointmentId: 41,
      audience: "patient",
      clinicianName: "Dr. Vance",
      count: 12,
      firstStartTime: EXAMPLE.startTime,
      lastStartTime: "2027-02-23T15:00:00.000Z",
    },
    {
      appointmentId: 41,
      audience: "doctor",
      clinicianName: "Dr. Vance",
      count: 12,
      firstStartTime: EXAMPLE.startTime,
      lastStartTime: "2027-02-23T15:00:00.000Z",
    },
  ],
});

export const APPOINTMENT_NOTICE_KINDS = {
  appointment_booked: appointmentBooked,
  series_booked: seriesBooked,
  appointment_rescheduled: appointmentRescheduled,
  appointment_cancelled: appointmentCancelled,
  appointment_reminder: appointmentReminder,
};
