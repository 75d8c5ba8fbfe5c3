import type { ActivityEvent, Appointment } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { describeActivity, doctorDashboardRange, nextSession, sessionsAwaitingNotes, todaysSchedule } from "./doctor-day";

const NOW = new Date("2026-11-23T19:00:00Z"); // 14:00 in New York, 04:00 the next day in Tokyo

function session(id: number, startTime: string, patch: Partial<Appointment> = {}): Appointment {
  return {
    id,
    patientId: 10,
    doctorId: 20,
    patientName: "Jordan Ellis",
    doctorName: "Eleanor Vance",
    title: "Initial consultation",
    description: null,
    startTime,
    endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString(),
    status: "scheduled",
    notes: null,
    lateCancellation: false,
    cancelledAt: null,
    confirmedAt: null,
    createdAt: "2026-11-01T00:00:00Z",
    progressRating: null,
    serviceId: null,
    serviceName: null,
    feeMinor: null,
    ...patch,
  };
}

const sessions = [
  session(1, "2026-11-23T20:00:00Z"), // 15:00 New York, today
  session(2, "2026-11-23T14:00:00Z", { status: "completed", notes: "Good session." }), // 09:00 today
  session(3, "2026-11-23T16:00:00Z", { status: "cancelled" }), // 11:00 today, cancelled
  session(4, "2026-11-24T03:00:00Z"), // 22:00 New York today (the next day in UTC)
  session(5, "2026-11-20T15:00:00Z"), // last Friday, never written up
  session(6, "2026-11-24T15:00:00Z"), // tomorrow (midnight after next in Tokyo)
];

describe("the doctor's day", () => {
  it("today is the clinic's calendar day: in start order, cancelled sessions left out", () => {
    expect(todaysSchedule(sessions, NOW, "America/New_York").map((s) => s.id)).toEqual([2, 1, 4]);
    // In Tokyo it is already the 24th.
    expect(todaysSchedule(sessions, NOW, "Asia/Tokyo").map((s) => s.id)).toEqual([1, 4]);
  });

  it("the next session is the first of today's not yet begun", () => {
    expect(nextSession(todaysSchedule(sessions, NOW, "America/New_York"), NOW)?.id).toBe(1);
  });

  it("sessions awaiting notes: begun or within half an hour, not cancelled, without notes; the latest first", () => {
    expect(sessionsAwaitingNotes(sessions, NOW).map((s) => s.id)).toEqual([5]);
    const halfAnHourBefore = new Date("2026-11-23T19:31:00Z");
    expect(sessionsAwaitingNotes(sessions, halfAnHourBefore).map((s) => s.id)).toEqual([1, 5]);
  });

  it("reads two weeks back and up to the day after tomorrow", () => {
    const { from, to } = doctorDashboardRange(NOW);
    expect(Date.parse(to) - Date.parse(from)).toBeGreaterThanOrEqual(16 * 86_400_000);
    expect(Date.parse(from)).toBeLessThan(Date.parse("2026-11-09T12:00:00Z"));
  });

  it("puts each activity in words, with the rating and the late cancellation", () => {
    const base: ActivityEvent = {
      kind: "notes_written",
      at: NOW.toISOString(),
      appointmentId: 1,
      patientId: 10,
      patientName: "Jordan Ellis",
      progressRating: 9,
      lateCancellation: false,
    };
    expect(describeActivity(base)).toEqual({ headline: "Session notes written for Jordan Ellis", detail: "Progress rating 9/10" });
    expect(describeActivity({ ...base, kind: "session_booked", progressRating: null })).toEqual({ headline: "Session booked with Jordan Ellis" });
    expect(describeActivity({ ...base, kind: "session_cancelled", progressRating: null, lateCancellation: true })).toEqual({
      headline: "Jordan Ellis's session was cancelled",
      detail: "Late cancellation, inside the cancellation window",
    });
  });
});
