// The clinic's records key (issue 18), on a clinic set up from scratch as a real one starts: an
// empty database without the demo, its first admin created with `pnpm clinic create-user`. Until
// an admin makes the key, the dashboard says secure messaging is not set up and no chat can send;
// System Settings makes it in the admin's browser, hands its private half over as a file, and
// keeps only the public half, which opens nothing but what is sealed to it.
import { newKeyPair, openMessage, sealMessage } from "@halcyon/sealed";
import { expect, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";

import { ownClinic } from "./clinic-server";
import { memberBrowser, newPatientOf, openMessages } from "./messaging-support";
import { expectToast, seriousViolations, signInQuietly } from "./support";

const FIRST_ADMIN = { username: "office.rowan", password: "first light over the harbour office", firstName: "Rowan", lastName: "Hale" };

const test = ownClinic({ fromScratch: { admin: FIRST_ADMIN } });
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** What the chat's composer says about why it cannot send yet. */
function sealingNote(page: Page) {
  return page.getByRole("form", { name: /^Write to / }).getByRole("status");
}

test("an admin makes the records key once: the private half is downloaded, the public half is what every message is sealed to", async ({
  page,
  browser,
  baseURL,
}) => {
  // A sign-in through the form, the key made and downloaded, axe twice: minutes on a loaded 2-core machine.
  test.setTimeout(180_000);
  await signInQuietly(page, FIRST_ADMIN);

  // Before the key, a doctor (their own keys made at their first sign-in) cannot write to a patient.
  const created = await page.request.post("/api/admin/users", {
    data: {
      username: "dr.first",
      role: "doctor",
      firstName: "Ines",
      lastName: "Marlow",
      phoneNumber: "(555) 010-2020",
      dateOfBirth: "1980-01-02",
      specialization: "Anxiety & Stress",
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { oneTimePassword } = (await created.json()) as { oneTimePassword: string };
  const doctor = await memberBrowser(browser, { username: "dr.first", password: oneTimePassword, oneTime: true }, { baseURL, throughTheForm: true });
  const patient = await newPatientOf(doctor.page, "Tamsin");
  await openMessages(doctor.page, patient.id);
  await expect(sealingNote(doctor.page)).toHaveText(/^Secure messaging is not set up yet: the clinic's admin first makes its records key\./);
  await expect(doctor.page.getByRole("button", { name: "Send message" })).toBeDisabled();

  await page.goto("/admin");
  const notice = page.getByRole("complementary", { name: "Secure messaging is not set up" });
  await expect(notice).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await notice.getByRole("link", { name: "Set up secure messaging" }).click();

  const section = page.getByRole("region", { name: "Secure messaging" });
  await expect(section).toContainText("the clinic has no records key");
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Make the records key" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^halcyon-records-key-[\w-]{8}\.jwk\.json$/);
  const privateKey = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(privateKey).toMatchObject({ kty: "EC", crv: "P-256", d: expect.any(String) });
  await expectToast(page, "The records key is made");
  await expect(section).toContainText("The records key is set.");
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/records-key-${width}.png`, fullPage: true });
  }

  // The server has the public half only; what is sealed to it opens with the file, as at a records request.
  const clinicKey = await (await page.request.get("/api/keys/clinic")).json();
  expect(clinicKey.kid).toBe(privateKey.kid);
  expect(clinicKey.publicKey).not.toHaveProperty("d");
  const someone = await newKeyPair();
  const sealed = await sealMessage({ text: "For the record." }, [{ kid: someone.kid, publicKey: someone.publicKey }, clinicKey]);
  expect(await openMessage(sealed, { kid: privateKey.kid, privateKey })).toEqual({ text: "For the record." });

  // Made once: the dashboard says nothing more about it.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Secure messaging is not set up" })).toHaveCount(0);

  // The doctor's chat now waits only for the patient, who has not signed in yet.
  await doctor.page.reload();
  await expect(sealingNote(doctor.page)).toHaveText(/has not set up secure messaging yet\. You can send once they next sign in/);
  await doctor.context.close();
});
