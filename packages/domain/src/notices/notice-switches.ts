// A member's say over what reaches them outside the app (issue 34 items 5, 6): an email switch
// per topic (on by default; password and security cannot be switched off, whatever a client
// sends), whether message notices name the sender, a doctor's digest time, and texts, offered
// only while the clinic has a provider. Every change is audited. The one-click unsubscribe link
// (RFC 8058) turns one topic off by its signed token alone; STOP from a phone turns texts off.
import {
  findUserById,
  readNoticePreferences,
  readNoticeSettings,
  setNoticePreference,
  setTextsStoppedFor,
  updateNoticeSettings,
  type User,
  type UserRole,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { DEFAULT_DIGEST_TIME } from "./care-sweeps";
import type { NoticeTopic } from "./notice-content";
import type { NoticeSettingsView } from "./notice-switches.schema";
import { readLink } from "./signed-links";

type Caller = RequestContext & { user: User };

interface TopicFacts {
  label: string;
  description: string;
  roles: readonly UserRole[];
  essential: boolean;
}

/** The topics a member sees on their account page, in this order, and what each is called there (and on the unsubscribe page). */
export const NOTICE_TOPICS: Readonly<Record<NoticeTopic, TopicFacts>> = {
  appointments: { label: "Appointments", description: "When a visit is booked, moved or cancelled.", roles: ["patient", "doctor"], essential: false },
  reminders: { label: "Reminders", description: "Before each of your visits.", roles: ["patient"], essential: false },
  messages: { label: "New messages", description: "When someone writes to you. Never what they wrote.", roles: ["patient", "doctor"], essential: false },
  care_tasks: { label: "Forms to complete", description: "A form to fill in or sign before a visit.", roles: ["patient"], essential: false },
  safety_alerts: { label: "Patient alerts", description: "When a patient of yours needs your attention.", roles: ["doctor"], essential: false },
  note_digest: { label: "Daily signature digest", description: "Once a day, past visits waiting for your signature.", roles: ["doctor"], essential: false },
  payments: { label: "Payment problems", description: "When a card payment to the clinic does not go through.", roles: ["patient"], essential: false },
  security: { label: "Password and security", description: "Changes to how you sign in. Always sent.", roles: ["patient", "doctor", "admin"], essential: true },
};

const ESSENTIAL = (label: string) => `${label} notices are always sent, so that you hear of any change to your account you did not make.`;
const NO_TEXTS = "This clinic does not send text messages.";
const NO_TEXT_NUMBER = "To get texts, your phone number must include its country code, like +1 555 123 4567. Change it on your profile, then turn texts on.";

/**
 * A phone number as a text provider takes it (E.164), or null: "+" and 8 to 15 digits, or a
 * North American number of 10 digits (the clinic's default region), with or without its 1.
 */
export function textNumberOf(phone: string): string | null {
  const digits = phone.replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return digits;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}

export async function noticeSettings(ctx: Caller): Promise<NoticeSettingsView> {
  const [preferences, settings] = await Promise.all([readNoticePreferences(ctx.db, ctx.user.id), readNoticeSettings(ctx.db, ctx.user.id)]);
  const off = new Set(preferences.filter((row) => row.channel === "email" && !row.enabled).map((row) => row.topic));
  const switches = (Object.entries(NOTICE_TOPICS) as [NoticeTopic, TopicFacts][])
    .filter(([, facts]) => facts.roles.includes(ctx.user.role))
    .map(([topic, facts]) => ({
      topic,
      label: facts.label,
      description: facts.description,
      essential: facts.essential,
      email: facts.essential || !off.has(topic),
    }));
  const optedIn = ctx.config.textMessages ? settings.smsOptedInAt : null;
  return {
    switches,
    nameSenders: settings.nameSenders,
    digestTime: ctx.user.role === "doctor" ? (settings.digestTime ?? DEFAULT_DIGEST_TIME) : null,
    texts: {
      offered: ctx.config.textMessages,
      optedInAt: optedIn,
      number: optedIn === null ? null : settings.smsNumber,
      stopped: optedIn !== null && settings.smsStoppedAt !== null,
    },
  };
}

function assertSwitchable(topic: NoticeTopic): void {
  if (NOTICE_TOPICS[topic].essential) throw new AppError("INVALID_INPUT", ESSENTIAL(NOTICE_TOPICS[topic].label));
}

/** Writes one email switch and its audit row in one transaction. */
async function writeSwitch(
  services: Pick<ClinicServices, "db" | "audit" | "now">,
  userId: number,
  topic: NoticeTopic,
  email: boolean,
  by: "account" | "link",
  request?: RequestContext["request"],
): Promise<void> {
  const at = services.now().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await setNoticePreference(trx, userId, topic, "email", email, at);
    await recordAudit(
      services,
      {
        actorId: userId,
        action: "notice.switch",
        outcome: "success",
        targetType: "user",
        targetId: userId,
        details: { topic, email, by },
        ...(request ? { request } : {}),
      },
      trx,
    );
  });
}

export async function setNoticeSwitch(ctx: Caller, input: { topic: NoticeTopic; email: boolean }): Promise<NoticeSettingsView> {
  assertSwitchable(input.topic);
  await writeSwitch(ctx, ctx.user.id, input.topic, input.email, "account", ctx.request);
  return noticeSettings(ctx);
}

export async function updateSettings(ctx: Caller, input: { nameSenders?: boolean | undefined; digestTime?: string | undefined }): Promise<NoticeSettingsView> {
  if (input.digestTime !== undefined && ctx.user.role !== "doctor") {
    throw new AppError("INVALID_INPUT", "Only doctors get the daily digest of visits waiting for their signature.");
  }
  const change = {
    ...(input.nameSenders !== undefined ? { nameSenders: input.nameSenders } : {}),
    ...(input.digestTime !== undefined ? { digestTime: input.digestTime } : {}),
  };
  if (Object.keys(change).length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateNoticeSettings(trx, ctx.user.id, change, ctx.now().toISOString());
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "notice.settings",
          outcome: "success",
          targetType: "user",
          targetId: ctx.user.id,
          request: ctx.request,
          details: change,
        },
        trx,
      );
    });
  }
  return noticeSettings(ctx);
}

/** Opting in records the time and the number texts will go to; only while the clinic has a provider. */
export async function setTexts(ctx: Caller, input: { enabled: boolean }): Promise<NoticeSettingsView> {
  if (!ctx.config.textMessages) throw new AppError("CONFLICT", NO_TEXTS);
  const number = input.enabled ? textNumberOf(ctx.user.phoneNumber) : null;
  if (input.enabled && number === null) throw new AppError("INVALID_INPUT", NO_TEXT_NUMBER);
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await updateNoticeSettings(trx, ctx.user.id, { smsNumber: number, smsOptedInAt: input.enabled ? at : null, smsStoppedAt: null }, at);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "notice.texts",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        request: ctx.request,
        details: { enabled: input.enabled },
      },
      trx,
    );
  });
  return noticeSettings(ctx);
}

/** What an unsubscribe link turns off, read from its signed claims (400 when tampered or not one). */
function unsubscribeClaims(services: Pick<ClinicServices, "secrets" | "now">, token: string): { userId: number; topic: NoticeTopic } {
  const claims = readLink(services.secrets, token, "unsubscribe", services.now());
  const topic = claims.subject as NoticeTopic | undefined;
  if (topic === undefined || !(topic in NOTICE_TOPICS))
    throw new AppError("INVALID_INPUT", "This link is not valid. Sign in to choose your notices on your account page.");
  assertSwitchable(topic);
  return { userId: claims.userId, topic };
}

export function describeUnsubscribe(services: Pick<ClinicServices, "secrets" | "now">, token: string): { topic: NoticeTopic; label: string } {
  const { topic } = unsubscribeClaims(services, token);
  return { topic, label: NOTICE_TOPICS[topic].label };
}

/**
 * The one-click unsubscribe (RFC 8058) and the page's button: that topic's email off for the
 * link's member. Not single-use: a second click finds it off already, and changes nothing else.
 */
export async function unsubscribe(ctx: RequestContext, token: string): Promise<{ topic: NoticeTopic; label: string }> {
  const { userId, topic } = unsubscribeClaims(ctx, token);
  if (!(await findUserById(ctx.db, userId)))
    throw new AppError("INVALID_INPUT", "This link is not valid. Sign in to choose your notices on your account page.");
  await writeSwitch(ctx, userId, topic, false, "link", ctx.request);
  return { topic, label: NOTICE_TOPICS[topic].label };
}

/** The words a text provider treats as opting out and back in (Twilio's defaults). */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

/** A reply texted to the clinic's number (the provider's webhook, verified by the API): STOP and START change texts for that number. */
export async function textReply(
  services: Pick<ClinicServices, "db" | "audit" | "now">,
  from: string,
  body: string,
): Promise<"stopped" | "started" | "ignored"> {
  const word = body.trim().toUpperCase();
  const stop = STOP_WORDS.has(word);
  if (!stop && !START_WORDS.has(word)) return "ignored";
  const number = textNumberOf(from);
  if (number === null) return "ignored";
  const at = services.now().toISOString();
  await services.db.transaction().execute(async (trx) => {
    const members = await setTextsStoppedFor(trx, number, stop, at);
    for (const userId of members) {
      await recordAudit(
        services,
        { actorId: null, action: "notice.texts", outcome: "success", targetType: "user", targetId: userId, details: { enabled: !stop, by: "reply" } },
        trx,
      );
    }
  });
  return stop ? "stopped" : "started";
}
