/** The initials a monogram shows: first letters of the first and last name, upper-cased ("Alex Moreau" → "AM"). */
export function monogramOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => Array.from(name.trim())[0] ?? "")
    .join("")
    .toLocaleUpperCase();
}
