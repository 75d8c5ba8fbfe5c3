import type { Appointment } from "@halcyon/domain/schemas";

import { statusPresentation, type StatusTone } from "../../../lib/appointment-rules";

/** A calendar chip's colours per status tone; the chip also says the status in words. */
const CHIP: Record<StatusTone, string> = {
  gold: "border-l-gold-600 bg-gold-200/55 hover:bg-gold-200",
  sage: "border-l-sage-500 bg-sage-100 hover:bg-sage-200/70",
  stone: "border-l-stone-400 bg-ivory-200 hover:bg-ivory-300",
  rose: "border-l-rose-700 bg-rose-50 hover:bg-rose-700/10",
};

const DOT: Record<StatusTone, string> = {
  gold: "bg-gold-600",
  sage: "bg-sage-500",
  stone: "bg-stone-400",
  rose: "bg-rose-700",
};

export function chipClass(appointment: Pick<Appointment, "status" | "lateCancellation">): string {
  return CHIP[statusPresentation(appointment).tone];
}

export function dotClass(appointment: Pick<Appointment, "status" | "lateCancellation">): string {
  return DOT[statusPresentation(appointment).tone];
}

/** The legend under the calendar: every status, its colour and its name. */
export const LEGEND: { label: string; tone: StatusTone }[] = [
  { label: "Scheduled", tone: "gold" },
  { label: "Completed", tone: "sage" },
  { label: "Cancelled", tone: "stone" },
  { label: "Late cancellation or no-show", tone: "rose" },
];

export function legendDotClass(tone: StatusTone): string {
  return DOT[tone];
}
