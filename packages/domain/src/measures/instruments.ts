// The standard outcome measures: PHQ-9 (depression) and GAD-7 (anxiety), with their published
// items, answer options, scoring and severity bands. Browser-safe: the web app shows the same
// items and bands the server scores.

export const INSTRUMENT_IDS = ["phq9", "gad7"] as const;
export type InstrumentId = (typeof INSTRUMENT_IDS)[number];

export interface Band {
  /** The lowest total in the band (the highest is the next band's lowest, less one). */
  from: number;
  label: string;
}

export interface Instrument {
  id: InstrumentId;
  name: string;
  title: string;
  question: string;
  items: readonly string[];
  options: readonly { value: number; label: string }[];
  maxScore: number;
  bands: readonly Band[];
}

/** Both instruments answer each item on the same four-point scale. */
const HOW_OFTEN = [
  { value: 0, label: "Not at all" },
  { value: 1, label: "Several days" },
  { value: 2, label: "More than half the days" },
  { value: 3, label: "Nearly every day" },
] as const;

const OVER_TWO_WEEKS = "Over the last 2 weeks, how often have you been bothered by any of the following problems?";

export const INSTRUMENTS: Readonly<Record<InstrumentId, Instrument>> = {
  phq9: {
    id: "phq9",
    name: "PHQ-9",
    title: "Patient Health Questionnaire (PHQ-9)",
    question: OVER_TWO_WEEKS,
    items: [
      "Little interest or pleasure in doing things",
      "Feeling down, depressed, or hopeless",
      "Trouble falling or staying asleep, or sleeping too much",
      "Feeling tired or having little energy",
      "Poor appetite or overeating",
      "Feeling bad about yourself — or that you are a failure or have let yourself or your family down",
      "Trouble concentrating on things, such as reading the newspaper or watching television",
      "Moving or speaking so slowly that other people could have noticed — or the opposite, being so fidgety or restless that you have been moving around a lot more than usual",
      "Thoughts that you would be better off dead, or of hurting yourself in some way",
    ],
    options: HOW_OFTEN,
    maxScore: 27,
    bands: [
      { from: 0, label: "Minimal" },
      { from: 5, label: "Mild" },
      { from: 10, label: "Moderate" },
      { from: 15, label: "Moderately severe" },
      { from: 20, label: "Severe" },
    ],
  },
  gad7: {
    id: "gad7",
    name: "GAD-7",
    title: "Generalized Anxiety Disorder scale (GAD-7)",
    question: OVER_TWO_WEEKS,
    items: [
      "Feeling nervous, anxious, or on edge",
      "Not being able to stop or control worrying",
      "Worrying too much about different things",
      "Trouble relaxing",
      "Being so restless that it is hard to sit still",
      "Becoming easily annoyed or irritable",
      "Feeling afraid, as if something awful might happen",
    ],
    options: HOW_OFTEN,
    maxScore: 21,
    bands: [
      { from: 0, label: "Minimal" },
      { from: 5, label: "Mild" },
      { from: 10, label: "Moderate" },
      { from: 15, label: "Severe" },
    ],
  },
};

/** The PHQ-9's item 9 (thoughts of self-harm), by its index. */
export const SELF_HARM_ITEM = 8;
/** Below this total, PHQ-9 and GAD-7 alike count as remission. */
export const REMISSION_BELOW = 5;

/** Why `answers` are not a complete set for the instrument, naming the item; null when they are. */
export function answersProblem(instrument: Instrument, answers: readonly unknown[]): string | null {
  if (answers.length !== instrument.items.length) {
    return `${instrument.name} has ${instrument.items.length} items: ${answers.length} ${answers.length === 1 ? "answer was" : "answers were"} given.`;
  }
  const wrong = answers.findIndex((answer) => !instrument.options.some((option) => option.value === answer));
  if (wrong === -1) return null;
  return `Item ${wrong + 1} of the ${instrument.name} (“${instrument.items[wrong]}”) takes 0, 1, 2 or 3.`;
}

export function scoreOf(answers: readonly number[]): number {
  return answers.reduce((total, answer) => total + answer, 0);
}

export function bandOf(instrument: Instrument, score: number): string {
  let label = instrument.bands[0]!.label;
  for (const band of instrument.bands) if (score >= band.from) label = band.label;
  return label;
}

/** Whether a PHQ-9's answers call for the safety alert: any answer above 0 on item 9, whatever the total. */
export function needsSafetyAlert(instrument: InstrumentId, answers: readonly number[]): boolean {
  return instrument === "phq9" && (answers[SELF_HARM_ITEM] ?? 0) > 0;
}

/** Response: the latest score has fallen by at least half from the first. */
export function isResponse(scores: readonly number[]): boolean {
  const first = scores[0];
  const latest = scores.at(-1);
  return scores.length >= 2 && first !== undefined && latest !== undefined && first > 0 && latest <= first / 2;
}

/** Remission: the latest score is below 5. */
export function isRemission(scores: readonly number[]): boolean {
  const latest = scores.at(-1);
  return latest !== undefined && latest < REMISSION_BELOW;
}
