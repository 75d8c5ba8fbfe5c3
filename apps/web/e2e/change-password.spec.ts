import { expect, test } from "@playwright/test";

import { createAccountAsAdmin, signInAs } from "./admin-support";
import { DEMO, expectToast, postSignIn } from "./support";

const GATE = { level: 1, name: "Choose your own password" } as const;

test.describe("choose your own password (accounts created with a one-time password)", () => {
  test("every member page shows the gate first; the server's reasons show on error; success opens the page asked for", async ({ page, request }) => {
    const account = await createAccountAsAdmin(request, "patient");
    await signInAs(page, account.username, account.oneTimePassword);

    for (const path of ["/dashboard/patient", "/messages", "/appointments"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", GATE)).toBeVisible();
    }
    await expect(page.getByText(`One more step, ${account.firstName}`)).toBeVisible();

    // Only the new password is asked for: the one-time password was just typed to sign in.
    await expect(page.getByLabel("One-time password")).toHaveCount(0);
    // The browser's checks: the confirmation must match.
    await page.getByLabel("New password", { exact: true }).fill("a walk along the quiet shore");
    await page.getByLabel("Confirm new password").fill("a walk along the quiet shor");
    await page.getByRole("button", { name: "Save my password" }).click();
    await expectToast(page, "Please check the form", "The two new passwords do not match.");
    await expect(page.getByLabel("Confirm new password")).toBeFocused();

    // The server's: the one-time password itself, and a password everyone uses.
    await page.getByLabel("New password", { exact: true }).fill(account.oneTimePassword);
    await page.getByLabel("Confirm new password").fill(account.oneTimePassword);
    await page.getByRole("button", { name: "Save my password" }).click();
    await expectToast(page, "Password not changed", "different from the one-time password");
    await expect(page.getByLabel("New password", { exact: true })).toBeFocused();

    await page.getByLabel("New password", { exact: true }).fill("password1234");
    await page.getByLabel("Confirm new password").fill("password1234");
    await expect(page.getByText("Strength: Weak.")).toBeVisible();
    await page.getByRole("button", { name: "Save my password" }).click();
    await expectToast(page, "Password not changed", "similar to a commonly used password");

    await page.getByLabel("New password", { exact: true }).fill("a walk along the quiet shore");
    await page.getByLabel("Confirm new password").fill("a walk along the quiet shore");
    await page.getByRole("button", { name: "Save my password" }).click();
    await expectToast(page, "Your password is set");
    await expect(page.getByRole("heading", GATE)).toHaveCount(0);
    await expect(page).toHaveURL(/\/appointments$/);

    // The session goes on (on a fresh cookie) and the gate does not come back.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("heading", GATE)).toHaveCount(0);
    const me = await page.request.get("/api/user");
    expect(((await me.json()) as { mustChangePassword: boolean }).mustChangePassword).toBe(false);
  });

  test("signing in with a one-time password lands on the gate, then on one's dashboard", async ({ page, request }) => {
    const account = await createAccountAsAdmin(request, "patient");
    await page.goto("/auth");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.oneTimePassword);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("heading", GATE)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel("New password", { exact: true }).fill("morning light on still water");
    await page.getByLabel("Confirm new password").fill("morning light on still water");
    await page.getByRole("button", { name: "Save my password" }).click();
    await expect(page).toHaveURL(/\/dashboard\/patient$/);
    await expect(page.getByRole("heading", GATE)).toHaveCount(0);
  });

  test("accounts with their own password never see the gate", async ({ page }) => {
    await postSignIn(page.request, DEMO.patient);
    await page.goto("/appointments");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("heading", GATE)).toHaveCount(0);
  });
});
