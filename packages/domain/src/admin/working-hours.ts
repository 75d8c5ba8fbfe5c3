import type { WorkingPeriod } from "../appointments/slots";
import type { WorkingPeriodInput } from "./admin.schema";

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export function fromWorkingHoursInput(periods: WorkingPeriodInput[]): WorkingPeriod[] {
  return periods.map((p) => ({ weekday: p.weekday, startMinute: toMinutes(p.start), endMinute: toMinutes(p.end) }));
}

export function toWorkingHoursInput(periods: WorkingPeriod[]): WorkingPeriodInput[] {
  return periods.map((p) => ({ weekday: p.weekday, start: toTime(p.startMinute), end: toTime(p.endMinute) }));
}
