import { expect, type APIRequestContext } from "@playwright/test";

import { mailingClinic } from "./clinic-server";
import { DEMO, postSignIn, seriousViolations } from "./support";

// Emails are screens too: a clinic of its own mails a booking, a cancellation and a password
// reset to a real SMTP server started here; each email's HTML is then opened in Chromium at
// phone and desktop widths, held to the axe scan, to fit a phone without sideways scrolling,
// and pictured for a person to look at (test-results/screenshots/email-*.png).

const test = mailingClinic();

function weekdayAhead(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Alex books Dr. Vance's first free hour ten days ahead, then cancels it, then asks for a new password. */
async function alexMakesMail(api: APIRequestContext): Promise<void> {
  expect((await postSignIn(api, DEMO.patient)).status()).toBe(200);
  const doctors = (await (await api.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const vance = doctors.find((doctor) => doctor.lastName === "Vance")!;
  const { slots } = (await (await api.get(`/api/doctors/${vance.id}/slots?date=${weekdayAhead(10)}`)).json()) as { slots: { startTime: string }[] };
  const booked = await api.post("/api/appointments", { data: { doctorId: vance.id, title: "Check-in", startTime: slots[0]!.startTime } });
  expect(booked.status(), await booked.text()).toBe(200);
  const cancelled = await api.patch(`/api/appointments/${(await booked.json()).id}`, { data: { status: "cancelled" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  expect((await api.post("/api/login/forgot", { data: { login: DEMO.patient.username } })).status()).toBe(200);
  // A couples session naming a partner with no account: the invitation to make one.
  const { services } = (await (await api.get("/api/billing/quote")).json()) as { services: { id: number; kind: string }[] };
  const couples = services.find((service) => service.kind === "couples")!;
  const together = await api.post("/api/appointments", {
    data: { doctorId: vance.id, title: "Together", startTime: slots[1]!.startTime, serviceId: couples.id, partnerEmail: NEWCOMER },
  });
  expect(together.status(), await together.text()).toBe(200);
}

/** A partner's address that no account has. */
const NEWCOMER = "robin.newcomer@example.com";

const slug = (subject: string) =>
  subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 48);

test("every email reads well on a phone and on a desktop: no serious axe finding, nothing wider than the screen", async ({
  page,
  playwright,
  clinic,
  mail: mailbox,
}) => {
  const api = await playwright.request.newContext({ baseURL: clinic.baseURL });
  await alexMakesMail(api);
  // Booked and cancelled, to Alex and to Dr. Vance; the reset link to Alex; a couples session booked, to both, and its invitation.
  await expect.poll(() => mailbox.messages.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
  await expect.poll(() => mailbox.messages.some((mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === NEWCOMER), { timeout: 30_000 }).toBe(true);
  const booking = mailbox.messages.find((mail) => mail.attachments.some((file) => file.contentType.startsWith("text/calendar")));
  expect(booking, "a booking's email carries its calendar invitation").toBeDefined();

  for (const mail of mailbox.messages) {
    expect(mail.text, `${mail.subject}: a plain-text part`).toBeTruthy();
    expect(mail.html, `${mail.subject}: an HTML part`).toBeTruthy();
    const name = `email-${slug(mail.subject ?? "untitled")}-to-${mail.to && !Array.isArray(mail.to) ? slug(mail.to.value[0]?.address ?? "") : "someone"}`;
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.setContent(mail.html as string, { waitUntil: "load" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mail.subject} at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    }
    expect(await seriousViolations(page), mail.subject).toEqual([]);
  }
  await api.dispose();
});
