import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";

/** What the member's phone would show `offsetSeconds` from now. */
export function codeFor(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Turns on an authenticator from a page showing the two-step section (the account page, or the staff set-up page); answers its secret. */
export async function turnOnAuthenticator(page: Page, password: string): Promise<string> {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const confirmIt = page.getByRole("dialog", { name: "Set up two-step sign-in" });
  await confirmIt.getByLabel("Your password").fill(password);
  await confirmIt.getByRole("button", { name: "Continue" }).click();
  // The next step takes the focus: the code to type, not the top of the page.
  await expect(page.getByLabel("Code from your authenticator app")).toBeFocused();
  const secret = await page.getByRole("textbox", { name: "Setup key" }).inputValue();
  await page.getByLabel("Code from your authenticator app").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  return secret;
}

/** Full-page screenshots at a phone's and a wide screen's width, from the top, for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
