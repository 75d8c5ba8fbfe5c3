import type { TreatmentSession } from "@halcyon/domain/schemas";
import { CHART_SCALE } from "@halcyon/domain/rules";

import { doctorTitle } from "../../lib/appointment-rules";
import { formatDate } from "../../lib/time-format";

type SessionNoteProps = {
  session: Pick<TreatmentSession, "createdAt" | "doctorName" | "progressRating" | "sessionNotes">;
  /** The text to show: an excerpt on the dashboard, the whole note in a history. */
  text?: string;
};

/** One session's notes as the patient and their care team read them: when, by whom, the rating, the words. */
export function SessionNote({ session, text = session.sessionNotes }: SessionNoteProps) {
  return (
    <article className="grid gap-3 sm:grid-cols-[1fr_auto] sm:gap-6">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase">
          <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          {doctorTitle(session.doctorName)}
        </p>
        <p className="mt-2 leading-relaxed whitespace-pre-line text-ink-800">{text}</p>
      </div>
      {session.progressRating > 0 ? (
        <p className="flex w-fit items-baseline gap-1 self-start rounded-full border border-hairline bg-ivory-100 px-3 py-1 sm:mt-0.5">
          <span className="sr-only">Progress rating</span>
          <span className="font-display text-xl leading-none text-ink-900">{session.progressRating}</span>
          <span className="text-xs text-stone-600">/{CHART_SCALE}</span>
        </p>
      ) : null}
    </article>
  );
}
