/** "Tuesday, December 8, 2026 at 10:00 AM EST": in this browser's zone, named, as the email named the member's. */
export function whenHere(instant: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short" }).format(new Date(instant)) + ` ${zoneName(instant)}`;
}

function zoneName(instant: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? "";
}
