// The outbox's sending side against a real SMTP server (@halcyon/config/mail-catcher): what arrives and
// with which headers, what a mail server's refusals, delays and silences do, the Delivery log,
// and, on PostgreSQL, two instances sending one batch between them, each notice once.
import { connect, type DatabaseHandle } from "@halcyon/db";
import { createTestDatabase, describeEachDatabase } from "@halcyon/db/testing";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import type { ParsedMail } from "@halcyon/config/mail-catcher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "../src/notices/mail-transport";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { startMailCatcher, type MailCatcher } from "@halcyon/config/mail-catcher";
import { mailingApp, newestNoticeId, noticeWhen, PUBLIC_ORIGIN, queueTestNotices, verifyEmail, type MailingApp } from "./notice-support";

const ADMIN_ADDRESS = "adam.staff@example.com";

async function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST", url: string) {
  return app.inject({ method, url, headers: { cookie: who.cookie } });
}

/** A header as it was written (mailparser reads List-* headers into an object of its own). */
const headerOf = (message: ParsedMail, name: string) => {
  const line = message.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
};

describeEachDatabase("notices by email", (database) => {
  let catcher: MailCatcher;
  let clinic: MailingApp;
  let admin: SignedIn;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    clinic = await mailingApp(database(), catcher.url);
    admin = await aStaffMember(clinic.app, "admin");
    await verifyEmail(clinic.app, admin.id, ADMIN_ADDRESS);
  });
  afterAll(async () => {
    await clinic.app.close();
    await catcher.close();
  });

  /** The admin asks for a test email; resolves with its notice's id. */
  async function sendTest(): Promise<number> {
    const response = await call(clinic.app, admin, "POST", "/api/admin/notices/test");
    expect(response.statusCode, response.body).toBe(200);
    return newestNoticeId(clinic.app);
  }

  it("sends an admin's test email to their own address, in the clinic's look and as plain text, without an unsubscribe header", async () => {
    const id = await sendTest();
    const message = await catcher.waitFor((m) => m.messageId === `<notice-${id}@clinic.example.com>`);
    expect(message.from?.value).toEqual([{ name: "Halcyon", address: "care@clinic.example.com" }]);
    expect(message.to && !Array.isArray(message.to) ? message.to.value : []).toEqual([{ name: "Adam", address: ADMIN_ADDRESS }]);
    expect(message.subject).toBe("A test email from Halcyon");
    // Essential: nothing to unsubscribe from.
    expect(headerOf(message, "list-unsubscribe")).toBeUndefined();
    expect(headerOf(message, "list-unsubscribe-post")).toBeUndefined();
    expect(message.text).toContain("Hello Adam,");
    expect(message.text).toContain(`Open the Delivery log: ${PUBLIC_ORIGIN}/admin/delivery-log`);
    const html = String(message.html);
    expect(html).toContain("Hello Adam,");
    expect(html).toContain(`href="${PUBLIC_ORIGIN}/admin/delivery-log"`);
    // Nothing fetched from anywhere: no remote image, font or stylesheet.
    expect(html).not.toMatch(/<img|<link|@import|url\(/i);

    const row = await noticeWhen(clinic.app, id, (r) => r.status === "sent");
    expect(row).toMatchObject({ attempts: 1, result: expect.stringMatching(/^250 .*Ok: queued as catcher-/) });
    expect(row.sent_at).not.toBeNull();
  });

  it("marks a member's notice not sent, and sends nothing, once their account is deactivated", async () => {
    const patient = await aPatient(clinic.app);
    await verifyEmail(clinic.app, patient.id, "gone@example.com");
    await clinic.app.clinic.db.updateTable("users").set({ deactivated_at: clinic.app.clinic.now().toISOString() }).where("id", "=", patient.id).execute();
    await queueTestNotices(clinic.app, patient.id, "gone@example.com", 1);
    const row = await noticeWhen(clinic.app, await newestNoticeId(clinic.app), (r) => r.status !== "waiting" && r.status !== "sending");
    expect(row).toMatchObject({ status: "unsent", result: "The member's account is deactivated." });
    expect(catcher.messages.some((m) => m.subject?.includes("(1)") && (m.to as { text: string }).text.includes("gone@"))).toBe(false);
  });

  it("invites a couple's partner at an address with no account to make one, by no name; a member's kind never goes to a bare address", async () => {
    const { app } = clinic;
    const doctor = await aStaffMember(app, "doctor");
    const couples = await app.inject({
      method: "POST",
      url: "/api/billing/services",
      payload: { name: "Couples Therapy", minutes: 53, feeMinor: 18_000, kind: "couples" },
      headers: { cookie: admin.cookie },
    });
    const booker = await aPatient(app);
    // A guest invitation goes only from a patient whose own address is verified.
    await verifyEmail(app, booker.id, `booker${booker.id}@example.com`);
    const address = `newcomer-${Date.now()}@example.com`;
    const [slot] = await slotsOf(app, booker, doctor.id, weekdayAhead(12));
    const booked = await book(app, booker, { doctorId: doctor.id, startTime: slot, title: "Together", serviceId: couples.json().id, partnerEmail: address });
    expect(booked.statusCode, booked.body).toBe(200);
    const notice = await app.clinic.db.selectFrom("notices").selectAll().where("to_address", "=", address).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: "party_invitation_guest", user_id: null, channel: "email" });

    const message = await catcher.waitFor((m) => m.messageId === `<notice-${notice.id}@clinic.example.com>`);
    expect(message.to && !Array.isArray(message.to) ? message.to.value : []).toEqual([{ name: "", address }]);
    // The subject names no one: only the clinic and the time.
    expect(message.subject).toMatch(/^You are invited to an appointment at Halcyon: /);
    expect(message.text).toContain("create your account with this email address");
    expect(message.text).toContain(`${PUBLIC_ORIGIN}/auth?register=1`);
    expect(message.text).not.toMatch(/token=|Hello ,/);
    expect(headerOf(message, "list-unsubscribe")).toBeUndefined();
    expect(message.text).toContain("You have no account with us, and nothing more is sent unless you make one.");

    // Asked again the same day, by anyone, the address is not written to again; and a patient
    // whose own address is unverified, or an address a deactivated account has, sends nothing.
    const guestNotices = async (to: string) =>
      (await app.clinic.db.selectFrom("notices").select("id").where("to_address", "=", to).where("kind", "=", "party_invitation_guest").execute()).length;
    const again = await aPatient(app);
    await verifyEmail(app, again.id, `again${again.id}@example.com`);
    const [later] = await slotsOf(app, again, doctor.id, weekdayAhead(13));
    const second = await book(app, again, { doctorId: doctor.id, startTime: later, title: "Us", serviceId: couples.json().id, partnerEmail: address });
    expect(second.statusCode, second.body).toBe(200);
    expect(await guestNotices(address)).toBe(1);
    const unverified = await aPatient(app);
    const [third] = await slotsOf(app, unverified, doctor.id, weekdayAhead(14));
    const quiet = `quiet-${Date.now()}@example.com`;
    expect(
      (await book(app, unverified, { doctorId: doctor.id, startTime: third, title: "Us", serviceId: couples.json().id, partnerEmail: quiet })).statusCode,
    ).toBe(200);
    expect(await guestNotices(quiet)).toBe(0);
    const departed = await aPatient(app);
    const departedAddress = `departed-${Date.now()}@example.com`;
    await verifyEmail(app, departed.id, departedAddress);
    await app.clinic.db.updateTable("users").set({ deactivated_at: app.clinic.now().toISOString() }).where("id", "=", departed.id).execute();
    const [fourth] = await slotsOf(app, again, doctor.id, weekdayAhead(15));
    expect(
      (await book(app, again, { doctorId: doctor.id, startTime: fourth, title: "Us", serviceId: couples.json().id, partnerEmail: departedAddress })).statusCode,
    ).toBe(200);
    expect(await guestNotices(departedAddress)).toBe(0);

    // A member's kind with no member (its account gone) is never sent to the address it carries.
    await app.clinic.db
      .insertInto("notices")
      .values({
        kind: "party_invitation",
        channel: "email",
        user_id: null,
        to_address: "nobody@example.com",
        subject: "A member's",
        params: notice.params,
        status: "waiting",
        next_attempt_at: app.clinic.now().toISOString(),
        created_at: app.clinic.now().toISOString(),
      })
      .execute();
    const row = await noticeWhen(app, await newestNoticeId(app), (r) => r.status !== "waiting" && r.status !== "sending");
    expect(row).toMatchObject({ status: "unsent", result: "The member's account no longer exists." });
  });

  it("tries a refused message again with growing pauses, then gives up", async () => {
    catcher.answer({ code: 550, message: "Mailbox unavailable" });
    try {
      const id = await sendTest();
      let row = await noticeWhen(clinic.app, id, (r) => r.status === "failed");
      expect(row).toMatchObject({ attempts: 1, result: expect.stringContaining("The mail server refused it: 550 Mailbox unavailable") });
      // The second try waits a minute; nothing happens before it.
      expect(Date.parse(row.next_attempt_at) - clinic.app.clinic.now().getTime()).toBeGreaterThan(50_000);
      clinic.advance(61_000);
      clinic.app.notices.wake();
      row = await noticeWhen(clinic.app, id, (r) => r.attempts === 2 && r.status === "failed");
      // Then two minutes.
      expect(Date.parse(row.next_attempt_at) - clinic.app.clinic.now().getTime()).toBeGreaterThan(110_000);
      clinic.advance(121_000);
      clinic.app.notices.wake();
      row = await noticeWhen(clinic.app, id, (r) => r.status === "given_up");
      expect(row).toMatchObject({ attempts: 3, result: expect.stringContaining("550 Mailbox unavailable") });
    } finally {
      catcher.answer("accept");
    }
  });

  it("tries again after a server asks it to, and sends once the server is back", async () => {
    catcher.answer({ code: 451, message: "Try again later" });
    const id = await sendTest();
    const row = await noticeWhen(clinic.app, id, (r) => r.status === "failed");
    expect(row).toMatchObject({ attempts: 1, result: expect.stringContaining("The mail server asked to try later: 451 Try again later") });
    catcher.answer("accept");
    clinic.advance(61_000);
    clinic.app.notices.wake();
    expect(await noticeWhen(clinic.app, id, (r) => r.status === "sent")).toMatchObject({ attempts: 2 });
    await catcher.waitFor((m) => m.messageId === `<notice-${id}@clinic.example.com>`);
  });

  it("fails a batch at once when the server stops answering, and sends it all when it answers again", async () => {
    catcher.answer("hang");
    const before = catcher.messages.length;
    await queueTestNotices(clinic.app, admin.id, ADMIN_ADDRESS, 12);
    const last = await newestNoticeId(clinic.app);
    const ids = Array.from({ length: 12 }, (_, index) => last - 11 + index);
    for (const id of ids) {
      const row = await noticeWhen(clinic.app, id, (r) => r.status === "failed");
      expect(row.result).toMatch(/^The mail server did not answer in time/);
    }
    catcher.answer("accept");
    clinic.advance(61_000);
    clinic.app.notices.wake();
    for (const id of ids) await noticeWhen(clinic.app, id, (r) => r.status === "sent");
    const arrived = catcher.messages.slice(before).map((m) => m.messageId);
    for (const id of ids) expect(arrived).toContain(`<notice-${id}@clinic.example.com>`);
  });

  it("shows admins the Delivery log, newest first, filtered and paged, with no more of a notice than its subject", async () => {
    const id = await sendTest();
    await noticeWhen(clinic.app, id, (r) => r.status === "sent");
    const page = (await call(clinic.app, admin, "GET", "/api/admin/notices?limit=2")).json();
    expect(page.notices).toHaveLength(2);
    expect(page.notices[0]).toMatchObject({
      id,
      kind: "clinic_test_email",
      channel: "email",
      recipient: { userId: admin.id, name: expect.stringMatching(/^Adam Staff/), address: ADMIN_ADDRESS },
      subject: "A test email from Halcyon",
      status: "sent",
      attempts: 1,
      result: expect.stringMatching(/^250 /),
    });
    expect(Object.keys(page.notices[0]).sort()).toEqual([
      "attempts",
      "channel",
      "createdAt",
      "id",
      "kind",
      "nextAttemptAt",
      "recipient",
      "result",
      "sentAt",
      "status",
      "subject",
    ]);
    // The body of the email (its heading and paragraphs) and the facts it was made from stay out.
    const whole = (await call(clinic.app, admin, "GET", "/api/admin/notices?limit=100")).body;
    expect(whole).not.toContain("Hello Adam");
    expect(whole).not.toContain("requestedAt");
    expect(whole).not.toContain("You asked for this test email");

    const next = (await call(clinic.app, admin, "GET", `/api/admin/notices?limit=2&before=${encodeURIComponent(page.nextBefore)}`)).json();
    expect(next.notices[0].id).toBeLessThan(page.notices[1].id);
    const givenUp = (await call(clinic.app, admin, "GET", "/api/admin/notices?status=given_up")).json();
    expect(givenUp.notices.length).toBeGreaterThan(0);
    expect(givenUp.notices.every((n: { status: string }) => n.status === "given_up")).toBe(true);
    const unsent = (await call(clinic.app, admin, "GET", "/api/admin/notices?status=unsent")).json();
    expect(unsent.notices.every((n: { status: string }) => n.status === "unsent")).toBe(true);

    // Doctors and patients are refused, over both doors.
    const doctor = await aStaffMember(clinic.app, "doctor");
    expect((await call(clinic.app, doctor, "GET", "/api/admin/notices")).statusCode).toBe(403);
    expect((await call(clinic.app, doctor, "POST", "/api/admin/notices/test")).statusCode).toBe(403);
    expect((await call(clinic.app, doctor, "POST", `/api/admin/notices/${id}/resend`)).statusCode).toBe(403);
    expect((await clinic.app.inject({ method: "GET", url: "/trpc/deliveryLog.list", headers: { cookie: doctor.cookie } })).statusCode).toBe(403);
  });

  it("sends a notice again on an admin's word, audited, but not one being sent at that moment", async () => {
    const givenUp = (await call(clinic.app, admin, "GET", "/api/admin/notices?status=given_up")).json().notices[0] as { id: number };
    const resent = await call(clinic.app, admin, "POST", `/api/admin/notices/${givenUp.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: givenUp.id, attempts: 0, result: null });
    expect(["waiting", "sending", "sent"]).toContain(resent.json().status);
    expect(await noticeWhen(clinic.app, givenUp.id, (r) => r.status === "sent")).toMatchObject({ attempts: 1 });
    await catcher.waitFor((m) => m.messageId === `<notice-${givenUp.id}@clinic.example.com>`);
    const audit = (await call(clinic.app, admin, "GET", `/api/admin/audit-log?action=notice.&actorId=${admin.id}`)).json().entries as {
      action: string;
      targetId: string;
    }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: "notice.resend", targetId: String(givenUp.id) }));
    expect(audit).toContainEqual(expect.objectContaining({ action: "notice.test_send" }));

    // One an instance holds right now is left to it.
    await clinic.app.clinic.db
      .updateTable("notices")
      .set({ status: "sending", claimed_until: new Date(clinic.app.clinic.now().getTime() + 60_000).toISOString() })
      .where("id", "=", givenUp.id)
      .execute();
    const refused = await call(clinic.app, admin, "POST", `/api/admin/notices/${givenUp.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/being sent right now/);
    expect((await call(clinic.app, admin, "POST", "/api/admin/notices/2147483647/resend")).statusCode).toBe(404);
  });

  it("sends a notice again to the member's address as it is at that moment, or says why it may not go", async () => {
    const patient = await aPatient(clinic.app);
    await verifyEmail(clinic.app, patient.id, "first@example.com");
    const now = clinic.app.clinic.now().toISOString();
    const written = await clinic.app.clinic.db
      .insertInto("notices")
      .values({
        kind: "new_message",
        channel: "email",
        user_id: patient.id,
        to_address: "first@example.com",
        subject: "You have a new message",
        params: JSON.stringify({ from: null }),
        status: "given_up",
        attempts: 3,
        next_attempt_at: now,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const resend = () => call(clinic.app, admin, "POST", `/api/admin/notices/${written.id}/resend`);
    const row = () =>
      clinic.app.clinic.db.selectFrom("notices").select(["status", "to_address", "attempts"]).where("id", "=", written.id).executeTakeFirstOrThrow();
    const users = () => clinic.app.clinic.db.updateTable("users").where("id", "=", patient.id);

    // The member changed their address since: it goes to the new one, verified.
    await verifyEmail(clinic.app, patient.id, "second@example.com");
    const moved = await resend();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().recipient.address).toBe("second@example.com");
    const arrived = await catcher.waitFor((m) => m.messageId === `<notice-${written.id}@clinic.example.com>`);
    expect(arrived.to && !Array.isArray(arrived.to) ? arrived.to.value.map((to) => to.address) : []).toEqual(["second@example.com"]);
    await noticeWhen(clinic.app, written.id, (r) => r.status === "sent");

    // Each refusal says why, and leaves the notice as it was.
    const refusedWith = async (message: RegExp) => {
      const before = await row();
      const refused = await resend();
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(message);
      expect(await row()).toEqual(before);
    };
    // An address changed and not yet verified.
    await users().set({ email: "third@example.com", email_verified_at: null }).execute();
    await refusedWith(/has no verified email address now, so this notice is not sent again/);
    // The topic switched off by the member.
    await verifyEmail(clinic.app, patient.id, "third@example.com");
    const off = await clinic.app.inject({
      method: "PUT",
      url: "/api/account/notice-settings/switches",
      headers: { cookie: patient.cookie },
      payload: { topic: "messages", email: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await refusedWith(/has turned off New messages notices by email, so this notice is not sent again/);
    // The member deactivated.
    await users().set({ deactivated_at: clinic.app.clinic.now().toISOString() }).execute();
    await refusedWith(/account is deactivated, so this notice is not sent again/);
    expect(catcher.messages.filter((m) => m.messageId === `<notice-${written.id}@clinic.example.com>`)).toHaveLength(1);
  });

  it("sends an address's verification link again only while that address is the member's and unconfirmed", async () => {
    const patient = await aPatient(clinic.app);
    await clinic.app.clinic.db.updateTable("users").set({ email: "new@example.com", email_verified_at: null }).where("id", "=", patient.id).execute();
    const now = clinic.app.clinic.now();
    const written = await clinic.app.clinic.db
      .insertInto("notices")
      .values({
        kind: "email_verification",
        channel: "email",
        user_id: patient.id,
        to_address: "new@example.com",
        subject: "Confirm your email address for Halcyon",
        params: JSON.stringify({ address: "new@example.com", expiresAt: new Date(now.getTime() + 86_400_000).toISOString() }),
        status: "given_up",
        attempts: 3,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const resend = () => call(clinic.app, admin, "POST", `/api/admin/notices/${written.id}/resend`);
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().recipient.address).toBe("new@example.com");
    await noticeWhen(clinic.app, written.id, (r) => r.status === "sent");
    await verifyEmail(clinic.app, patient.id, "new@example.com");
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/has confirmed or changed their email address since this link was sent/);
  });

  it("refuses a test email to an admin without a verified address", async () => {
    const other = await aStaffMember(clinic.app, "admin");
    const response = await call(clinic.app, other, "POST", "/api/admin/notices/test");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/no verified email address/);
  });
});

describeEachDatabase("notices without a mail server", (database) => {
  let clinic: MailingApp;
  beforeAll(async () => {
    clinic = await mailingApp(database(), undefined);
  });
  afterAll(() => clinic.app.close());

  it("sends nothing and fails nothing: the notice is marked not sent, saying no mail server is configured", async () => {
    const admin = await aStaffMember(clinic.app, "admin");
    await verifyEmail(clinic.app, admin.id, ADMIN_ADDRESS);
    expect((await call(clinic.app, admin, "POST", "/api/admin/notices/test")).statusCode).toBe(200);
    const row = await noticeWhen(clinic.app, await newestNoticeId(clinic.app), (r) => r.status !== "waiting" && r.status !== "sending");
    expect(row).toMatchObject({ status: "unsent", attempts: 1, result: "No mail server is configured (SMTP_URL)." });
  });
});

describe("the mail transport", () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher.close());

  const transport = () =>
    createMailTransport({
      url: catcher.url,
      from: { name: null, address: "care@clinic.example.com" },
      clinicName: () => "Halcyon",
      now: () => new Date("2026-12-01T12:00:00Z"),
      connections: 2,
      perSecond: 100,
      timeoutMs: { connect: 1_000, answer: 1_000 },
    });

  const appointment = (status: "confirmed" | "cancelled", sequence: number) => ({
    subject: "Your appointment at Halcyon",
    preview: "Monday, December 7",
    heading: "Hello Alex,",
    paragraphs: ["Your appointment is on Monday, December 7, 2026 at 2:00 PM (Eastern Standard Time)."],
    actions: [{ label: "See it in the app", link: { path: `${PUBLIC_ORIGIN}/appointments` } }],
    calendar: {
      uid: "appointment-41@halcyon",
      start: "2026-12-07T19:00:00.000Z",
      end: "2026-12-07T20:00:00.000Z",
      summary: "Appointment at Halcyon",
      sequence,
      status,
      url: { path: `${PUBLIC_ORIGIN}/appointments` },
    },
  });

  it("gives a notice that can be switched off a one-click unsubscribe (RFC 8058), and an appointment its invitation, which a calendar parser reads back", async () => {
    const mail = transport();
    try {
      const unsubscribeUrl = `${PUBLIC_ORIGIN}/api/notices/unsubscribe?token=abc.def`;
      await mail.send({
        id: 901,
        kind: "appointment_booked",
        channel: "email",
        to: "alex@example.com",
        toName: "Alex",
        subject: "Your appointment at Halcyon",
        content: appointment("confirmed", 0),
        unsubscribeUrl,
        html: "<p>Hello Alex,</p>",
        text: "Hello Alex,",
      });
      const booked = await catcher.waitFor((m) => m.messageId === "<notice-901@clinic.example.com>");
      // Without a name in MAIL_FROM, the clinic's name.
      expect(booked.from?.value).toEqual([{ name: "Halcyon", address: "care@clinic.example.com" }]);
      expect(headerOf(booked, "list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
      expect(headerOf(booked, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const invitation = booked.attachments.find((attachment) => attachment.contentType === "text/calendar");
      expect(invitation).toBeDefined();
      const calendar = new ICAL.Component(ICAL.parse(invitation!.content.toString("utf8")));
      expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
      expect(event.uid).toBe("appointment-41@halcyon");
      expect(event.summary).toBe("Appointment at Halcyon");
      expect(event.sequence).toBe(0);
      expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-07T19:00:00.000Z");
      expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-07T20:00:00.000Z");
      expect(event.organizer.toLowerCase()).toBe("mailto:care@clinic.example.com");
      expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual(["mailto:alex@example.com"]);

      // Cancelled: the same UID, a later SEQUENCE, METHOD:CANCEL, so calendar apps take it away.
      await mail.send({
        id: 902,
        kind: "appointment_cancelled",
        channel: "email",
        to: "alex@example.com",
        toName: "Alex",
        subject: "Your appointment at Halcyon is cancelled",
        content: appointment("cancelled", 1),
        html: "<p>Hello</p>",
        text: "Hello",
      });
      const cancelled = await catcher.waitFor((m) => m.messageId === "<notice-902@clinic.example.com>");
      const cancellation = new ICAL.Component(ICAL.parse(cancelled.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8")));
      expect(cancellation.getFirstPropertyValue("method")).toBe("CANCEL");
      const removed = cancellation.getFirstSubcomponent("vevent")!;
      expect(removed.getFirstPropertyValue("uid")).toBe("appointment-41@halcyon");
      expect(removed.getFirstPropertyValue("sequence")).toBe(1);
      expect(removed.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(headerOf(cancelled, "list-unsubscribe")).toBeUndefined();
    } finally {
      await mail.close?.();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let catcher: MailCatcher;
  let databases: DatabaseHandle[] = [];
  let instances: MailingApp[] = [];

  beforeAll(async () => {
    catcher = await startMailCatcher();
    const database = await createTestDatabase("postgres");
    databases = [database, connect({ kind: "postgres", url: database.postgres!.url, schema: database.postgres!.schema!, auditKey: database.auditKey })];
    instances = [];
    for (const handle of databases) instances.push(await mailingApp(handle, catcher.url));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    for (const handle of databases.reverse()) await handle.close();
    await catcher.close();
  });

  it("sends a batch between them, each notice once", async () => {
    const [first, second] = instances as [MailingApp, MailingApp];
    const admin = await aStaffMember(first.app, "admin");
    await queueTestNotices(first.app, admin.id, ADMIN_ADDRESS, 300);
    // Both look at once, and keep looking until the batch is gone.
    first.app.notices.wake();
    second.app.notices.wake();
    const arrived = await catcher.waitForCount(300, 60_000);
    await Promise.all([first.app.notices.idle(), second.app.notices.idle()]);
    const ids = arrived.map((message) => message.messageId);
    expect(new Set(ids).size).toBe(300);
    expect(catcher.messages).toHaveLength(300);
    const statuses = await first.app.clinic.db.selectFrom("notices").select(["status", "attempts"]).execute();
    expect(statuses.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});
