import { expect, type Page } from "@playwright/test";

import { addVirtualAuthenticator, signOutThroughMenu, test } from "./passkey-support";
import { DEMO, expectToast, fillLogInForm, seriousViolations, signInQuietly } from "./support";
import { screenshots } from "./two-step-support";

/** Signs out, and opens the sign-in page once the server has ended the session (else it would still see a member and move on). */
async function signOut(page: Page): Promise<void> {
  await signOutThroughMenu(page);
  await page.goto("/auth");
}

test("a patient adds a passkey, then signs in with it alone, and with it as the second step after the password", async ({ browser, baseURL }) => {
  // Several deliberately slow password hashes, on a busy machine.
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await signInQuietly(page, DEMO.patient);

  await page.goto("/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const confirmIt = page.getByRole("dialog", { name: "Add a passkey" });
  await confirmIt.getByLabel("Your password").fill(DEMO.patient.password);
  await confirmIt.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Passkey added", "signs you in from now on");
  // The first passkey turns two-step sign-in on: ten recovery codes, shown once.
  await expect(passkeys.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await passkeys.getByRole("button", { name: "I have saved them" }).click();
  const row = passkeys.getByTestId("passkey");
  await expect(row).toHaveCount(1);
  // Named after the device it was made on, until the member names it.
  await expect(row).toContainText(/Chrome on \w+/);
  await expect(row).toContainText("not used yet");

  await row.getByRole("button", { name: /^Rename Chrome on / }).click();
  const rename = page.getByRole("dialog", { name: "Rename passkey" });
  await rename.getByLabel("Name").fill("Work laptop");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Work laptop")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "account-passkeys");

  // Signed out, the passkey alone signs in: no username, no password.
  await signOut(page);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "auth-passkey");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectToast(page, "Welcome back!", "You have successfully logged in.");
  await expect(page).toHaveURL(/\/$/);

  // The password now asks for the passkey as its second step.
  await signOut(page);
  await fillLogInForm(page, DEMO.patient);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "One more step" })).toBeVisible();
  await expect(page.getByText("Confirm it is you with your passkey.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "auth-second-step-passkey");
  await page.getByRole("button", { name: "Use your passkey" }).click();
  await expectToast(page, "Welcome back!", "You have successfully logged in.");

  // Removing it asks who it is again; a passkey answers that too.
  await page.goto("/account");
  await expect(passkeys.getByTestId("passkey")).toContainText("last used");
  await passkeys.getByRole("button", { name: "Remove Work laptop" }).click();
  const remove = page.getByRole("dialog", { name: "Remove “Work laptop”?" });
  await remove.getByRole("button", { name: "Use a passkey instead" }).click();
  await expectToast(page, "Passkey removed", "no longer signs you in");
  await expect(passkeys.getByTestId("passkey")).toHaveCount(0);
  await context.close();
});
