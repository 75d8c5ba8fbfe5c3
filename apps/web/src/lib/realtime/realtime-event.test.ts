import { describe, expect, it } from "vitest";

import { parseRealtimeEvent, RealtimeParseError } from "./realtime-event";

const frame = (value: unknown) => JSON.stringify(value);

describe("parseRealtimeEvent", () => {
  it("reads the three pushes of docs/product.md", () => {
    expect(parseRealtimeEvent(frame({ type: "new_message", data: { id: 7, senderId: 1, receiverId: 2, createdAt: "2026-01-15T10:00:00.000Z" } }))).toEqual({
      type: "new_message",
      data: { id: 7, senderId: 1, receiverId: 2, createdAt: "2026-01-15T10:00:00.000Z" },
    });
    expect(parseRealtimeEvent(frame({ type: "messages_read", data: { readerId: 2, partnerId: 1 } }))).toEqual({
      type: "messages_read",
      data: { readerId: 2, partnerId: 1 },
    });
    expect(parseRealtimeEvent(frame({ type: "appointment_changed", data: { id: 12 } }))).toEqual({
      type: "appointment_changed",
      data: { id: 12 },
    });
  });

  it("reads a safety alert and its acknowledgement by ids only (the doctor's dashboard reads the rest through the API)", () => {
    const alert = { alertId: 3, patientId: 9, patientName: "Alex Morgan", createdAt: "2026-01-15T10:00:00.000Z" };
    expect(parseRealtimeEvent(frame({ type: "measure_alert", data: alert }))).toEqual({ type: "measure_alert", data: { alertId: 3, patientId: 9 } });
    expect(parseRealtimeEvent(frame({ type: "measure_alert_closed", data: { alertId: 3, patientId: 9 } }))).toEqual({
      type: "measure_alert_closed",
      data: { alertId: 3, patientId: 9 },
    });
    expect(() => parseRealtimeEvent(frame({ type: "measure_alert", data: { alertId: "3", patientId: 9 } }))).toThrow(RealtimeParseError);
  });

  it("reads a video visit's frames: the room's steps with who sent them, the answer to a join, and refusals", () => {
    const offer = { callId: "c1", description: { type: "offer", sdp: "v=0" } };
    expect(parseRealtimeEvent(frame({ type: "visit_signal", data: { visitId: 4, fromUserId: 2, payload: offer } }))).toEqual({
      type: "visit_signal",
      data: { visitId: 4, fromUserId: 2, payload: offer },
    });
    expect(parseRealtimeEvent(frame({ type: "visit_waiting", data: { visitId: 4, fromUserId: 3 } }))).toEqual({
      type: "visit_waiting",
      data: { visitId: 4, fromUserId: 3 },
    });
    expect(parseRealtimeEvent(frame({ type: "visit_joined", data: { visitId: 4, role: "doctor", admitted: false, otherPresent: true } }))).toEqual({
      type: "visit_joined",
      data: { visitId: 4, role: "doctor", admitted: false, otherPresent: true },
    });
    expect(parseRealtimeEvent(frame({ type: "error", data: { code: "CONFLICT", message: "This visit has ended." } }))).toEqual({
      type: "error",
      data: { code: "CONFLICT", message: "This visit has ended." },
    });
    for (const bad of [
      frame({ type: "visit_admit", data: { visitId: "4", fromUserId: 2 } }),
      frame({ type: "visit_joined", data: { visitId: 4, role: "admin", admitted: false, otherPresent: true } }),
      frame({ type: "error", data: { code: 1 } }),
    ]) {
      expect(() => parseRealtimeEvent(bad), bad).toThrow(RealtimeParseError);
    }
  });

  it("keeps only the fields it knows", () => {
    const event = parseRealtimeEvent(frame({ type: "appointment_changed", data: { id: 3, secret: "x" }, extra: 1 }));
    expect(event).toEqual({ type: "appointment_changed", data: { id: 3 } });
  });

  it("passes over types a newer server may add", () => {
    expect(parseRealtimeEvent(frame({ type: "typing", data: {} }))).toBeNull();
  });

  it("refuses frames that are not what they claim", () => {
    for (const bad of [
      "not json",
      frame(null),
      frame([1, 2]),
      frame({ data: {} }),
      frame({ type: "new_message" }),
      frame({ type: "new_message", data: { id: "7", senderId: 1, receiverId: 2, createdAt: "x" } }),
      frame({ type: "new_message", data: { id: 7, senderId: 1, receiverId: 2 } }),
      frame({ type: "messages_read", data: { readerId: 1.5, partnerId: 2 } }),
    ]) {
      expect(() => parseRealtimeEvent(bad), bad).toThrow(RealtimeParseError);
    }
    expect(() => parseRealtimeEvent(new ArrayBuffer(2))).toThrow(RealtimeParseError);
  });
});
