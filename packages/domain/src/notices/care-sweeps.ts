// The care notices no single change causes, looked for at least once a minute by the API's
// scheduler (apps/api/src/notices/care-scheduler.ts): each instance may run it, and a notice's
// dedupe key makes it exist once however many look.
// - Before a visit (from 48 hours before it, the window measures.ts opens): a form asked before
//   every session and not completed since the window opened; the intake or a consent not signed.
// - A doctor's digest of unsigned notes, once a day at the time they chose, on their own clock.
import { TZDate } from "@date-fns/tz";
import {
  beforeSessionInstruments,
  latestMeasureTimes,
  listDigestDoctors,
  listSessionsStartingBetween,
  listUnsignedPastSessions,
  patientsWithPaperworkDue,
  writtenDedupeKeys,
} from "@halcyon/db";
import { format } from "date-fns";
import type { ClinicServices } from "../context";
import { DUE_BEFORE_SESSION_MS } from "../measures/measures";
import { enqueueNotices, type NoticeRequest } from "./outbox";

type SweepServices = Pick<ClinicServices, "db" | "config" | "now">;

/** When a doctor's digest goes if they chose no time: the end of a working day, on their clock. */
export const DEFAULT_DIGEST_TIME = "17:00";
/** The digest counts this many notes at most: beyond it, "many" is the message. */
const DIGEST_COUNT_LIMIT = 100;

export async function runCareSweeps(services: SweepServices): Promise<void> {
  await noticeFormsBeforeVisits(services);
  await noticeUnsignedNotes(services);
}

/** Requests whose key the outbox does not hold yet (the email channel is the one every care kind has). */
async function notYetWritten(services: SweepServices, requests: NoticeRequest[]): Promise<NoticeRequest[]> {
  const written = await writtenDedupeKeys(
    services.db,
    requests.map((request) => `${request.dedupeKey}:email`),
  );
  return requests.filter((request) => !written.has(`${request.dedupeKey}:email`));
}

async function noticeFormsBeforeVisits(services: SweepServices): Promise<void> {
  const now = services.now();
  const sessions = await listSessionsStartingBetween(services.db, now.toISOString(), new Date(now.getTime() + DUE_BEFORE_SESSION_MS).toISOString());
  if (sessions.length === 0) return;
  const candidates = await notYetWritten(
    services,
    sessions.flatMap((session) => [
      { kind: "forms_to_sign" as const, userId: session.patientId, params: { before: session.startTime }, dedupeKey: `forms_to_sign:${session.id}` },
      { kind: "form_due" as const, userId: session.patientId, params: { before: session.startTime }, dedupeKey: `form_due:session:${session.id}` },
    ]),
  );
  if (candidates.length === 0) return;
  const patientIds = candidates.map((request) => request.userId);
  const [paperworkDue, asked, measured] = await Promise.all([
    patientsWithPaperworkDue(services.db, [...new Set(patientIds)]),
    beforeSessionInstruments(services.db, patientIds),
    latestMeasureTimes(services.db, patientIds),
  ]);
  const due = candidates.filter((request) => {
    const patientId = request.userId;
    if (request.kind === "forms_to_sign") return paperworkDue.has(patientId);
    // As dueMeasures decides: asked before every session, and not completed since the window opened.
    const windowOpened = new Date(Date.parse((request.params as { before: string }).before) - DUE_BEFORE_SESSION_MS).toISOString();
    return (asked.get(patientId) ?? []).some((instrument) => {
      const last = measured.get(`${patientId}:${instrument}`);
      return last === undefined || last < windowOpened;
    });
  });
  if (due.length > 0) await services.db.transaction().execute((trx) => enqueueNotices(services, trx, due));
}

async function noticeUnsignedNotes(services: SweepServices): Promise<void> {
  const now = services.now();
  const requests: NoticeRequest[] = [];
  for (const doctor of await listDigestDoctors(services.db)) {
    const clock = new TZDate(now, doctor.timeZone ?? services.config.clinicTimeZone);
    if (format(clock, "HH:mm") < (doctor.digestTime ?? DEFAULT_DIGEST_TIME)) continue;
    requests.push({ kind: "note_digest", userId: doctor.id, params: { count: 0 }, dedupeKey: `note_digest:${doctor.id}:${format(clock, "yyyy-MM-dd")}` });
  }
  const digests: NoticeRequest[] = [];
  for (const request of await notYetWritten(services, requests)) {
    const unsigned = await listUnsignedPastSessions(services.db, request.userId, now.toISOString(), DIGEST_COUNT_LIMIT);
    if (unsigned.length > 0) digests.push({ ...request, params: { count: unsigned.length } });
  }
  if (digests.length > 0) await services.db.transaction().execute((trx) => enqueueNotices(services, trx, digests));
}
