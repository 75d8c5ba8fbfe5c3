// The progress chart's rules, from the specification, as pure functions the browser and the
// server share: rated sessions only, in creation order, the last ten; average to one decimal;
// trend = last rating − first rating, signed; bars scaled to 10.
export const CHART_SESSIONS = 10;
export const CHART_SCALE = 10;
export const TOOLTIP_NOTE_LENGTH = 50;
export const ACTIVITY_NOTE_LENGTH = 100;
export const CONSISTENCY_SESSIONS = 5;
export const EXCELLENT_AVERAGE = 8;

export const NO_PROGRESS_DATA = "No progress data available";

export interface RatedSessionLike {
  progressRating: number;
  sessionNotes: string;
  createdAt: string;
}

export interface ChartBar {
  rating: number;
  createdAt: string;
  /** Height as a share of the chart, 0–100. */
  heightPercent: number;
  noteExcerpt: string;
}

export interface ProgressChart {
  bars: ChartBar[];
  /** Rounded to one decimal; null without rated sessions. */
  average: number | null;
  trend: number;
  /** The trend with its sign: "+2", "-1", "0". */
  trendLabel: string;
  insights: string[];
}

/** The first `length` characters, with an ellipsis when something was cut. */
export function excerpt(text: string, length: number): string {
  const characters = Array.from(text.trim());
  return characters.length <= length ? characters.join("") : `${characters.slice(0, length).join("").trimEnd()}…`;
}

export function roundToOneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** Sessions with a rating above 0, oldest first. */
export function ratedSessions<T extends RatedSessionLike>(sessions: readonly T[]): T[] {
  return sessions.filter((session) => session.progressRating > 0).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/**
 * The insights, said to the patient, or about them to their doctor when `patientName` (a first
 * name) is given: "Your session ratings have risen…" or "Alex's session ratings have risen…". The
 * ratings are the therapist's, given with each session's note, never the patient's own.
 */
export function progressInsights(average: number, trend: number, count: number, patientName?: string): string[] {
  const insights: string[] = [];
  const risen = `risen by ${trend} ${trend === 1 ? "point" : "points"}`;
  if (patientName === undefined) {
    if (trend > 0) insights.push(`Your session ratings have ${risen} — real, steady improvement.`);
    if (trend < 0) insights.push("Your recent session ratings have dipped; consider discussing recent challenges with your therapist.");
    if (average >= EXCELLENT_AVERAGE) insights.push("Excellent progress: your sessions are consistently rated highly.");
    if (count >= CONSISTENCY_SESSIONS) insights.push(`Wonderful consistency: ${count} rated sessions show your commitment to your wellbeing.`);
    return insights;
  }
  if (trend > 0) insights.push(`${patientName}'s session ratings have ${risen} — real, steady improvement.`);
  if (trend < 0) insights.push(`${patientName}'s recent session ratings have dipped; consider exploring recent challenges together in the next session.`);
  if (average >= EXCELLENT_AVERAGE) insights.push(`Excellent progress: ${patientName}'s sessions are consistently rated highly.`);
  if (count >= CONSISTENCY_SESSIONS) insights.push(`Wonderful consistency: ${count} rated sessions show ${patientName}'s commitment to their wellbeing.`);
  return insights;
}

/** `patientName`: the patient's first name, when the chart is shown to someone else (their doctor). */
export function progressChart(sessions: readonly RatedSessionLike[], patientName?: string): ProgressChart {
  const recent = ratedSessions(sessions).slice(-CHART_SESSIONS);
  if (recent.length === 0) return { bars: [], average: null, trend: 0, trendLabel: "0", insights: [] };
  const ratings = recent.map((session) => session.progressRating);
  const average = roundToOneDecimal(ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length);
  const trend = (ratings.at(-1) ?? 0) - (ratings[0] ?? 0);
  return {
    bars: recent.map((session) => ({
      rating: session.progressRating,
      createdAt: session.createdAt,
      heightPercent: (Math.min(session.progressRating, CHART_SCALE) / CHART_SCALE) * 100,
      noteExcerpt: excerpt(session.sessionNotes, TOOLTIP_NOTE_LENGTH),
    })),
    average,
    trend,
    trendLabel: signed(trend),
    insights: progressInsights(average, trend, recent.length, patientName),
  };
}

/** The dashboard card's average: every rated session, to a whole number; null without any. */
export function averageRating(sessions: readonly RatedSessionLike[]): number | null {
  const rated = ratedSessions(sessions);
  if (rated.length === 0) return null;
  return Math.round(rated.reduce((sum, session) => sum + session.progressRating, 0) / rated.length);
}

/** The latest `count` notes, newest first, each cut to 100 characters. */
export function recentNotes<T extends RatedSessionLike>(sessions: readonly T[], count = 3): (T & { noteExcerpt: string })[] {
  return [...sessions]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, count)
    .map((session) => ({ ...session, noteExcerpt: excerpt(session.sessionNotes, ACTIVITY_NOTE_LENGTH) }));
}
