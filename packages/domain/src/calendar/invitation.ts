// An appointment as a calendar app receives it by email (RFC 5546 iTIP over iCalendar), made with
// ical-generator. The event's UID is the appointment's, so a calendar app updates or removes the
// event it has instead of adding another; SEQUENCE rises with each change so the newest wins.
// `appointmentEvent` is the one way an appointment becomes a VEVENT here: the private feed can
// build its events with it too.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";

export interface CalendarAppointment {
  uid: string;
  start: string;
  end: string;
  /** Neutral words only ("Appointment at Halcyon"): a calendar is seen by others. */
  summary: string;
  sequence: number;
  status: "confirmed" | "cancelled";
  location?: string;
  /** An absolute address: where the appointment is seen in the app. */
  url?: string;
}

/** Adds `appointment` to `calendar` as a VEVENT. */
export function appointmentEvent(calendar: ICalCalendar, appointment: CalendarAppointment, stamp: Date) {
  return calendar.createEvent({
    id: appointment.uid,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    stamp,
    summary: appointment.summary,
    sequence: appointment.sequence,
    status: appointment.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(appointment.location ? { location: appointment.location } : {}),
    ...(appointment.url ? { url: appointment.url } : {}),
  });
}

export interface Invitation {
  /** REQUEST adds or updates the event; CANCEL removes it. The MIME part carries it too. */
  method: "REQUEST" | "CANCEL";
  ics: string;
}

/**
 * The .ics attached to an appointment's email: the clinic organises, the recipient attends. A
 * cancelled appointment is sent as a CANCEL of the same UID, so calendar apps take it away.
 */
export function appointmentInvitation(input: {
  clinicName: string;
  appointment: CalendarAppointment;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  now: Date;
}): Invitation {
  const method = input.appointment.status === "cancelled" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: input.clinicName, product: "Appointments", language: "EN" }, method });
  const event = appointmentEvent(calendar, input.appointment, input.now);
  event.organizer({ name: input.organizer.name, email: input.organizer.email });
  event.createAttendee({
    name: input.attendee.name,
    email: input.attendee.email,
    role: ICalAttendeeRole.REQ,
    ...(input.appointment.status === "confirmed" ? { status: ICalAttendeeStatus.ACCEPTED } : {}),
    rsvp: false,
  });
  return { method, ics: calendar.toString() };
}
