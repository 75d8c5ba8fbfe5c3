/** The clinic's name as people read it in titles and messages (the specification's "the product"). */
export const CLINIC_NAME = "Halcyon";

/** A page's document title: "Team · Halcyon". */
export function pageTitle(page: string): string {
  return `${page} · ${CLINIC_NAME}`;
}

/** Placeholder contact details: the clinic's real ones replace them before launch. */
export const CLINIC_CONTACT = {
  addressLines: ["18 Harbour Row, Suite 300", "Seaview, CA 90210"],
  phone: { label: "(555) 014-2026", href: "tel:+15550142026" },
  email: "concierge@halcyon.example",
};

/** The home page's title, also index.html's. */
export const HOME_TITLE = `${CLINIC_NAME} — Mental Wellness, Privately`;
