// The clinic's records key (issue 18): until an admin makes it, the dashboard says secure messaging
// is not set up; System Settings makes it in the admin's browser, hands its private half over as a
// file, and keeps only the public half, which opens nothing but what is sealed to it.
import { newKeyPair, openMessage, sealMessage } from "@halcyon/sealed";
import { expect } from "@playwright/test";
import { readFile } from "node:fs/promises";

import { ownClinic } from "./clinic-server";
import { DEMO, expectToast, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

test("an admin makes the records key once: the private half is downloaded, the public half is what every message is sealed to", async ({ page }) => {
  await signInQuietly(page, DEMO.admin);
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
});
