// The discretion rule (issue 34, item 2) over every kind of notice: each kind's examples, composed
// for a member and rendered as the worker sends them (subject, preview, the HTML and plain-text
// parts, a text message, the .ics invitation, the sender's name), say nothing of health. And the
// one-click unsubscribe of every kind that can be switched off is signed for its topic.
import type { ClaimedNotice, NoticeRecipientRow } from "@halcyon/db";
import { TEST_SECRETS_KEY } from "@halcyon/db/testing";
import {
  appointmentInvitation,
  createServerSecrets,
  DEFAULT_CLINIC_CONFIG,
  NOTICE_KINDS,
  prepareNotice,
  readLink,
  undiscreetFragments,
  type NoticeContent,
  type PreparedNotice,
} from "@halcyon/domain";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { renderEmailHtml, renderEmailText } from "../src/notices/render-email";

const now = new Date("2026-12-01T15:00:00Z");
const recipient: NoticeRecipientRow = {
  id: 7,
  firstName: "Alex",
  email: "alex@example.com",
  emailVerifiedAt: now.toISOString(),
  phoneNumber: "(555) 010-2030",
  timeZone: "Europe/Lisbon",
  active: true,
  switchedOff: new Set(),
};

function servicesNaming(nameClinician: boolean) {
  return {
    config: { ...DEFAULT_CLINIC_CONFIG, publicOrigin: "https://clinic.example.com", notices: { ...DEFAULT_CLINIC_CONFIG.notices, nameClinician } },
    secrets: createServerSecrets(TEST_SECRETS_KEY),
    now: () => now,
  };
}

/** Everything a notice of `prepared` shows anyone, as the worker would send it. */
async function everythingSaid(prepared: PreparedNotice, clinicName: string): Promise<Record<string, string>> {
  const { content } = prepared;
  const frame = { clinicName, publicOrigin: "https://clinic.example.com", essential: prepared.spec.essential };
  const said: Record<string, string> = {
    subject: content.subject,
    preview: content.preview,
    body: [content.heading, ...content.paragraphs, ...content.actions.map((action) => action.label)].join("\n"),
    html: await renderEmailHtml(content, frame),
    text: renderEmailText(content, frame),
    sender: clinicName,
  };
  if (content.text !== undefined) said.textMessage = content.text;
  if (content.calendar) {
    said.ics = appointmentInvitation({
      clinicName,
      appointment: { ...content.calendar, url: content.calendar.url?.path },
      organizer: { name: clinicName, email: "care@clinic.example.com" },
      attendee: { name: recipient.firstName, email: recipient.email! },
      now,
    }).ics;
  }
  return said;
}

const kinds = Object.entries(NOTICE_KINDS) as [string, { examples: readonly unknown[] }][];

describe("the discretion rule, over every kind of notice", () => {
  it("knows every kind's examples", () => {
    for (const [kind, spec] of kinds) expect(spec.examples.length, `${kind} has no examples`).toBeGreaterThan(0);
  });

  for (const [kind, spec] of kinds) {
    it(`${kind}: says nothing of health, whether or not it may name the clinician`, async () => {
      for (const nameClinician of [false, true]) {
        const services = servicesNaming(nameClinician);
        for (const params of spec.examples) {
          const notice: ClaimedNotice = { id: 1, kind, channel: "email", userId: recipient.id, toAddress: recipient.email!, subject: "", params, attempts: 1 };
          const prepared = prepareNotice(services, notice, recipient);
          if ("unsent" in prepared) throw new Error(prepared.unsent);
          const said = await everythingSaid(prepared, services.config.clinicName);
          for (const [where, words] of Object.entries(said)) expect(undiscreetFragments(words), `${kind}'s ${where}: ${words.slice(0, 400)}`).toEqual([]);
          // Links point at the clinic, and nothing is fetched from elsewhere.
          for (const action of prepared.content.actions) expect(action.link.path.startsWith("https://clinic.example.com/")).toBe(true);
          expect(said.html).not.toMatch(/<img|<link|@import|url\(/i);

          if (prepared.spec.essential) expect(prepared.unsubscribeUrl).toBeNull();
          else {
            const token = new URL(prepared.unsubscribeUrl!).searchParams.get("token")!;
            expect(prepared.unsubscribeUrl!.startsWith("https://clinic.example.com/api/notices/unsubscribe?token=")).toBe(true);
            expect(readLink(services.secrets, token, "unsubscribe", now)).toMatchObject({
              userId: recipient.id,
              subject: prepared.spec.topic,
              singleUse: false,
            });
          }
        }
      }
    });
  }

  it("card_payment_failed: says a payment did not go through, but neither how much nor why (payment-notices.ts)", async () => {
    const services = servicesNaming(false);
    const notice: ClaimedNotice = {
      id: 1,
      kind: "card_payment_failed",
      channel: "email",
      userId: recipient.id,
      toAddress: recipient.email!,
      subject: "",
      params: {},
      attempts: 1,
    };
    const prepared = prepareNotice(services, notice, recipient);
    if ("unsent" in prepared) throw new Error(prepared.unsent);
    expect(prepared.content.subject).toBe(`A payment to ${services.config.clinicName} did not go through`);
    expect(prepared.spec).toMatchObject({ topic: "payments", essential: false });
    const said = await everythingSaid(prepared, services.config.clinicName);
    // The HTML's styles are full of figures (0.04em): its words are the plain-text part's.
    for (const [where, words] of Object.entries(said)) {
      if (where !== "html") expect(words, where).not.toMatch(/\$\s*\d|\d\.\d\d|declin|insufficient|session|visit/i);
    }
    expect(prepared.content.actions.map((action) => action.link.path)).toEqual(["https://clinic.example.com/billing"]);
  });

  it("has teeth: a notice that says why its reader comes is caught", async () => {
    const content: NoticeContent = {
      subject: "Your therapy session",
      preview: "See your counsellor",
      heading: "Hello",
      paragraphs: ["Your psychiatrist will ask about your anxiety and the PHQ-9."],
      actions: [],
    };
    const html = await renderEmailHtml(content, { clinicName: "Halcyon", publicOrigin: "https://clinic.example.com", essential: true });
    expect(undiscreetFragments(content.subject)).toEqual(["therap"]);
    expect(undiscreetFragments(html)).toEqual(expect.arrayContaining(["counsel", "psych", "anxi", "phq-9"]));
  });

  it("refuses a sender's name that says what the clinic treats, and takes the clinic's name", () => {
    expect(() => parseEnv({ MAIL_FROM: "Harbor Psychotherapy <care@clinic.example.com>" })).toThrow(
      /MAIL_FROM: the sender's name is seen on lock screens.*"therap", "psych"/s,
    );
    expect(parseEnv({ MAIL_FROM: '"Halcyon" <care@clinic.example.com>' }).MAIL_FROM).toEqual({ name: "Halcyon", address: "care@clinic.example.com" });
    expect(parseEnv({ MAIL_FROM: "care@clinic.example.com" }).MAIL_FROM).toEqual({ name: null, address: "care@clinic.example.com" });
    expect(() => parseEnv({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM: use an address/);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL: use an smtp:\/\/ or smtps:\/\/ URL/);
    expect(parseEnv({ SMTP_URL: "smtps://user:secret@mail.example.com:465" }).SMTP_URL).toBe("smtps://user:secret@mail.example.com:465");
  });
});
