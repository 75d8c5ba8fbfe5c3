// The discretion rule (issue 34, item 2): nothing a notice says, nor the name it is sent under,
// may tell someone glancing at a lock screen that its owner sees a clinician about their mind.
// These fragments are matched anywhere in a word, case aside ("psych" finds "psychiatrist",
// "counsel" finds "counselling"): the words of health that a notice must never carry.
export const UNDISCREET_FRAGMENTS = [
  "therap",
  "counsel",
  "psych",
  "mental",
  "session note",
  "diagnos",
  "phq-9",
  "phq9",
  "gad-7",
  "gad7",
  "depress",
  "anxi",
  "trauma",
  "ptsd",
  "bipolar",
  "addict",
  "eating disorder",
  "suicid",
  "self-harm",
  "medication",
] as const;

/** The fragments of health `text` carries, if any. */
export function undiscreetFragments(text: string): string[] {
  const lower = text.toLowerCase();
  return UNDISCREET_FRAGMENTS.filter((fragment) => lower.includes(fragment));
}
