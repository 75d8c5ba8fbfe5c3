// A member's notice settings (2026-11-30T0400-care-notices) and switches (notice_preferences),
// and the reads of the care notices' sweeps.
import type { NoticeChannel } from "../schema";
import type { Db } from "./db";

export interface NoticeSettings {
  nameSenders: boolean;
  digestTime: string | null;
  smsNumber: string | null;
  smsOptedInAt: string | null;
  smsStoppedAt: string | null;
}

const DEFAULT_SETTINGS: NoticeSettings = { nameSenders: false, digestTime: null, smsNumber: null, smsOptedInAt: null, smsStoppedAt: null };

export async function readNoticeSettings(db: Db, userId: number): Promise<NoticeSettings> {
  const row = await db.selectFrom("notice_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    nameSenders: row.name_senders === 1,
    digestTime: row.digest_clock,
    smsNumber: row.sms_number,
    smsOptedInAt: row.sms_opted_in_at,
    smsStoppedAt: row.sms_stopped_at,
  };
}

/** Changes some of a member's settings, creating their row with the defaults for the rest. */
export async function updateNoticeSettings(db: Db, userId: number, change: Partial<NoticeSettings>, at: string): Promise<void> {
  const values = {
    ...(change.nameSenders !== undefined ? { name_senders: change.nameSenders ? 1 : 0 } : {}),
    ...(change.digestTime !== undefined ? { digest_clock: change.digestTime } : {}),
    ...(change.smsNumber !== undefined ? { sms_number: change.smsNumber } : {}),
    ...(change.smsOptedInAt !== undefined ? { sms_opted_in_at: change.smsOptedInAt } : {}),
    ...(change.smsStoppedAt !== undefined ? { sms_stopped_at: change.smsStoppedAt } : {}),
    updated_at: at,
  };
  await db
    .insertInto("notice_settings")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}

/** The switches a member has set (no row for a topic and channel = on). */
export async function readNoticePreferences(db: Db, userId: number): Promise<{ topic: string; channel: NoticeChannel; enabled: boolean }[]> {
  const rows = await db.selectFrom("notice_preferences").select(["topic", "channel", "enabled"]).where("user_id", "=", userId).execute();
  return rows.map((row) => ({ topic: row.topic, channel: row.channel, enabled: row.enabled === 1 }));
}

export async function setNoticePreference(db: Db, userId: number, topic: string, channel: NoticeChannel, enabled: boolean, at: string): Promise<void> {
  await db
    .insertInto("notice_preferences")
    .values({ user_id: userId, topic, channel, enabled: enabled ? 1 : 0, updated_at: at })
    .onConflict((conflict) => conflict.columns(["user_id", "topic", "channel"]).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: at }))
    .execute();
}

/**
 * A number's STOP (texts off for every member who opted in with it) or START (back on for those
 * a STOP turned off): the members it changed.
 */
export async function setTextsStoppedFor(db: Db, smsNumber: string, stopped: boolean, at: string): Promise<number[]> {
  const rows = await db
    .updateTable("notice_settings")
    .set({ sms_stopped_at: stopped ? at : null, updated_at: at })
    .where("sms_number", "=", smsNumber)
    .where("sms_opted_in_at", "is not", null)
    .where("sms_stopped_at", stopped ? "is" : "is not", null)
    .returning("user_id")
    .execute();
  return rows.map((row) => row.user_id);
}

/** Where texts reach each of `userIds` who opted in and did not answer STOP. */
export async function readTextNumbers(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("notice_settings")
    .select(["user_id", "sms_number"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("sms_opted_in_at", "is not", null)
    .where("sms_stopped_at", "is", null)
    .execute();
  return new Map(rows.flatMap((row) => (row.sms_number === null ? [] : [[row.user_id, row.sms_number] as const])));
}

/**
 * The notice with the greatest dedupe key starting with `keyPrefix` (a prefix ending in ":"): a
 * range of the keys' index, whose keys compare byte by byte (";" is the character after ":").
 */
export async function greatestNoticeKeyed(db: Db, keyPrefix: string): Promise<{ dedupeKey: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom("notices")
    .select(["dedupe_key", "created_at"])
    .where("dedupe_key", ">", keyPrefix)
    .where("dedupe_key", "<", `${keyPrefix.slice(0, -1)};`)
    .orderBy("dedupe_key", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.dedupe_key ? { dedupeKey: row.dedupe_key, createdAt: row.created_at } : undefined;
}

/** Active doctors, with their zone and chosen digest time: whom the daily digest of unsigned notes may reach. */
export async function listDigestDoctors(db: Db): Promise<{ id: number; timeZone: string | null; digestTime: string | null }[]> {
  const rows = await db
    .selectFrom("users")
    .leftJoin("notice_settings", "notice_settings.user_id", "users.id")
    .select(["users.id", "users.time_zone", "notice_settings.digest_clock"])
    .where("users.role", "=", "doctor")
    .where("users.deactivated_at", "is", null)
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({ id: row.id, timeZone: row.time_zone, digestTime: row.digest_clock }));
}

/** Scheduled sessions starting in (from, to], earliest first, with their patient. */
export async function listSessionsStartingBetween(db: Db, from: string, to: string): Promise<{ id: number; patientId: number; startTime: string }[]> {
  const rows = await db
    .selectFrom("appointments")
    .select(["id", "patient_id", "start_time"])
    .where("status", "=", "scheduled")
    .where("start_time", ">", from)
    .where("start_time", "<=", to)
    .orderBy("start_time")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, patientId: row.patient_id, startTime: row.start_time }));
}

/** The patients among `patientIds` asked for a measure before every session, with the instruments asked. */
export async function beforeSessionInstruments(db: Db, patientIds: number[]): Promise<Map<number, string[]>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("measure_assignments")
    .select(["patient_id", "instrument"])
    .where("patient_id", "in", [...new Set(patientIds)])
    .where("cadence", "=", "before_every_session")
    .where("ended_at", "is", null)
    .execute();
  const byPatient = new Map<number, string[]>();
  for (const row of rows) byPatient.set(row.patient_id, [...(byPatient.get(row.patient_id) ?? []), row.instrument]);
  return byPatient;
}

/** Each patient's latest measure of each instrument: "patientId:instrument" → when. */
export async function latestMeasureTimes(db: Db, patientIds: number[]): Promise<Map<string, string>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("measures")
    .select(["patient_id", "instrument", (eb) => eb.fn.max("created_at").as("latest")])
    .where("patient_id", "in", [...new Set(patientIds)])
    .groupBy(["patient_id", "instrument"])
    .execute();
  return new Map(rows.map((row) => [`${row.patient_id}:${row.instrument}`, String(row.latest)]));
}
