import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";

import { chatLog, memberBrowser, navbarUnread, newPatientOf, openMessages, QUIET_DOCTORS, sendThroughApi } from "./messaging-support";
import { recordToasts, signInQuietly } from "./support";

const DOCTOR = QUIET_DOCTORS.lindqvist;

test.use({ contextOptions: { reducedMotion: "reduce" } });

/**
 * Puts the page's WebSocket behind a switch: `drop()` closes the connection on both sides and
 * refuses new ones, as a lost network or a restarting server would; `restore()` lets them through.
 */
async function socketSwitch(page: Page) {
  let down = false;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (down) {
      void ws.close({ code: 1011, reason: "outage" });
      return;
    }
    open.push({ page: ws, server: ws.connectToServer() });
  });
  return {
    async drop() {
      down = true;
      for (const { page: side, server } of open.splice(0)) {
        await server.close();
        await side.close({ code: 1012, reason: "connection lost" });
      }
    },
    restore() {
      down = false;
    },
  };
}

const status = (page: Page) => page.getByTestId("connection-status");

test.describe("the live connection", () => {
  test("a dropped and restored connection misses nothing in the open conversation", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page, "Ada"));
    await sendThroughApi(doctor.page, patient.id, "Welcome, Ada. Write whenever you like.");
    const connection = await socketSwitch(patient.page);

    await openMessages(patient.page, doctor.id);
    await expect(chatLog(patient.page)).toContainText("Welcome, Ada.");
    await expect(status(patient.page)).toHaveText("Connected");
    // A second tab whose connection stays up: what it hears, the first would have heard.
    const witness = await patient.context.newPage();
    await openMessages(witness, doctor.id);
    await expect(status(witness)).toHaveText("Connected");

    await connection.drop();
    await expect(status(patient.page)).toHaveText("Connecting...");
    await sendThroughApi(doctor.page, patient.id, "A note while you were away.");
    await sendThroughApi(doctor.page, patient.id, "And another.");
    // Nothing arrives while the connection is down (the page does not poll).
    await expect(chatLog(witness)).toContainText("And another.");
    await expect(chatLog(patient.page)).not.toContainText("A note while you were away.");
    await witness.close();

    connection.restore();
    await expect(status(patient.page)).toHaveText("Connected");
    await expect(chatLog(patient.page).getByTestId("message").filter({ hasText: "A note while you were away." })).toHaveCount(1);
    await expect(chatLog(patient.page).getByTestId("message").filter({ hasText: "And another." })).toHaveCount(1);
    // Read at once, being open: the doctor's side shows it.
    await openMessages(doctor.page, patient.id);
    await expect(chatLog(doctor.page).getByTestId("receipt")).toHaveText("Read");

    // And live again afterwards.
    await sendThroughApi(doctor.page, patient.id, "Back in touch.");
    await expect(chatLog(patient.page)).toContainText("Back in touch.");
    await Promise.all([doctor.context.close(), patient.context.close()]);
  });

  test("offline and back online: the navbar's count catches up at once", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page, "Bram"));
    await sendThroughApi(patient.page, doctor.id, "Hello, Dr. Lindqvist.");
    const connection = await socketSwitch(patient.page);
    await patient.page.goto("/team");
    await expect(navbarUnread(patient.page)).toHaveCount(0);
    await openMessages(doctor.page, patient.id);
    await expect(status(doctor.page)).toHaveText("Connected");

    // The network goes: the socket drops and no request gets through.
    await patient.context.setOffline(true);
    await connection.drop();
    await sendThroughApi(doctor.page, patient.id, "Of course. See you on Friday.");
    // The doctor's own socket hears the message: it has been pushed, and the patient's page missed it.
    await expect(chatLog(doctor.page)).toContainText("Of course. See you on Friday.");
    await expect(navbarUnread(patient.page)).toHaveCount(0);

    // It comes back: the page reconnects without waiting out its backoff, and re-reads the count.
    connection.restore();
    await patient.context.setOffline(false);
    await expect(navbarUnread(patient.page)).toContainText("1 unread message");
    await Promise.all([doctor.context.close(), patient.context.close()]);
  });

  test("signing out elsewhere ends the connection, and the page says so and goes to sign in", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page, "Cleo"));
    const toasts = await recordToasts(patient.page);
    await openMessages(patient.page);
    await expect(status(patient.page)).toHaveText("Connected");

    // Another tab of the same browser signs out: the server closes this tab's socket (4001).
    const otherTab = await patient.context.newPage();
    const signedOut = await otherTab.request.post("/api/logout");
    expect(signedOut.status()).toBe(200);

    await expect(patient.page).toHaveURL(/\/auth$/);
    expect(toasts.map((seen) => seen.text)).toContainEqual(expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./));
    await Promise.all([doctor.context.close(), patient.context.close()]);
  });

  test("a password changed in another tab starts a new session: the page reconnects on it", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page, "Elio"));
    const sockets: string[] = [];
    patient.page.on("websocket", (socket) => sockets.push(socket.url()));
    await openMessages(patient.page, doctor.id);
    await expect(status(patient.page)).toHaveText("Connected");

    // The server ends every other session of the member, this tab's socket with it (4001)…
    // The other tab asks from inside the browser, as a member would: its answer's new cookie lands
    // in the browser's own jar, not in the test runner's (which may reach the browser much later).
    const otherTab = await patient.context.newPage();
    await otherTab.goto("/hipaa");
    const changed = await otherTab.evaluate(async () => {
      const response = await fetch("/api/user/password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ currentPassword: "a calm tide under morning light", newPassword: "lanterns along the quiet harbour" }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(changed.status, changed.body).toBe(200);

    // …but the browser holds the new one: the page stays, connects again, and hears what comes.
    await expect.poll(() => sockets.length).toBe(2);
    await expect(status(patient.page)).toHaveText("Connected");
    await sendThroughApi(doctor.page, patient.id, "Noted your new password? Good.");
    await expect(chatLog(patient.page)).toContainText("Noted your new password? Good.");
    expect(new URL(patient.page.url()).pathname).toBe("/messages");
    await Promise.all([doctor.context.close(), patient.context.close()]);
  });

  test("one socket per signed-in tab, and none for visitors", async ({ page }) => {
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Until the page has stopped asking for anything, it could still open a socket.
    await page.waitForLoadState("networkidle");
    expect(sockets).toEqual([]);

    const doctor = await memberBrowser(page.context().browser()!, DOCTOR);
    const credentials = await newPatientOf(doctor.page, "Dara");
    await doctor.context.close();
    await signInQuietly(page, credentials);
    await page.request.post("/api/user/password", { data: { currentPassword: credentials.password, newPassword: "a calm tide under morning light" } });
    await page.goto("/team");
    await expect.poll(() => sockets.length).toBe(1);
    expect(new URL(sockets[0]!).pathname).toBe("/ws");

    // Moving around the app keeps the one connection.
    await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: /Messages/ })
      .click();
    await expect(status(page)).toHaveText("Connected");
    expect(sockets).toHaveLength(1);
  });
});
