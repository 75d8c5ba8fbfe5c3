// A conversation's safety number: 60 digits in twelve groups of five that two people read to each
// other to check that each holds the other's real key. Both sides compute the same number: it
// comes from the two keys' ids in sorted order.
const GROUPS = 12;

export async function safetyNumber(kidA: string, kidB: string): Promise<string> {
  const [first, second] = [kidA, kidB].sort();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-512", new TextEncoder().encode(`halcyon-safety-number:${first}:${second}`)));
  const groups: string[] = [];
  for (let group = 0; group < GROUPS; group += 1) {
    // Five bytes (40 bits) a group, reduced to five digits.
    let value = 0;
    for (let byte = 0; byte < 5; byte += 1) value = value * 256 + (digest[group * 5 + byte] ?? 0);
    groups.push(String(value % 100_000).padStart(5, "0"));
  }
  return groups.join(" ");
}
