import type { Conversation, Doctor, PatientSummary } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { findPartner, fullName, parsePartnerId } from "./partner";

const conversation = {
  id: 1,
  senderId: 2,
  receiverId: 1,
  content: "Hello",
  createdAt: "2026-01-15T10:00:00.000Z",
  senderName: "Eleanor Vance",
  partnerId: 2,
  partnerName: "Eleanor Vance",
  partnerRole: "doctor",
  partnerProfileImageUrl: null,
  unreadCount: 1,
  readByPartner: false,
} satisfies Conversation;
const doctors: Doctor[] = [
  { id: 2, firstName: "Eleanor", lastName: "Vance", specialization: "Individual Therapy", profileImageUrl: null },
  { id: 3, firstName: "Julian", lastName: "Okafor", specialization: "Couples Therapy", profileImageUrl: null },
];
const patients = [{ id: 9, firstName: "Sam", lastName: "Whitaker" }] as PatientSummary[];

describe("findPartner", () => {
  it("names a partner from their conversation, with a doctor's specialization", () => {
    expect(findPartner(2, { conversation, doctors })).toEqual({
      id: 2,
      firstName: "Eleanor",
      lastName: "Vance",
      imageUrl: null,
      detail: "Individual Therapy",
    });
  });

  it("names someone not written to yet from the doctors or patients one may write to", () => {
    expect(fullName(findPartner(3, { conversation, doctors })!)).toBe("Julian Okafor");
    expect(fullName(findPartner(9, { patients })!)).toBe("Sam Whitaker");
    expect(findPartner(42, { conversation, doctors, patients })).toBeUndefined();
  });
});

describe("parsePartnerId", () => {
  it("accepts positive whole numbers only", () => {
    expect(parsePartnerId("12")).toBe(12);
    for (const bad of [null, "", "0", "-3", "1.5", "12abc", "9".repeat(40)]) expect(parsePartnerId(bad)).toBeNull();
  });
});
