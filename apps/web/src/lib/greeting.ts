/** A concierge's salutation for the hour: morning until noon, afternoon until six, then evening. */
export function salutationFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Good morning";
  if (hour >= 12 && hour < 18) return "Good afternoon";
  return "Good evening";
}
