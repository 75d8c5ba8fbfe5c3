// A member's messaging keys in the browser (issue 18): made at their first sign-in (here, the
// registration), sealed with the seal key of the password (derived in the browser, never sent)
// and with a recovery code shown once; kept unextractable in this browser and forgotten at
// sign-out; opened again on a new device with the password; sealed anew when the password
// changes. The server holds only what plain jose opens with the seal key or the recovery code.
import { expect, test } from "@playwright/test";
import { compactDecrypt } from "jose";

import { keptKeys, opensWithPassword } from "./messaging-support";
import { expectToast, fillLogInForm, fillRegistrationForm, mainNavigation, newPatient, seriousViolations } from "./support";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** Opens the recovery seal the server holds with the code, as any JWE library would. */
async function opensWith(sealed: string, password: string): Promise<boolean> {
  try {
    await compactDecrypt(sealed, new TextEncoder().encode(password), { keyManagementAlgorithms: ["PBES2-HS512+A256KW"], maxPBES2Count: 1_000_000 });
    return true;
  } catch {
    return false;
  }
}

test("a new member's keys: made and sealed at sign-up with a recovery code shown once, kept unextractable, forgotten at sign-out, reopened on another device, resealed with a new password", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const patient = newPatient();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Need an account? Create one" }).click();
  await fillRegistrationForm(page, patient);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Welcome to Halcyon!");

  // The recovery code, once, above whatever page the member goes to until they have saved it.
  await mainNavigation(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(patient.firstName) })).toBeVisible();
  const notice = page.getByRole("complementary", { name: "Your messages' recovery code" });
  await expect(notice.getByRole("heading", { name: "Save your messages' recovery code" })).toBeVisible();
  const code = await notice.getByRole("textbox", { name: "Recovery code" }).inputValue();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}(-[2-9A-HJKMNP-Z]{5}){4}$/);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/recovery-code-${width}.png`, fullPage: true });
    // Wide enough to read: on a phone the Copy button goes under it, and the code keeps to two lines.
    const box = await notice.getByRole("textbox", { name: "Recovery code" }).boundingBox();
    expect(box!.height, `the code's field at ${width} px`).toBeLessThan(80);
  }
  // Until it is saved, a reload asks first: the code is kept nowhere, so it would be gone.
  const leaving = page.waitForEvent("dialog", { timeout: 15_000 });
  void page.evaluate(() => window.location.reload()).catch(() => undefined);
  const askFirst = await leaving;
  expect(askFirst.type()).toBe("beforeunload");
  await askFirst.dismiss();
  await expect(notice.getByRole("textbox", { name: "Recovery code" })).toHaveValue(code);
  await notice.getByRole("button", { name: "I have saved it" }).click();
  await expect(notice).toHaveCount(0);

  // The server holds the public key and the private key sealed twice: the password's seal key and the code open it.
  const mine = await (await page.request.get("/api/keys/me")).json();
  expect(mine.publicKey).not.toHaveProperty("d");
  const opensWithSealKeyOf = (sealed: string, password: string) => opensWithPassword(page.request, patient.username, sealed, password);
  expect(await opensWithSealKeyOf(mine.sealedPrivateKey, patient.password)).toBe(true);
  expect(await opensWith(mine.sealedRecoveryKey, code)).toBe(true);
  expect(await opensWithSealKeyOf(mine.sealedPrivateKey, "a guess at the password")).toBe(false);

  // This browser keeps it, never to be read out again.
  const userId = (await (await page.request.get("/api/user")).json()).id;
  await expect.poll(() => keptKeys(page)).toEqual([{ userId, kid: mine.kid, extractable: false, type: "private" }]);

  // Signing out forgets it.
  await mainNavigation(page).getByRole("button", { name: "Sign Out" }).click();
  await expectToast(page, "Goodbye!");
  await expect.poll(() => keptKeys(page)).toEqual([]);

  // Another device: the password opens the same key; no new one, no new code.
  const laptop = await (await browser.newContext({ baseURL, reducedMotion: "reduce" })).newPage();
  await laptop.goto("/auth");
  await fillLogInForm(laptop, patient);
  await laptop.getByRole("button", { name: "Log In", exact: true }).click();
  await expectToast(laptop, "Welcome back!");
  await expect.poll(() => keptKeys(laptop)).toEqual([{ userId, kid: mine.kid, extractable: false, type: "private" }]);
  await expect(laptop.getByRole("complementary", { name: "Your messages' recovery code" })).toHaveCount(0);

  // A new password seals the same key anew: the new one opens it, the old one no longer does.
  await laptop.goto("/account");
  const form = laptop.getByRole("form", { name: "Change your password" });
  const newPassword = "tidal moss beneath the old pier";
  await form.getByLabel("Current password").fill(patient.password);
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expectToast(laptop, "Your password is changed");
  const after = await (await laptop.request.get("/api/keys/me")).json();
  expect(await opensWithSealKeyOf(after.sealedPrivateKey, newPassword)).toBe(true);
  expect(after.kid).toBe(mine.kid);
  expect(await opensWithSealKeyOf(after.sealedPrivateKey, patient.password)).toBe(false);
  expect(await opensWith(after.sealedRecoveryKey, code)).toBe(true);
});
