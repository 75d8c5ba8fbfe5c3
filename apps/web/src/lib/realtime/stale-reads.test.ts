import { describe, expect, it } from "vitest";

import { staleReads } from "./stale-reads";

describe("staleReads", () => {
  it("re-reads conversations and counts after a message or a read receipt", () => {
    expect(staleReads({ type: "new_message", data: { id: 1, senderId: 2, receiverId: 3, createdAt: "2026-01-15T10:00:00.000Z" } })).toEqual(["messaging"]);
    expect(staleReads({ type: "messages_read", data: { readerId: 3, partnerId: 2 } })).toEqual(["messaging"]);
  });

  it("re-reads the schedule after an appointment changed", () => {
    expect(staleReads({ type: "appointment_changed", data: { id: 9 } })).toEqual(["schedule"]);
  });

  it("re-reads the waitlist after an offer was made, answered or withdrawn", () => {
    expect(staleReads({ type: "waitlist_offer_changed", data: { offerId: 4 } })).toEqual(["waitlist"]);
  });

  it("catches up on connecting: messages always, everything after an outage", () => {
    expect(staleReads({ type: "connected", data: { reconnected: false } })).toEqual(["messaging"]);
    expect(staleReads({ type: "connected", data: { reconnected: true } })).toEqual(["messaging", "schedule", "waitlist"]);
  });
});
