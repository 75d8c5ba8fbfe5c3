// Sealed messages (issue 18), on a clinic of its own: once the clinic has its records key and both
// people have signed in (their keys made in their browsers), a message is sealed in the sender's
// browser, stored and pushed as a JWE the server cannot read, and opened in the receiver's, in the
// chat and in the conversation list. The clinic's records key opens it too.
import { newKeyPair, openMessage } from "@halcyon/sealed";
import { expect, type Browser } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { chatLog, composer, conversationWith, openMessages } from "./messaging-support";
import { DEMO, expectToast, fillLogInForm, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** Signs in through the form, as a member does: their browser opens (or makes) their key. */
async function signedInThroughTheForm(browser: Browser, baseURL: string, who: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/auth");
  await fillLogInForm(page, who);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expectToast(page, "Welcome back!");
  await expect.poll(async () => (await page.request.get("/api/keys/me")).status()).toBe(200);
  const id: number = (await (await page.request.get("/api/user")).json()).id;
  return { page, id };
}

test("a message is sealed in the sender's browser, kept as ciphertext, and opened in the receiver's", async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  // The clinic's records key, its private half with the test (as with the clinic, off line).
  const records = await newKeyPair();
  await signInQuietly(page, DEMO.admin);
  expect((await page.request.put("/api/admin/records-key", { data: { publicKey: records.publicKey } })).status()).toBe(200);

  const patient = await signedInThroughTheForm(browser, baseURL!, DEMO.patient);
  const doctor = await signedInThroughTheForm(browser, baseURL!, DEMO.doctor);

  await openMessages(patient.page, doctor.id);
  await openMessages(doctor.page);
  const words = "The evening walks are helping; I slept six hours twice.";
  await composer(patient.page).fill(words);
  await composer(patient.page).press("Enter");
  await expect(chatLog(patient.page)).toContainText(words);

  // The doctor's list shows it opened, live; so does the conversation.
  const row = conversationWith(doctor.page, "Alex Morgan");
  await expect(row).toContainText(words);
  await row.click();
  await expect(chatLog(doctor.page)).toContainText(words);
  expect(await seriousViolations(doctor.page)).toEqual([]);

  // What the server holds and hands out is a JWE sealed to the two of them and the clinic.
  const thread: { content: string }[] = await (await doctor.page.request.get(`/api/messages/${patient.id}`)).json();
  const stored = thread.at(-1)!.content;
  expect(stored).not.toContain("evening walks");
  const kids = JSON.parse(stored).recipients.map((recipient: { header: { kid: string } }) => recipient.header.kid);
  const [patientKid, doctorKid] = await Promise.all(
    [patient, doctor].map(async (member) => (await (await member.page.request.get("/api/keys/me")).json()).kid as string),
  );
  expect(kids).toEqual([patientKid, doctorKid, records.kid]);
  expect(await openMessage(stored, { kid: records.kid, privateKey: records.privateKey })).toEqual({ text: words });
});
