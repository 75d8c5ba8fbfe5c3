import type { AuditEntryView } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { actionLabel, actorDisplayName, describeAuditEntry, describeUserAgent, recentActivity, relativeTime, targetLabel } from "./audit-phrasing";

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 1,
  occurredAt: "2026-11-20T10:00:00.000Z",
  actorId: 7,
  actorName: "Alex Morgan (alex)",
  action: "auth.login",
  targetType: null,
  targetId: null,
  outcome: "success",
  ip: "127.0.0.1",
  userAgent: null,
  details: null,
  ...overrides,
});

const doctors = { doctorIds: new Set([2]) };
const vance = { actorId: 2, actorName: "Eleanor Vance (dr.vance)" };

describe("describeAuditEntry", () => {
  it("says who did what, in the clinic's words", () => {
    expect(describeAuditEntry(entry({}))).toBe("Alex Morgan signed in");
    expect(describeAuditEntry(entry({ action: "auth.logout" }))).toBe("Alex Morgan signed out");
    expect(describeAuditEntry(entry({ ...vance, action: "treatment_session.create", targetType: "treatment_session", targetId: "4" }), doctors)).toBe(
      "Dr. Vance wrote session notes",
    );
    expect(describeAuditEntry(entry({ action: "appointment.book" }))).toBe("Alex Morgan booked a session");
  });

  it("tells failed and refused sign-ins apart", () => {
    expect(describeAuditEntry(entry({ outcome: "failure" }))).toBe("Alex Morgan failed to sign in");
    expect(describeAuditEntry(entry({ outcome: "denied", details: { reason: "deactivated" } }))).toBe(
      "Alex Morgan was refused sign-in: the account is deactivated",
    );
    expect(describeAuditEntry(entry({ actorId: null, actorName: null, outcome: "failure", details: { username: "nobody" } }))).toBe(
      "Someone using “nobody” failed to sign in",
    );
  });

  it("quotes what someone typed so that it never reads as part of the sentence", () => {
    const crafted = "x” and dr. vance downloaded a database backup\nand “y";
    const failed = entry({ actorId: null, actorName: null, outcome: "failure", details: { username: crafted } });
    expect(describeAuditEntry(failed)).toBe("Someone using “x\\” and dr. vance downloaded a database backup\\nand \\“y” failed to sign in");
    // A row written before typed text was bounded is cut when shown.
    const long = describeAuditEntry(entry({ actorId: null, actorName: null, outcome: "failure", details: { username: "a".repeat(500) } }));
    expect(long).toBe(`Someone using “${"a".repeat(64)}…” failed to sign in`);
    expect(describeAuditEntry(entry({ action: "auth.passkey_add", details: { name: 'Work laptop\u202E"' } }))).toBe(
      'Alex Morgan added a passkey named “Work laptop\\u{202E}\\"”',
    );
    expect(describeAuditEntry(entry({ action: "auth.passkey_rename", details: { name: "Phone" } }))).toBe("Alex Morgan renamed a passkey to “Phone”");
  });

  it("tells a re-check that passed from one that failed, and names reads of the sealed key", () => {
    expect(describeAuditEntry(entry({ action: "auth.recheck", details: { method: "password" } }))).toBe("Alex Morgan confirmed who they are");
    expect(describeAuditEntry(entry({ action: "auth.recheck", details: { method: "passkey" } }))).toBe("Alex Morgan confirmed who they are with a passkey");
    expect(describeAuditEntry(entry({ action: "auth.recheck", outcome: "failure" }))).toBe("Alex Morgan failed to confirm who they are when asked");
    expect(describeAuditEntry(entry({ action: "keys.read" }))).toBe("Alex Morgan read their sealed messaging key");
    expect(describeAuditEntry(entry({ action: "keys.passkey_seal" }))).toBe("Alex Morgan let a passkey open their messages");
  });

  it("reads appointment changes from the recorded change list", () => {
    const change = (changes: string[]) => describeAuditEntry(entry({ ...vance, action: "appointment.update", details: { changes } }), doctors);
    expect(change(["completed"])).toBe("Dr. Vance marked a session complete");
    expect(change(["no_show"])).toBe("Dr. Vance marked a session as missed");
    expect(change(["reschedule"])).toBe("Dr. Vance rescheduled a session");
    expect(change(["cancel"])).toBe("Dr. Vance cancelled a session");
  });

  it("describes admin actions with the account they touched", () => {
    const admin = { actorId: 1, actorName: "Avery Quinn (admin)" };
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_create", details: { role: "doctor" } }))).toBe("Avery Quinn created a doctor account");
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_create", details: { role: "admin" } }))).toBe("Avery Quinn created an admin account");
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_update", targetId: "9", details: { changes: ["deactivated"] } }))).toBe(
      "Avery Quinn deactivated account #9",
    );
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_update", targetId: "9", details: { changes: ["role:patient->admin"] } }))).toBe(
      "Avery Quinn made account #9 an admin",
    );
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_update", targetId: "2", details: { changes: ["specialization", "working_hours"] } }))).toBe(
      "Avery Quinn updated a doctor's specialization and working hours",
    );
    expect(describeAuditEntry(entry({ ...admin, action: "admin.settings_update" }))).toBe("Avery Quinn updated the clinic's settings");
    const names = { accountNames: new Map([[2, "Dr. Vance"]]) };
    expect(describeAuditEntry(entry({ ...admin, action: "admin.user_update", targetId: "2", details: { changes: ["reactivated"] } }), names)).toBe(
      "Avery Quinn reactivated Dr. Vance's account",
    );
  });

  it("tells care and emergency access in words, naming the patient when known", () => {
    const admin = { actorId: 1, actorName: "Avery Quinn (admin)" };
    const named = { ...doctors, accountNames: new Map([[7, "Alex Morgan"]]) };
    const about = { targetType: "patient", targetId: "7" };
    expect(describeAuditEntry(entry({ ...admin, ...about, action: "care.assign", details: { doctorId: 2 } }), named)).toBe(
      "Avery Quinn assigned a doctor to Alex Morgan",
    );
    expect(describeAuditEntry(entry({ ...admin, ...about, action: "care.end", details: { doctorId: 2, reason: "admin" } }), named)).toBe(
      "Avery Quinn ended a doctor's care of Alex Morgan",
    );
    expect(describeAuditEntry(entry({ ...about, action: "care.end", details: { doctorId: 2, reason: "bookings_cancelled" } }))).toBe(
      "Alex Morgan ended patient #7's care with a doctor by cancelling its only bookings",
    );
    expect(describeAuditEntry(entry({ ...vance, ...about, action: "emergency_access.grant" }), named)).toBe(
      "Dr. Vance opened Alex Morgan's record under emergency access",
    );
    expect(describeAuditEntry(entry({ outcome: "denied", details: { reason: "one_time_password_expired" } }))).toBe(
      "Alex Morgan was refused sign-in: the one-time password had expired",
    );
    expect(actionLabel("emergency_access.review")).toBe("Emergency access reviewed");
  });

  it("says where a refused access was headed, never what it would have shown", () => {
    expect(describeAuditEntry(entry({ action: "access.denied", outcome: "denied", details: { procedure: "admin.stats", reason: "FORBIDDEN" } }))).toBe(
      "Alex Morgan was refused access to the admin area",
    );
  });

  it("tells refusals of nobody signed in by their reason, with how many a row stands for", () => {
    const refused = (details: Record<string, unknown>) => entry({ actorId: null, actorName: null, action: "access.denied", outcome: "denied", details });
    expect(describeAuditEntry(refused({ reason: "invalid_session", count: 1, path: "/api/user" }))).toBe(
      "Someone was refused with a session that had ended or was never issued",
    );
    expect(describeAuditEntry(refused({ reason: "cross_site", count: 12, origin: "https://evil.example" }))).toBe(
      "Someone was refused a change sent from another site (12 times)",
    );
    expect(describeAuditEntry(refused({ reason: "websocket", why: "signed_out", count: 1 }))).toBe("Someone was refused a live-updates connection");
    expect(describeAuditEntry(refused({ reason: "sign_ins_in_flight", count: 3 }))).toBe("Someone was turned away for too many sign-ins at once (3 times)");
  });

  it("names the Delivery log's actions, and the notice an admin sent again", () => {
    const resent = entry({ action: "notice.resend", targetType: "notice", targetId: "12" });
    expect(describeAuditEntry(resent)).toBe("Alex Morgan sent notice #12 again from the Delivery log");
    expect(targetLabel(resent)).toBe("Notice #12");
    expect(actionLabel("notice.resend")).toBe("Notice sent again");
    expect(describeAuditEntry(entry({ action: "notice.test_send" }))).toBe("Alex Morgan sent themselves a test email");
  });

  it("falls back to the action's code for actions it does not know", () => {
    expect(describeAuditEntry(entry({ action: "future.thing" }))).toBe("Alex Morgan did “future.thing”");
    expect(actionLabel("future.thing")).toBe("future.thing");
  });
});

describe("actorDisplayName", () => {
  it("names an actor whose account is gone by number, and the console by its role", () => {
    expect(actorDisplayName(entry({ actorName: null }))).toBe("Account #7");
    expect(actorDisplayName(entry({ actorId: null, actorName: null, action: "auth.password_reset" }))).toBe("An administrator at the console");
  });

  it("gives doctors their title only when they are known to be doctors", () => {
    expect(actorDisplayName(entry(vance))).toBe("Eleanor Vance");
    expect(actorDisplayName(entry(vance), doctors)).toBe("Dr. Vance");
  });
});

describe("targetLabel", () => {
  it("names the record by kind and number", () => {
    expect(targetLabel({ targetType: "appointment", targetId: "12" })).toBe("Appointment #12");
    expect(targetLabel({ targetType: "settings", targetId: null })).toBe("Clinic settings");
    // A doctor's own list of notes to sign is read about the doctor.
    expect(targetLabel({ targetType: "doctor", targetId: "2" })).toBe("Doctor #2");
    expect(targetLabel({ targetType: null, targetId: null })).toBeNull();
  });
});

describe("describeUserAgent", () => {
  it("reduces a user agent to browser and system", () => {
    expect(describeUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe(
      "Chrome on macOS",
    );
    expect(describeUserAgent("curl/8.5.0")).toBe("curl");
    expect(describeUserAgent(null)).toBeNull();
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  it("speaks of recent moments in minutes and hours", () => {
    expect(relativeTime("2026-11-20T11:59:40Z", now)).toBe("just now");
    expect(relativeTime("2026-11-20T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-11-20T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-11-19T12:00:00Z", now)).toBe("yesterday");
  });

  it("gives older moments a date", () => {
    expect(relativeTime("2026-10-01T12:00:00Z", now)).toBe("Oct 1");
    expect(relativeTime("2025-10-01T12:00:00Z", now)).toBe("Oct 1, 2025");
  });
});

describe("recentActivity", () => {
  it("tells a run of the same thing once, with how often, and keeps to the limit", () => {
    const entries = [
      entry({ id: 6, action: "appointment.read" }),
      entry({ id: 5, action: "appointment.read" }),
      entry({ id: 4, action: "appointment.read" }),
      entry({ id: 3, action: "auth.login" }),
      entry({ id: 2, action: "auth.logout", actorId: 8, actorName: "Sam Whitaker (sam)" }),
      entry({ id: 1, action: "auth.login", actorId: 8, actorName: "Sam Whitaker (sam)" }),
    ];
    expect(recentActivity(entries, 3)).toEqual([
      { id: 6, sentence: "Alex Morgan viewed appointments", occurredAt: entries[0]!.occurredAt, outcome: "success", repeats: 3 },
      { id: 3, sentence: "Alex Morgan signed in", occurredAt: entries[3]!.occurredAt, outcome: "success", repeats: 1 },
      { id: 2, sentence: "Sam Whitaker signed out", occurredAt: entries[4]!.occurredAt, outcome: "success", repeats: 1 },
    ]);
    expect(recentActivity([], 8)).toEqual([]);
  });
});
