import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { DEMO, signInQuietly } from "./support";

type Credentials = { username: string; password: string };

/**
 * Doctors of the demo clinic that only the messaging tests write as, so that counts of unread
 * messages are exactly what each test made them (the database is shared by a run): Okafor for
 * most of messages.spec, Moreau for its live test of counts, Lindqvist for realtime.spec.
 */
export const QUIET_DOCTORS = {
  okafor: { username: "dr.okafor", password: DEMO.doctor.password, firstName: "Julian", lastName: "Okafor" },
  lindqvist: { username: "dr.lindqvist", password: DEMO.doctor.password, firstName: "Maren", lastName: "Lindqvist" },
  moreau: { username: "dr.moreau", password: DEMO.doctor.password, firstName: "Camille", lastName: "Moreau" },
} as const;

export type Member = { context: BrowserContext; page: Page; id: number };

/** A browser of one's own (a context), signed in; a one-time password is replaced first, as the app asks. */
export async function memberBrowser(browser: Browser, credentials: Credentials & { oneTime?: boolean }): Promise<Member> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInQuietly(page, credentials);
  if (credentials.oneTime) {
    const changed = await page.request.post("/api/user/password", {
      data: { currentPassword: credentials.password, newPassword: "a calm tide under morning light" },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const response = await page.request.get("/api/user");
  const { id } = (await response.json()) as { id: number };
  return { context, page, id };
}

let patientCount = 0;

/**
 * A new patient in the doctor's care, opened by the doctor (no registration throttle), so each
 * test starts with a conversation nobody else touches. Returns the patient's sign-in.
 */
export async function newPatientOf(doctor: Page, firstName = "Wren"): Promise<Credentials & { oneTime: true; firstName: string; lastName: string }> {
  patientCount += 1;
  const lastName = `Ashdown${Date.now().toString(36)}${patientCount}`;
  const response = await doctor.request.post("/api/patients", {
    data: { firstName, lastName, phoneNumber: "(555) 010-4477", dateOfBirth: "1990-03-08" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { patient, oneTimePassword } = (await response.json()) as { patient: { username: string }; oneTimePassword: string };
  return { username: patient.username, password: oneTimePassword, oneTime: true, firstName, lastName };
}

/** Sends through the public API, as another device of the same member would. */
export async function sendThroughApi(page: Page, receiverId: number, content: string): Promise<void> {
  const response = await page.request.post("/api/messages", { data: { receiverId, content } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The navbar's count of unread messages (desktop). */
export function navbarUnread(page: Page) {
  return page.getByRole("navigation", { name: "Main", exact: true }).getByTestId("unread-messages-badge");
}

export function conversationWith(page: Page, name: string) {
  return page.getByTestId("conversation").filter({ hasText: name });
}

export function chatLog(page: Page) {
  return page.getByRole("log");
}

export function composer(page: Page) {
  return page.getByRole("textbox", { name: /^Message to/ });
}

export async function openMessages(page: Page, partnerId?: number): Promise<void> {
  await page.goto(partnerId === undefined ? "/messages" : `/messages?with=${partnerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
}
