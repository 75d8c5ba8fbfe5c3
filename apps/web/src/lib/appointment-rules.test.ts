import type { Appointment } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { appointmentActions, canWriteNotes, counterpartOf, invitationLine, isInsideCancellationWindow, statusPresentation } from "./appointment-rules";

const NOW = new Date("2026-11-23T14:00:00Z");
const HOUR = 3_600_000;

function appointment(startsIn: number, patch: Partial<Appointment> = {}): Appointment {
  const start = new Date(NOW.getTime() + startsIn);
  return {
    id: 1,
    patientId: 10,
    doctorId: 20,
    patientName: "Alex Morgan",
    doctorName: "Eleanor Vance",
    title: "Individual therapy",
    description: null,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
    status: "scheduled",
    notes: null,
    lateCancellation: false,
    cancelledAt: null,
    confirmedAt: null,
    createdAt: NOW.toISOString(),
    progressRating: null,
    serviceId: null,
    serviceName: null,
    feeMinor: null,
    ...patch,
  };
}

const patient = { id: 10, role: "patient" as const };
const doctor = { id: 20, role: "doctor" as const };
const admin = { id: 1, role: "admin" as const };

describe("what a patient may do", () => {
  it("moves or cancels their own session well ahead", () => {
    expect(appointmentActions(appointment(72 * HOUR), patient, NOW, 24)).toEqual({
      reschedule: true,
      cancel: true,
      writeNotes: false,
      complete: false,
      noShow: false,
    });
  });

  it("inside 24 hours may only cancel, late, and is told why moving is closed", () => {
    const soon = appointment(5 * HOUR);
    const actions = appointmentActions(soon, patient, NOW, 24);
    expect(actions.reschedule).toBe(false);
    expect(actions.cancel).toBe(true);
    expect(actions.rescheduleBlockedReason).toContain("24 hours");
    expect(isInsideCancellationWindow(soon, NOW, 24)).toBe(true);
    expect(isInsideCancellationWindow(appointment(24 * HOUR), NOW, 24)).toBe(false);
  });

  it("follows the clinic's window, whatever it is set to", () => {
    const inTwoDays = appointment(30 * HOUR);
    expect(appointmentActions(inTwoDays, patient, NOW, 48)).toMatchObject({ reschedule: false, cancel: true });
    expect(appointmentActions(inTwoDays, patient, NOW, 48).rescheduleBlockedReason).toContain("48 hours");
    expect(appointmentActions(appointment(2 * HOUR), patient, NOW, 0).reschedule).toBe(true);
  });

  it("calls nothing late while the window is not yet known", () => {
    expect(isInsideCancellationWindow(appointment(HOUR), NOW, undefined)).toBe(false);
  });

  it("may do nothing to a session that started, is final, or is someone else's", () => {
    const none = { reschedule: false, cancel: false, writeNotes: false, complete: false, noShow: false };
    expect(appointmentActions(appointment(-HOUR), patient, NOW, 24)).toEqual(none);
    expect(appointmentActions(appointment(72 * HOUR, { status: "cancelled" }), patient, NOW, 24)).toEqual(none);
    expect(appointmentActions(appointment(72 * HOUR, { patientId: 11 }), patient, NOW, 24)).toEqual(none);
  });
});

describe("what a doctor may do", () => {
  it("moves or cancels a future session, and opens its notes from half an hour before", () => {
    expect(appointmentActions(appointment(2 * HOUR), doctor, NOW, 24)).toMatchObject({ reschedule: true, cancel: true, writeNotes: false, complete: false });
    expect(appointmentActions(appointment(20 * 60_000), doctor, NOW, 24)).toMatchObject({ writeNotes: true, complete: false, noShow: false });
  });

  it("completes, marks a no-show or writes notes once it has started", () => {
    expect(appointmentActions(appointment(-10 * 60_000), doctor, NOW, 24)).toEqual({
      reschedule: false,
      cancel: false,
      writeNotes: true,
      complete: true,
      noShow: true,
    });
  });

  it("writes notes once: a completed session without notes still may, one with notes may not", () => {
    expect(canWriteNotes(appointment(-2 * HOUR, { status: "completed" }), NOW)).toBe(true);
    expect(canWriteNotes(appointment(-2 * HOUR, { status: "completed", notes: "Done." }), NOW)).toBe(false);
    expect(canWriteNotes(appointment(-2 * HOUR, { status: "no_show" }), NOW)).toBe(false);
  });

  it("may do nothing to another doctor's session", () => {
    expect(Object.values(appointmentActions(appointment(-10 * 60_000, { doctorId: 21 }), doctor, NOW, 24)).some(Boolean)).toBe(false);
  });
});

describe("what an admin may do", () => {
  it("moves or cancels any session that has not started, and writes no notes", () => {
    expect(appointmentActions(appointment(2 * HOUR, { doctorId: 99, patientId: 98 }), admin, NOW, 24)).toEqual({
      reschedule: true,
      cancel: true,
      writeNotes: false,
      complete: false,
      noShow: false,
    });
    expect(appointmentActions(appointment(-HOUR), admin, NOW, 24).cancel).toBe(false);
  });
});

describe("status in words and colour", () => {
  it("gives each status a label and a tone: scheduled gold, completed sage, cancelled grey, late or missed red", () => {
    expect(statusPresentation({ status: "scheduled", lateCancellation: false })).toEqual({ label: "Scheduled", tone: "gold" });
    expect(statusPresentation({ status: "completed", lateCancellation: false })).toEqual({ label: "Completed", tone: "sage" });
    expect(statusPresentation({ status: "cancelled", lateCancellation: false })).toEqual({ label: "Cancelled", tone: "stone" });
    expect(statusPresentation({ status: "cancelled", lateCancellation: true })).toEqual({ label: "Late cancellation", tone: "rose" });
    expect(statusPresentation({ status: "no_show", lateCancellation: false })).toEqual({ label: "No-show", tone: "rose" });
  });

  it("names the other person as the viewer knows them", () => {
    const session = appointment(HOUR);
    expect(counterpartOf(session, patient)).toBe("Dr. Eleanor Vance");
    expect(counterpartOf(session, doctor)).toBe("Alex Morgan");
    expect(counterpartOf(session, admin)).toBe("Alex Morgan with Dr. Eleanor Vance");
  });

  it("moves a couple's session, and a group only by its doctor (every place with it), and takes no note on either (the server's rules)", () => {
    const couple = { id: 3, kind: "couple" as const, others: [] };
    const group = { id: 4, kind: "group" as const, others: [] };
    expect(appointmentActions(appointment(72 * HOUR, { party: couple }), patient, NOW, 24).reschedule).toBe(true);
    expect(appointmentActions(appointment(72 * HOUR, { party: group }), patient, NOW, 24)).toMatchObject({ reschedule: false, cancel: true });
    expect(appointmentActions(appointment(72 * HOUR, { party: group }), doctor, NOW, 24)).toMatchObject({ reschedule: true, cancel: true });
    expect(appointmentActions(appointment(-HOUR / 2, { party: couple }), doctor, NOW, 24)).toMatchObject({ writeNotes: false, complete: true, noShow: true });
    expect(appointmentActions(appointment(-HOUR / 2), doctor, NOW, 24).writeNotes).toBe(true);
  });

  it("names a couple's partner beside the clinician, and both patients to staff; says where the invitation stands until it is accepted", () => {
    const invited = appointment(HOUR, { party: { id: 3, kind: "couple", others: [], invitation: { email: "sam@example.com", status: "pending" } } });
    expect(counterpartOf(invited, patient)).toBe("Dr. Eleanor Vance");
    expect(invitationLine(invited)).toMatch(/sent to sam@example.com/);
    expect(invitationLine({ ...invited, party: { ...invited.party!, invitation: { email: "sam@example.com", status: "declined" } } })).toMatch(/declined/);
    const joined = appointment(HOUR, {
      party: { id: 3, kind: "couple", others: [{ name: "Sam Reed" }], invitation: { email: "sam@example.com", status: "accepted" } },
    });
    expect(counterpartOf(joined, patient)).toBe("Dr. Eleanor Vance, with Sam Reed");
    expect(counterpartOf(joined, doctor)).toBe("Alex Morgan & Sam Reed");
    expect(counterpartOf(joined, admin)).toBe("Alex Morgan & Sam Reed with Dr. Eleanor Vance");
    expect(invitationLine(joined)).toBeUndefined();
    expect(invitationLine({ ...invited, status: "cancelled" })).toBeUndefined();
  });
});
