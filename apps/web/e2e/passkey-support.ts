// What the passkey journeys share: a clinic of their own served as localhost (a passkey's relying
// party is a domain, never an address, and the passkeys they add must not reach the shared
// clinic's other tests), Chromium's virtual authenticator, and a sign-out that waits for the server.
import { test as base, type Page } from "@playwright/test";

import { startClinicServer, type ClinicServer } from "./clinic-server";
import { mainNavigation } from "./support";

export const test = base.extend<object, { clinic: ClinicServer }>({
  clinic: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const clinic = await startClinicServer({ host: "localhost" });
      await use(clinic);
      await clinic.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ clinic }, use) => use(clinic.baseURL),
});

/**
 * Chromium's virtual authenticator (CDP): a platform authenticator that verifies its user without
 * asking; with `prf`, it also answers the PRF extension (CTAP 2.1), which unlocks messages.
 */
export async function addVirtualAuthenticator(page: Page, { prf = false }: { prf?: boolean } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      ...(prf ? { ctap2Version: "ctap2_1", hasPrf: true } : {}),
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Signs out through the navigation and waits until the server has ended the session. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  const loggedOut = page.waitForResponse((response) => response.url().includes("logout") && response.ok());
  await mainNavigation(page).getByRole("button", { name: "Sign Out" }).click();
  await loggedOut;
}
