// What the screens may offer on an appointment, mirroring the server's rules (docs/product.md), so
// nobody is shown a button the server would refuse. The server still decides: these only choose
// which controls to show and what to warn about.
import { movable, takesNotes } from "@halcyon/domain/rules";
import type { Appointment, AppointmentStatus, UserRole } from "@halcyon/domain/schemas";

/**
 * The clinic's cancellation window, in hours, comes from its settings (GET /api/clinic, see
 * useCancellationWindowHours): a patient's cancellation inside it is recorded as late, and a
 * patient cannot move a session inside it online. Until it is known (undefined) nothing is called
 * late; the server's answer is what counts either way, this only drives offers and warnings.
 */
export type CancellationWindowHours = number | undefined;

/** "24 hours", "1 hour", "1.5 hours". */
export function hoursPhrase(hours: number): string {
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
/** A doctor may open a session's notes from half an hour before it starts. */
export const NOTES_OPEN_BEFORE_START_MS = 30 * 60 * 1000;

export type Viewer = { id: number; role: UserRole };

type AppointmentFacts = Pick<Appointment, "patientId" | "doctorId" | "startTime" | "status" | "notes" | "party">;

export type AppointmentActions = {
  reschedule: boolean;
  cancel: boolean;
  writeNotes: boolean;
  complete: boolean;
  noShow: boolean;
  /** Why a patient cannot move this session online, when that is the case. */
  rescheduleBlockedReason?: string;
};

const NONE: AppointmentActions = { reschedule: false, cancel: false, writeNotes: false, complete: false, noShow: false };

export function hasStarted(appointment: Pick<Appointment, "startTime">, now: Date): boolean {
  return Date.parse(appointment.startTime) <= now.getTime();
}

/** Whether a patient's cancellation now would be recorded as late. */
export function isInsideCancellationWindow(appointment: Pick<Appointment, "startTime">, now: Date, windowHours: CancellationWindowHours): boolean {
  if (windowHours === undefined) return false;
  return Date.parse(appointment.startTime) - now.getTime() < windowHours * 3_600_000;
}

/** Whether its doctor may write the session's notes now (from 30 minutes before the start, once). */
export function canWriteNotes(appointment: AppointmentFacts, now: Date): boolean {
  if (appointment.notes || !takesNotes(appointment)) return false;
  if (appointment.status !== "scheduled" && appointment.status !== "completed") return false;
  return Date.parse(appointment.startTime) - NOTES_OPEN_BEFORE_START_MS <= now.getTime();
}

/** The actions this viewer may take on this appointment now. */
export function appointmentActions(appointment: AppointmentFacts, viewer: Viewer, now: Date, windowHours: CancellationWindowHours): AppointmentActions {
  const started = hasStarted(appointment, now);
  const scheduled = appointment.status === "scheduled";

  if (viewer.role === "patient") {
    if (appointment.patientId !== viewer.id || !scheduled || started) return NONE;
    const late = isInsideCancellationWindow(appointment, now, windowHours);
    return {
      ...NONE,
      reschedule: !late && movable(appointment, viewer.role),
      cancel: true,
      ...(late
        ? {
            rescheduleBlockedReason: `Sessions less than ${hoursPhrase(windowHours ?? 0)} away can't be moved online. Please contact the clinic, or cancel the session.`,
          }
        : {}),
    };
  }

  if (viewer.role === "doctor") {
    if (appointment.doctorId !== viewer.id) return NONE;
    return {
      reschedule: scheduled && !started && movable(appointment, viewer.role),
      cancel: scheduled && !started,
      writeNotes: canWriteNotes(appointment, now),
      complete: scheduled && started,
      noShow: scheduled && started,
    };
  }

  // Admins may move or cancel any session that has not started; notes belong to its doctor.
  return { ...NONE, reschedule: scheduled && !started && movable(appointment, viewer.role), cancel: scheduled && !started };
}

export type StatusTone = "gold" | "sage" | "stone" | "rose";

/** The words and colour of a status; the words are always shown, colour is never alone. */
export function statusPresentation(appointment: Pick<Appointment, "status" | "lateCancellation">): { label: string; tone: StatusTone } {
  return STATUS[appointment.status === "cancelled" && appointment.lateCancellation ? "late" : appointment.status];
}

const STATUS: Record<AppointmentStatus | "late", { label: string; tone: StatusTone }> = {
  scheduled: { label: "Scheduled", tone: "gold" },
  completed: { label: "Completed", tone: "sage" },
  cancelled: { label: "Cancelled", tone: "stone" },
  late: { label: "Late cancellation", tone: "rose" },
  no_show: { label: "No-show", tone: "rose" },
};

/**
 * The others of the appointment, as the viewer calls them: "Dr. Eleanor Vance" or "Jordan Ellis";
 * with a couple's partner, "Dr. Eleanor Vance, with Sam Reed" or "Jordan Ellis & Sam Reed".
 */
export function counterpartOf(appointment: Pick<Appointment, "doctorName" | "patientName" | "party">, viewer: Pick<Viewer, "role">): string {
  const others = appointment.party?.others.map((other) => other.name) ?? [];
  if (viewer.role === "patient")
    return others.length > 0 ? `${doctorTitle(appointment.doctorName)}, with ${others.join(" & ")}` : doctorTitle(appointment.doctorName);
  const patients = [appointment.patientName, ...others].join(" & ");
  if (viewer.role === "doctor") return patients;
  return `${patients} with ${doctorTitle(appointment.doctorName)}`;
}

/** Where a couple's invitation stands, said to the one who booked (and staff) until the partner has joined. */
export function invitationLine(appointment: Pick<Appointment, "party" | "status">): string | undefined {
  const invitation = appointment.party?.invitation;
  if (!invitation || appointment.status !== "scheduled" || invitation.status === "accepted") return undefined;
  if (invitation.status === "pending") return `Invitation sent to ${invitation.email}: waiting for them to accept it in the app.`;
  if (invitation.status === "declined") return `${invitation.email} declined the invitation.`;
  return undefined;
}

export function doctorTitle(name: string): string {
  return `Dr. ${name}`;
}
