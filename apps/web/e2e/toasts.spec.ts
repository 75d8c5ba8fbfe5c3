import { expect, test } from "@playwright/test";

import { expectToast, fillLogInForm, toast } from "./support";

test.describe("toasts", () => {
  test("only one is shown at a time: a new one replaces the last", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Please check the form", "Username and password are required");

    await fillLogInForm(page, { username: "nobody.at.all", password: "still not it" });
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(toast(page)).toHaveCount(1);
  });

  test("F8 moves focus to the notifications", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Please check the form");
    await page.keyboard.press("F8");
    await expect(page.locator('[data-slot="toast-viewport"]')).toBeFocused();
  });

  test("a toast leaves by itself after 5 seconds, or at once when closed", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(toast(page)).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(toast(page)).toBeHidden();

    await page.getByRole("button", { name: "Log In" }).click();
    await toast(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toast(page)).toBeHidden();
  });
});
