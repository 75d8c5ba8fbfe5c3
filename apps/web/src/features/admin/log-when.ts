/**
 * When a log's line happened, on this browser's clock, as a date and a time. The system log shows
 * seconds too: its entries often come within the same minute, and their order is the story.
 */
export function logWhen(iso: string, { seconds = false }: { seconds?: boolean } = {}): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }),
    time: at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}) }),
  };
}
