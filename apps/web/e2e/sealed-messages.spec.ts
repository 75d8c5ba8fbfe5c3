// Sealed messages (issue 18), on a clinic of its own: the clinic has its records key and each
// member their keys (the demo's, or made in a new member's browser at their first sign-in). A
// message is sealed in the sender's browser, stored and pushed as a JWE the server cannot read,
// sealed to the two people and the clinic's records key, and opened in the receiver's browser, in
// the chat and in the conversation list. (That the records key opens it: records-key.spec.ts.)
import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { CHOSEN_PASSWORD, chatLog, composer, conversationWith, memberBrowser, newPatientOf, openMessages, opensWithPassword } from "./messaging-support";
import { DEMO, expectToast, fillLogInForm, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** The kids a stored message is sealed to, in order. */
const sealedTo = (stored: string): string[] => JSON.parse(stored).recipients.map((recipient: { header: { kid: string } }) => recipient.header.kid);

test("a message is sealed in the sender's browser, kept as ciphertext, and opened in the receiver's", async ({ browser, baseURL }) => {
  // Two sign-ins through the form and three axe runs: minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  // The demo's members: their browsers open the keys they have with the password typed.
  const patient = await memberBrowser(browser, DEMO.patient, { baseURL, throughTheForm: true });
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL, throughTheForm: true });

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
  const kid = async (page: Page, path: string) => ((await (await page.request.get(path)).json()) as { kid: string }).kid;
  expect(sealedTo(stored)).toEqual([
    await kid(patient.page, "/api/keys/me"),
    await kid(doctor.page, "/api/keys/me"),
    await kid(doctor.page, "/api/keys/clinic"),
  ]);

  // The two read the same safety number.
  const numbers: string[] = [];
  for (const member of [patient, doctor]) {
    await member.page.getByRole("button", { name: "Safety number" }).click();
    const dialog = member.page.getByRole("dialog", { name: /^Your safety number with/ });
    await expect(dialog.getByTestId("safety-number")).toHaveText(/^(\d{5}){12}$/);
    numbers.push((await dialog.getByTestId("safety-number").textContent()) ?? "");
    expect(await seriousViolations(member.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Done" }).click();
  }
  expect(numbers[0]).toBe(numbers[1]);

  // Closed with a click, the dialog gives the focus back to its button without raising the
  // button's tooltip over the chat; the keyboard arriving on the button still raises it.
  const opener = doctor.page.getByRole("button", { name: "Safety number" });
  await expect(opener).toBeFocused();
  // Radix opens a tooltip on focus at once, without its hover delay: two frames after the focus
  // came back, React has drawn whatever that focus opened.
  await doctor.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(opener).toHaveAttribute("data-state", "closed");
  await expect(doctor.page.getByRole("tooltip")).toHaveCount(0);
  await doctor.page.keyboard.press("Shift+Tab");
  await doctor.page.keyboard.press("Tab");
  await expect(opener).toBeFocused();
  await expect(doctor.page.getByRole("tooltip")).toHaveText(/^Check your safety number with/);
});

test("on a new device the password opens the history; after a password reset the recovery code does", async ({ browser, baseURL, page }) => {
  test.setTimeout(240_000);
  await signInQuietly(page, DEMO.admin);
  const clinicKid: string = (await (await page.request.get("/api/keys/clinic")).json()).kid;

  // A new patient of Dr. Vance's signs in for the first time (their keys are made, with the
  // recovery code shown this once) and writes to the doctor.
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL });
  const credentials = await newPatientOf(doctor.page);
  const patient = await memberBrowser(browser, credentials, { baseURL, throughTheForm: true });
  const recoveryCode = await patient.page.getByRole("textbox", { name: "Recovery code" }).inputValue();
  await patient.page.getByRole("button", { name: "I have saved it" }).click();
  const words = "Could we talk about the new job on Thursday?";
  await openMessages(patient.page, doctor.id);
  await composer(patient.page).fill(words);
  await composer(patient.page).press("Enter");
  await expect(chatLog(patient.page)).toContainText(words);
  // Stored sealed, to the three keys (once the send has landed: the chat shows it at once; the
  // conversation is new, so until then the server holds nothing).
  const lastStored = async () => ((await (await patient.page.request.get(`/api/messages/${doctor.id}`)).json()) as { content: string }[]).at(-1)?.content ?? "";
  await expect.poll(async () => (await lastStored()).includes('"recipients"')).toBe(true);
  expect(sealedTo(await lastStored())).toContain(clinicKid);

  // A new device, signed in without the password typed here (as with a passkey): locked until the password opens it.
  const phone = await (await browser.newContext({ baseURL, reducedMotion: "reduce" })).newPage();
  await signInQuietly(phone, { username: credentials.username, password: CHOSEN_PASSWORD });
  await openMessages(phone, doctor.id);
  const lock = phone.getByRole("region", { name: "Unlock your messages on this device" });
  await expect(lock).toBeVisible();
  await expect(chatLog(phone)).toContainText("Sealed. Unlock your messages above to read it.");
  expect(await seriousViolations(phone)).toEqual([]);
  for (const width of [375, 1440]) {
    await phone.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await phone.screenshot({ path: `test-results/screenshots/messages-locked-${width}.png`, fullPage: true });
  }
  await phone.setViewportSize({ width: 1280, height: 800 });
  await lock.getByLabel("Your password").fill("not the password");
  await lock.getByRole("button", { name: "Unlock" }).click();
  await expect(lock.getByRole("alert")).toHaveText("That password is not right. Please try again.");
  await lock.getByLabel("Your password").fill(CHOSEN_PASSWORD);
  await lock.getByRole("button", { name: "Unlock" }).click();
  await expect(chatLog(phone)).toContainText(words);
  await expect(lock).toHaveCount(0);

  // An admin resets the patient's password; they choose a new one, and the recovery code restores the history.
  const reset = await page.request.post(`/api/admin/users/${patient.id}/one-time-password`);
  expect(reset.status()).toBe(200);
  const oneTimePassword: string = (await reset.json()).oneTimePassword;
  const after = await (await browser.newContext({ baseURL, reducedMotion: "reduce" })).newPage();
  await after.goto("/auth");
  await fillLogInForm(after, { username: credentials.username, password: oneTimePassword });
  await after.getByRole("button", { name: "Log In", exact: true }).click();
  const newPassword = "a walk along the quiet shore";
  await after.getByLabel("New password", { exact: true }).fill(newPassword);
  await after.getByLabel("Confirm new password").fill(newPassword);
  await after.getByRole("button", { name: "Save my password" }).click();
  await expectToast(after, "Your password is set");
  await openMessages(after, doctor.id);
  const locked = after.getByRole("region", { name: "Unlock your messages on this device" });
  await locked.getByLabel("Your password").fill(newPassword);
  await locked.getByRole("button", { name: "Unlock" }).click();
  const recovery = after.getByRole("region", { name: "Your password was reset: use your recovery code" });
  await expect(recovery).toBeVisible();
  expect(await seriousViolations(after)).toEqual([]);
  await recovery.getByLabel("Recovery code").fill(recoveryCode.toLowerCase().replace(/-/g, " "));
  await recovery.getByRole("button", { name: "Restore my messages" }).click();
  await expect(chatLog(after)).toContainText(words);
  // Sealed again with the new password's seal key: it opens the key from now on.
  const mine = await (await after.request.get("/api/keys/me")).json();
  expect(await opensWithPassword(after.request, credentials.username, mine.sealedPrivateKey, newPassword)).toBe(true);
});
