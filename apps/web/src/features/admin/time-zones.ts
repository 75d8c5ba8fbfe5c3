// The IANA time zones this browser knows, and the search over them the settings' picker offers.
import { isTimeZone } from "@halcyon/domain/rules";

/**
 * Zones IANA has renamed whose old names browsers still list (their ICU keeps CLDR's identifiers):
 * an admin in Kyiv looks for "Kyiv", not "Kiev". Either name works everywhere a zone is used.
 */
const RENAMED: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};
const FORMER_NAME = new Map(Object.entries(RENAMED).map(([former, current]) => [current, former]));

/** A zone by its current name ("Asia/Calcutta" is "Asia/Kolkata"), when this browser knows that name. */
export function currentZoneName(zone: string): string {
  const renamed = RENAMED[zone];
  return renamed !== undefined && isTimeZone(renamed) ? renamed : zone;
}

/** Every IANA zone the browser supports, by its current name (e.g. "Asia/Kolkata"); UTC is always among them. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const current = new Set(zones.map(currentZoneName)).add("UTC");
  return [...current].sort();
}

const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, " ");

/**
 * The zones whose name (or former name: "calcutta" finds Asia/Kolkata) contains every word of
 * `query`, in any order and case, with "_" and "/" read as spaces: "york new" finds
 * America/New_York. An empty query matches every zone.
 */
export function matchTimeZones(zones: readonly string[], query: string): string[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  return zones.filter((zone) => {
    const name = normalize(`${zone} ${FORMER_NAME.get(zone) ?? ""}`);
    return words.every((word) => name.includes(word));
  });
}
