/** A concierge's salutation for the hour: morning until noon, afternoon until six, then evening. */
export function salutationFor(date: Date): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "Good morning";
  if (hour >= 12 && hour < 18) return "Good afternoon";
  return "Good evening";
}

/** How a greeting names the member: a doctor as the spec greets them ("Dr. Vance"), anyone else by first name. */
export function greetingNameOf(user: { role: string; firstName: string; lastName: string }): string {
  return user.role === "doctor" ? `Dr. ${user.lastName}` : user.firstName;
}
