export type StaffMember = {
  firstName: string;
  lastName: string;
  /** Name as printed, with honorific and letters. */
  displayName: string;
  title: string;
  bio: string;
  /** The two colours of the monogram portrait's ground, dark to light. */
  palette: [string, string];
};

// The clinic's leadership, as the specification lists the roles. Names are invented placeholders.
export const STAFF: StaffMember[] = [
  {
    firstName: "Helena",
    lastName: "Whitfield",
    displayName: "Dr. Helena Whitfield, PsyD",
    title: "Founder & Clinical Director",
    bio: "Helena founded Halcyon after two decades in hospital and private practice, convinced that therapy works best when nothing about it feels rushed. She leads the clinical team and keeps a small caseload in trauma care.",
    palette: ["#111a2e", "#3a4761"],
  },
  {
    firstName: "Theodore",
    lastName: "Ashcombe",
    displayName: "Theodore Ashcombe, MBA",
    title: "President & Managing Partner",
    bio: "Theodore came to Halcyon from a career in luxury hospitality. He makes sure every detail, from the first call to the last session, is handled with the same quiet care as the therapy itself.",
    palette: ["#4e6a56", "#8ea593"],
  },
  {
    firstName: "Priya",
    lastName: "Raman",
    displayName: "Dr. Priya Raman, PhD",
    title: "Director of Research & Innovation",
    bio: "A clinical psychologist and researcher, Priya keeps our methods grounded in current evidence, and measures what matters most: how our patients feel, and keep feeling, over time.",
    palette: ["#6b5229", "#c4a265"],
  },
  {
    firstName: "Marguerite",
    lastName: "Delacroix",
    displayName: "Marguerite Delacroix, MSW",
    title: "Executive Director",
    bio: "Marguerite runs the day-to-day life of the practice, from scheduling to the patient experience. She is often the first voice you hear when you call, and the reason it feels like being expected.",
    palette: ["#26334f", "#6f8a76"],
  },
];
