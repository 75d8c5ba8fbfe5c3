import { expect, test, type Browser } from "@playwright/test";

import { memberBrowser, newPatientOf, openMessages, QUIET_DOCTORS } from "./messaging-support";
import { DEMO, expectToast, mainNavigation, signInQuietly } from "./support";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const NEW_PASSWORD = "a calm tide under morning light";

/** The same new patient, signed in on this browser and on two other devices, each on a page with a live connection. */
async function onThreeDevices(browser: Browser) {
  const doctor = await memberBrowser(browser, QUIET_DOCTORS.lindqvist);
  const credentials = await newPatientOf(doctor.page, "Ines");
  await doctor.context.close();
  const here = await memberBrowser(browser, credentials);
  const elsewhere = await Promise.all(
    [FIREFOX, SAFARI].map(async (userAgent) => {
      const context = await browser.newContext({ userAgent, reducedMotion: "reduce" });
      const page = await context.newPage();
      await signInQuietly(page, { username: credentials.username, password: NEW_PASSWORD });
      await openMessages(page);
      await expect(page.getByTestId("connection-status")).toHaveText("Connected");
      return { context, page };
    }),
  );
  return { here, firefox: elsewhere[0]!, safari: elsewhere[1]! };
}

test.describe("your account's sessions", () => {
  test("a member signs one device out, then all the others, and each finds itself signed out", async ({ browser }) => {
    test.setTimeout(120_000);
    const { here, firefox, safari } = await onThreeDevices(browser);
    await here.page.goto("/account");
    await expect(here.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    const sessions = here.page.getByTestId("session");
    await expect(sessions).toHaveCount(3);
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(sessions.filter({ hasText: "Firefox on Linux" })).toHaveCount(1);

    // Each button names its device and when it signed in: two devices may share a name.
    await here.page.getByRole("button", { name: /^Sign out Firefox on Linux, signed in .+ at \d{1,2}:\d{2} [AP]M/ }).click();
    await expectToast(here.page, "Session ended", "Firefox on Linux is signed out.");
    await expect(sessions).toHaveCount(2);
    // Its row is gone with the button: the focus is on the list, not lost to the top of the page.
    await expect(here.page.getByRole("list", { name: "Your sessions" })).toBeFocused();
    // Its socket closes at once: the page says so and goes to sign in.
    await expect(firefox.page).toHaveURL(/\/auth$/);
    await expect(safari.page.getByTestId("connection-status")).toHaveText("Connected");

    await here.page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expectToast(here.page, "Signed out elsewhere", "Your other session has ended.");
    await expect(sessions).toHaveCount(1);
    await expect(here.page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    await expect(safari.page).toHaveURL(/\/auth$/);
    // This device is still signed in.
    await here.page.reload();
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await Promise.all([here.context.close(), firefox.context.close(), safari.context.close()]);
  });

  test("an admin signs a member out everywhere: each of their pages goes to sign in, and their password still works", async ({ browser }) => {
    test.setTimeout(120_000);
    const { here, firefox, safari } = await onThreeDevices(browser);
    await openMessages(here.page);
    await expect(here.page.getByTestId("connection-status")).toHaveText("Connected");
    const member = (await (await here.page.request.get("/api/user")).json()) as { username: string; firstName: string; lastName: string };
    const name = `${member.firstName} ${member.lastName}`;
    const admin = await browser.newContext({ reducedMotion: "reduce" });
    const adminPage = await admin.newPage();
    await signInQuietly(adminPage, DEMO.admin);
    await adminPage.goto(`/admin/users?q=${member.username}`);
    await adminPage.getByRole("button", { name: `Sign out everywhere for ${name}` }).click();
    const dialog = adminPage.getByRole("dialog", { name: `Sign ${name} out everywhere?` });
    await expect(dialog).toContainText("Their password and two-step sign-in stay as they are.");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await expectToast(adminPage, "Signed out everywhere", `${name} was signed out of 3 sessions.`);
    for (const device of [here, firefox, safari]) await expect(device.page).toHaveURL(/\/auth$/);
    // Nothing else changed: the same password signs them in again.
    await signInQuietly(here.page, { username: member.username, password: NEW_PASSWORD });
    await Promise.all([admin.close(), here.context.close(), firefox.context.close(), safari.context.close()]);
  });

  test("the member's badge in the navbar leads to their account", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/appointments");
    await mainNavigation(page)
      .getByRole("link", { name: /^Your account/ })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("session").filter({ hasText: "This device" })).toHaveCount(1);
  });
});
