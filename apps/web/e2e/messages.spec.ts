import { expect, test, type Browser, type Locator, type Page, type Route } from "@playwright/test";

import {
  chatLog,
  composer,
  conversationWith,
  memberBrowser,
  navbarUnread,
  newPatientOf,
  openMessages,
  QUIET_DOCTORS,
  sendThroughApi,
  setUpKeysElsewhere,
  signInQuietlyWithKey,
  type Member,
} from "./messaging-support";
import { createAccountAsAdmin } from "./admin-support";
import { DEMO, expectToast, seriousViolations } from "./support";

const DOCTOR = QUIET_DOCTORS.okafor;
const DOCTOR_NAME = `${DOCTOR.firstName} ${DOCTOR.lastName}`;

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A doctor and a new patient of theirs, each in a browser of their own. */
async function doctorAndPatient(browser: Browser, doctorCredentials: typeof DOCTOR | typeof QUIET_DOCTORS.moreau = DOCTOR) {
  const doctor = await memberBrowser(browser, doctorCredentials);
  const credentials = await newPatientOf(doctor.page);
  const patient = await memberBrowser(browser, credentials);
  return { doctor, patient, patientName: `${credentials.firstName} ${credentials.lastName}` };
}

async function closeAll(...members: Member[]) {
  await Promise.all(members.map((member) => member.context.close()));
}

function message(page: Page, text: string) {
  return chatLog(page).getByTestId("message").filter({ hasText: text });
}

/** The number a count badge shows (its words are for screen readers). */
async function expectCount(badge: Locator, count: number) {
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText(String(count));
  await expect(badge.locator(".sr-only")).toHaveText(new RegExp(`\\b${count} unread messages?$`));
}

/** Calls to one procedure, batched with others or not (one matcher per procedure, so unroute finds it). */
const procedure = (name: string) => (url: URL) => url.pathname.startsWith("/trpc/") && url.pathname.split(/[/,]/).includes(name);
const SEND = procedure("messages.send");
const LIST = procedure("messages.list");
const abort = (route: Route) => route.abort();
/** The server does the work, but its answer never comes back. */
const loseTheAnswer = async (route: Route) => {
  await route.fetch();
  await route.abort();
};

/** A new patient in the chat with their doctor, each in a browser of their own, the patient's page connected. */
async function patientInChat(browser: Browser) {
  const doctor = await memberBrowser(browser, DOCTOR);
  const patient = await memberBrowser(browser, await newPatientOf(doctor.page));
  await openMessages(patient.page, doctor.id);
  await expect(patient.page.getByText("Connected", { exact: true })).toBeVisible();
  return { doctor, patient, page: patient.page };
}

/** Types `text` and sends it while `SEND` is routed to fail: the specification's toast says so. */
async function sendAndFail(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expectToast(page, "Error", "Failed to send message. Please try again.");
}

test.describe("messages", () => {
  test("the screen: conversations, 'Select a Conversation', connection, labels, the calls and the attachment's refusal of a file it does not take", async ({
    page,
  }) => {
    // With the member's key in this browser, the demo's sealed messages open.
    await signInQuietlyWithKey(page, DEMO.patient);
    await openMessages(page);
    await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
    // The latest message, opened: one's own after "You:", the partner's with no name before it (the row is theirs).
    await expect(conversationWith(page, "Eleanor Vance").getByTestId("conversation-preview")).not.toHaveText(/^(Opening…)?$/);
    await expect(conversationWith(page, "Eleanor Vance")).not.toContainText(/(Eleanor Vance|Alex Morgan):/);
    await expect(page.getByRole("heading", { name: "Select a Conversation" })).toBeVisible();
    await expect(page.getByText("Connected", { exact: true })).toBeVisible();

    await conversationWith(page, "Eleanor Vance").click();
    await expect(page).toHaveURL(/\/messages\?with=\d+$/);
    await expect(page.getByRole("heading", { name: "Eleanor Vance", level: 2 })).toBeVisible();
    await expect(chatLog(page)).toContainText("the breathing exercise helped");
    await expect(chatLog(page).locator("time").first()).toHaveText(/^\d{1,2}:\d{2} [AP]M$/);
    await expect(page.getByText("End-to-end encrypted")).toBeVisible();
    await expect(page.getByText("HIPAA compliant")).toBeVisible();
    await expect(page.getByText("Connected", { exact: true })).toBeVisible();

    // The calls are real (visits.spec.ts), and so is the attachment: a file it does not take is
    // refused when chosen, before anything is sealed, uploaded or sent.
    await expect(page.getByRole("button", { name: "Call", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Video call", exact: true })).toBeVisible();
    const writing = page.getByRole("form", { name: /^Write to / });
    await expect(writing.getByRole("button", { name: "Attach a file", exact: true })).toBeVisible();
    const messagesBefore = await chatLog(page).getByTestId("message").count();
    const sending: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/attachments") || SEND(new URL(request.url()))) sending.push(request.url());
    });
    await writing
      .locator('input[type="file"]')
      .setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ not a document") });
    await expect(writing.getByRole("alert")).toHaveText(
      "“setup.exe” cannot be attached: send a PDF, a PNG or JPEG image, a plain text file or a Word document.",
    );
    await expect(writing.getByTestId("chosen-file")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
    await composer(page).press("Enter");
    await expect(chatLog(page).getByTestId("message")).toHaveCount(messagesBefore);
    expect(sending).toEqual([]);
  });

  test("patients start a conversation from the dropdown of doctors", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page, "Ines"));
    const { page } = patient;
    await openMessages(page);
    await expect(page.getByText("No conversations yet")).toBeVisible();
    // The chat's side says how to begin, not to choose from an empty list.
    await expect(page.getByText("Begin one with “Start new conversation”, and it opens here.")).toBeVisible();

    await page.getByRole("button", { name: "Start new conversation" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: /Dr\. Eleanor Vance\s*Individual Therapy/ })).toBeVisible();
    await menu.getByRole("menuitem", { name: new RegExp(DOCTOR_NAME) }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?with=${doctor.id}$`));
    await expect(page.getByRole("heading", { name: DOCTOR_NAME })).toBeVisible();
    // A patient's chat names the doctor as a patient addresses them.
    await expect(page.getByText(`Write to Dr. ${DOCTOR.lastName}`, { exact: true })).toBeVisible();
    await expect(conversationWith(page, DOCTOR_NAME)).toContainText("New conversation");

    await composer(page).fill("Hello, is Tuesday still on?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(message(page, "Hello, is Tuesday still on?")).toBeVisible();
    await expect(conversationWith(page, DOCTOR_NAME)).toContainText(/:\s*Hello, is Tuesday still on\?/);
    await closeAll(doctor, patient);
  });

  test("doctors write to one of their own patients, once the patient has set up secure messaging", async ({ browser, baseURL }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const credentials = await newPatientOf(doctor.page, "Tobias");
    const patientName = `${credentials.firstName} ${credentials.lastName}`;
    const patientListReads: string[] = [];
    doctor.page.on("request", (request) => {
      if (request.url().includes("patients.list")) patientListReads.push(request.url());
    });
    await openMessages(doctor.page);
    await expect(doctor.page.getByText("Connected", { exact: true })).toBeVisible();
    // The patient list (an audited read of health data) is read when the doctor asks for it, not before.
    expect(patientListReads).toEqual([]);
    await doctor.page.getByRole("button", { name: "Write to a patient" }).click();
    await doctor.page.getByRole("menuitem", { name: patientName }).click();
    await expect(doctor.page.getByRole("heading", { name: patientName })).toBeVisible();
    // The patient has never signed in, so has no key to seal to yet: the chat says so, and waits.
    await expect(doctor.page.getByRole("form", { name: /^Write to / }).getByRole("status")).toHaveText(
      /^Tobias has not set up secure messaging yet\. You can send once they next sign in/,
    );
    await composer(doctor.page).fill("Welcome to the practice, Tobias.");
    await expect(doctor.page.getByRole("button", { name: "Send message" })).toBeDisabled();
    // Once they have (here, on a device of theirs), the doctor's chat sends.
    await setUpKeysElsewhere(baseURL!, credentials);
    await doctor.page.reload();
    await expect(doctor.page.getByRole("heading", { name: patientName })).toBeVisible();
    await composer(doctor.page).fill("Welcome to the practice, Tobias.");
    await expect(doctor.page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await expect(doctor.page.getByRole("form", { name: /^Write to / }).getByRole("status")).toHaveCount(0);
    await composer(doctor.page).press("Enter");
    await expect(message(doctor.page, "Welcome to the practice, Tobias.").getByText("Sent")).toBeVisible();

    // A half-written message waits while another conversation is looked at.
    await composer(doctor.page).fill("About Thursday's session");
    await doctor.page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: /Messages/ })
      .click();
    await expect(doctor.page.getByRole("heading", { name: "Select a Conversation" })).toBeVisible();
    await conversationWith(doctor.page, patientName).click();
    await expect(composer(doctor.page)).toHaveValue("About Thursday's session");
    await closeAll(doctor);
  });

  test("live between two people: delivery, unread counts in the list and the navbar, and 'Read'", async ({ browser }) => {
    const { doctor, patient, patientName } = await doctorAndPatient(browser, QUIET_DOCTORS.moreau);
    const doctorName = `${QUIET_DOCTORS.moreau.firstName} ${QUIET_DOCTORS.moreau.lastName}`;

    // The doctor waits on the conversation list; the patient opens the conversation.
    await openMessages(doctor.page);
    await expect(doctor.page.getByText("Connected", { exact: true })).toBeVisible();
    await expect(navbarUnread(doctor.page)).toHaveCount(0);
    await openMessages(patient.page, doctor.id);
    await expect(patient.page.getByText("Connected", { exact: true })).toBeVisible();

    await composer(patient.page).fill("  I slept much better this week.  ");
    await composer(patient.page).press("Enter");
    const sent = message(patient.page, "I slept much better this week.");
    await expect(sent.getByRole("paragraph").first()).toHaveText("I slept much better this week.");
    await expect(sent.getByTestId("receipt")).toHaveText("Sent");
    await expect(composer(patient.page)).toHaveValue("");

    // Arrives for the doctor without a reload, counted as unread in the list and the navbar.
    const row = conversationWith(doctor.page, patientName);
    await expect(row).toContainText("I slept much better this week.");
    // The row is the patient's: their message needs no name before it.
    await expect(row).not.toContainText(`${patientName}:`);
    await expectCount(row.getByTestId("conversation-unread"), 1);
    await expectCount(navbarUnread(doctor.page), 1);
    await expect(doctor.page.getByRole("link", { name: "Messages 1 unread message" })).toBeVisible();

    // Opening it reads it: both counts clear, and the patient sees "Read".
    await row.click();
    await expect(message(doctor.page, "I slept much better this week.")).toBeVisible();
    await expect(row.getByTestId("conversation-unread")).toHaveCount(0);
    await expect(navbarUnread(doctor.page)).toHaveCount(0);
    await expect(sent.getByTestId("receipt")).toHaveText("Read");

    // The reply arrives live in the open conversation, which is read at once.
    await composer(doctor.page).fill("That is lovely to hear.");
    await doctor.page.getByRole("button", { name: "Send message" }).click();
    await expect(message(patient.page, "That is lovely to hear.")).toBeVisible();
    await expect(message(doctor.page, "That is lovely to hear.").getByTestId("receipt")).toHaveText("Read");
    await expect(navbarUnread(patient.page)).toHaveCount(0);

    // Elsewhere in the app the navbar counts it, and clears when it is read.
    await patient.page.goto("/team");
    await sendThroughApi(doctor.page, patient.id, "One more thing: bring your sleep diary.");
    await expectCount(navbarUnread(patient.page), 1);
    await patient.page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: /Messages/ })
      .click();
    await expectCount(conversationWith(patient.page, doctorName).getByTestId("conversation-unread"), 1);
    await conversationWith(patient.page, doctorName).click();
    await expect(message(patient.page, "bring your sleep diary")).toBeVisible();
    await expect(navbarUnread(patient.page)).toHaveCount(0);
    await closeAll(doctor, patient);
  });

  test("sending is blocked while the trimmed text is empty", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);
    const send = page.getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await composer(page).fill("   \n  ");
    await expect(send).toBeDisabled();
    await composer(page).press("Enter");
    await expect(chatLog(page).getByTestId("message")).toHaveCount(0);
    await closeAll(doctor, patient);
  });

  test("a long unbroken word (a link) wraps in its bubble and widens nothing; the list says 'You' for one's own message", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);
    const link = `https://example.com/${"averyverylongpath".repeat(10)}`;
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      if (width === 1440) {
        // While it is being written too: the box wraps it, and the chat keeps its width.
        await composer(page).fill(link);
        const typing = await page.getByRole("button", { name: "Send message" }).boundingBox();
        expect(typing!.x + typing!.width, "Send while the link is in the box").toBeLessThanOrEqual(width);
        expect(await chatLog(page).evaluate((log) => log.getBoundingClientRect().left), "the chat while the link is in the box").toBeGreaterThanOrEqual(0);
        await composer(page).press("Enter");
      }
      await expect(message(page, link)).toBeVisible();
      const bubble = await message(page, link).boundingBox();
      const send = await page.getByRole("button", { name: "Send message" }).boundingBox();
      expect(bubble!.x + bubble!.width, `the bubble at ${width} px`).toBeLessThanOrEqual(width);
      expect(send!.x + send!.width, `Send at ${width} px`).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page at ${width} px`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem").first();
    await expect(row).toContainText(`You: ${link.slice(0, 20)}`);
    const time = await row.locator("time").boundingBox();
    expect(time, "the row keeps its time in view").not.toBeNull();
    expect(time!.x + time!.width).toBeLessThanOrEqual(1440);
    await closeAll(doctor, patient);
  });

  test("a failed send shows the specification's toast and keeps the text; Retry sends it", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);

    await page.route(SEND, abort);
    await sendAndFail(page, "Could we move Thursday to the evening?");
    const failed = message(page, "Could we move Thursday to the evening?");
    await expect(failed).toHaveAttribute("data-state", "failed");
    await expect(failed).toContainText("Not sent.");
    await expect(composer(page)).toHaveValue("Could we move Thursday to the evening?");

    await page.unroute(SEND);
    await failed.getByRole("button", { name: "Retry" }).click();
    await expect(failed).toHaveAttribute("data-state", "delivered");
    await expect(failed.getByTestId("receipt")).toHaveText("Sent");
    // Delivered: the kept words have done their job.
    await expect(composer(page)).toHaveValue("");
    await expect(message(page, "Could we move Thursday to the evening?")).toHaveCount(1);
    await closeAll(doctor, patient);
  });

  test("a retry after a lost answer reuses the message's clientId: stored once", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);

    // The server stores it, the answer is lost, and the page cannot re-read the conversation meanwhile.
    await page.route(SEND, loseTheAnswer);
    await page.route(LIST, abort);
    await sendAndFail(page, "Is there parking near the clinic?");
    const sent = message(page, "Is there parking near the clinic?");
    await expect(sent).toHaveAttribute("data-state", "failed");

    // Sending the kept text again is a retry of that message, not a second one.
    await page.unroute(SEND);
    await page.unroute(LIST);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(sent).toHaveAttribute("data-state", "delivered");
    await expect(message(page, "Is there parking near the clinic?")).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");

    // The conversation is new: the one message is all the server holds (sealed, so counted, not read).
    const stored = (await (await page.request.get(`/api/messages/${doctor.id}`)).json()) as { content: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.content).not.toContain("parking");
    await page.reload();
    await expect(message(page, "Is there parking near the clinic?")).toHaveCount(1);
    await closeAll(doctor, patient);
  });

  test("a message that arrived although its answer was lost shows once, and its kept text goes", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);

    await page.route(SEND, loseTheAnswer);
    await sendAndFail(page, "Thank you for today.");
    // The server's push tells the page it arrived after all.
    const sent = message(page, "Thank you for today.");
    await expect(sent).toHaveAttribute("data-state", "delivered");
    await expect(sent).toHaveCount(1);
    await expect(composer(page)).toHaveValue("");
    await closeAll(doctor, patient);
  });

  test("a conversation opens at its latest message, also when its sealed words are taller than the rows that waited for them", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page));
    const paragraph = "I kept the evening routine we spoke about, and the mornings are easier now; the busy season still worries me. ".repeat(4);
    for (let index = 1; index <= 8; index += 1) await sendThroughApi(patient.page, doctor.id, `${paragraph}(${index})`);

    const { page } = doctor;
    await openMessages(page, patient.id);
    await expect(message(page, "(8)")).toBeVisible();
    // Scrolled to its very end once every message is open: nothing of the latest is left below.
    await expect(chatLog(page).getByText("(8)")).toBeVisible();
    await expect.poll(() => chatLog(page).evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight)).toBeLessThan(2);
    await closeAll(doctor, patient);
  });

  test("a long conversation opens at its latest page and reads earlier ones on scrolling up, without a jump", async ({ browser }) => {
    const doctor = await memberBrowser(browser, DOCTOR);
    const patient = await memberBrowser(browser, await newPatientOf(doctor.page));
    for (let index = 1; index <= 120; index += 1) await sendThroughApi(patient.page, doctor.id, `Note ${index}`);

    const { page } = doctor;
    const reads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("messages.list")) reads.push(request.url());
    });
    await openMessages(page, patient.id);
    const bubbles = chatLog(page).getByTestId("message");
    await expect(message(page, "Note 120")).toBeInViewport();
    await expect(bubbles).toHaveCount(50);
    await expect(bubbles.first()).toContainText("Note 71");

    // Scrolling to the top reads the page before; what was at the top stays where it was.
    // The earlier page is held back until the position before it arrives has been measured.
    let answer!: () => void;
    const measured = new Promise<void>((resolve) => (answer = resolve));
    await page.route(LIST, async (route) => {
      await measured;
      await route.continue();
    });
    const anchor = message(page, "Note 71");
    await chatLog(page).evaluate((log) => log.scrollTo({ top: 0 }));
    await expect(chatLog(page).getByText("Loading earlier messages…")).toBeVisible();
    const before = (await anchor.boundingBox())!.y;
    answer();
    await expect(bubbles).toHaveCount(100);
    await expect(bubbles.first()).toContainText("Note 21");
    expect(Math.abs((await anchor.boundingBox())!.y - before)).toBeLessThan(2);

    await chatLog(page).evaluate((log) => log.scrollTo({ top: 0 }));
    await expect(bubbles).toHaveCount(120);
    await expect(page.getByText("The beginning of your conversation with Wren")).toBeVisible();
    // Never the whole history at once: every read asked for one page.
    expect(reads.every((url) => decodeURIComponent(url).includes('"limit":50'))).toBe(true);
    await closeAll(doctor, patient);
  });

  test("a long list of conversations shows the latest 50, earlier ones on request, and opens any from its address", async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    // A doctor of their own: 51 new patients, each written to once (the first one the longest ago).
    const account = await createAccountAsAdmin(request, "doctor");
    const doctor = await memberBrowser(browser, { username: account.username, password: account.oneTimePassword, oneTime: true });
    const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));
    const patients: { id: number; username: string; password: string }[] = [];
    for (let n = 0; n < 51; n += 1) {
      const added = await doctor.page.request.post("/api/patients", {
        data: { firstName: "Quill", lastName: `Page${letters(n)}`, phoneNumber: "(555) 010-4477", dateOfBirth: "1990-03-08" },
      });
      expect(added.status(), await added.text()).toBe(200);
      const { patient, oneTimePassword } = (await added.json()) as { patient: { id: number; username: string }; oneTimePassword: string };
      patients.push({ id: patient.id, username: patient.username, password: oneTimePassword });
    }
    // A message is sealed to its receiver's key: each patient sets up messaging (on a device of
    // theirs, a few at a time) before the doctor writes.
    for (let first = 0; first < patients.length; first += 4) {
      await Promise.all(patients.slice(first, first + 4).map((patient) => setUpKeysElsewhere(baseURL!, { ...patient, oneTime: true })));
    }
    for (const [n, patient] of patients.entries()) await sendThroughApi(doctor.page, patient.id, `Checking in, ${letters(n)}`);
    const patientIds = patients.map((patient) => patient.id);

    const { page } = doctor;
    await page.goto("/messages");
    const rows = page.getByTestId("conversation");
    const earlier = page.getByRole("button", { name: "Show earlier conversations" });
    await expect(rows).toHaveCount(50);
    await expect(conversationWith(page, "Quill Pageaa")).toHaveCount(0);
    await earlier.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await earlier.click();
    await expect(rows).toHaveCount(51);
    await expect(conversationWith(page, "Quill Pageaa")).toContainText("Checking in, aa");
    await expect(earlier).toHaveCount(0);

    // The oldest, straight from its address: an existing conversation, not a new one.
    await page.goto(`/messages?with=${patientIds[0]}`);
    await expect(page.getByRole("heading", { name: "Quill Pageaa", level: 2 })).toBeVisible();
    await expect(message(page, "Checking in, aa")).toBeVisible();
    await expect(page.getByText("New conversation")).toHaveCount(0);
    await closeAll(doctor);
  });

  test("axe finds nothing serious with the dropdown open or a message that failed", async ({ browser }) => {
    const { doctor, patient, page } = await patientInChat(browser);
    await page.route(SEND, abort);
    await composer(page).fill("This one will not go.");
    await composer(page).press("Enter");
    await expect(message(page, "This one will not go.")).toHaveAttribute("data-state", "failed");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Start new conversation" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await closeAll(doctor, patient);
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the list and the chat are two panes one moves between", async ({ page }) => {
      // Holding the key, as after signing in on this browser: no lock above the chat.
      await signInQuietlyWithKey(page, DEMO.patient);
      await openMessages(page);
      await expect(page.getByRole("heading", { name: "Select a Conversation" })).toBeHidden();
      await conversationWith(page, "Eleanor Vance").click();
      await expect(chatLog(page)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Conversations" })).toBeHidden();
      await expect(composer(page)).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("link", { name: "Back to conversations" }).click();
      await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
      await expect(chatLog(page)).toHaveCount(0);
    });
  });
});
