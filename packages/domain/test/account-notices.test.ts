// (The comma after the weekday depends on the runtime's ICU data.)
// The account's notices say times on the member's own clock, name the zone, and carry the links
// their pages need (bound to what they are about).
import { describe, expect, it } from "vitest";
import { ACCOUNT_NOTICE_KINDS } from "../src/notices/kinds/account-notices";
import { composeNotice } from "../src/notices/notice-content";
import { longWhen } from "../src/notices/notice-time";

const clinic = { clinicName: "Halcyon", nameClinician: false };

describe("account notices", () => {
  it("say an instant on the member's clock, with the zone named", () => {
    expect(longWhen("2026-11-29T09:14:00.000Z", "Pacific/Auckland")).toMatch(/^Sunday, November 29, 2026,? at 10:14 PM New Zealand Daylight Time$/);
    const content = composeNotice(
      ACCOUNT_NOTICE_KINDS.security_change,
      { change: "passkey_added", at: "2026-11-29T09:14:00.000Z" },
      { userId: 1, firstName: "Alex", timeZone: "America/New_York" },
      clinic,
    );
    expect(content.paragraphs[0]).toMatch(/^On Sunday, November 29, 2026,? at 4:14 AM Eastern Standard Time, a passkey was added to your account\.$/);
    expect(content.actions[0]?.label).toBe("This was not me");
    expect(content.actions[0]?.link.signed).toEqual({ purpose: "report_not_me", expiresAt: "2026-12-13T09:14:00.000Z", singleUse: true });
  });

  it("bind the verification link to the address and the reset link to the password's tag", () => {
    const to = { userId: 1, firstName: "Alex", timeZone: "UTC" };
    const verification = composeNotice(
      ACCOUNT_NOTICE_KINDS.email_verification,
      { address: "alex@example.com", expiresAt: "2026-12-01T09:00:00.000Z" },
      to,
      clinic,
    );
    expect(verification.actions[0]?.link).toEqual({
      path: "/verify-email",
      signed: { purpose: "verify_email", subject: "alex@example.com", expiresAt: "2026-12-01T09:00:00.000Z", singleUse: true },
    });
    const reset = composeNotice(
      ACCOUNT_NOTICE_KINDS.password_reset,
      { username: "alex", passwordTag: "tag", expiresAt: "2026-12-01T09:30:00.000Z" },
      to,
      clinic,
    );
    expect(reset.actions[0]?.link.signed).toMatchObject({ purpose: "reset_password", subject: "tag", singleUse: true });
  });
});
