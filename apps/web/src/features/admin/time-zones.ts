// The IANA time zones this browser knows, and the search over them the settings' picker offers.

/** Every IANA zone the browser supports, e.g. "America/New_York"; UTC is always among them. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
}

const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, " ");

/**
 * The zones whose name contains every word of `query`, in any order and case, with "_" and "/"
 * read as spaces: "york new" finds America/New_York. An empty query matches every zone.
 */
export function matchTimeZones(zones: readonly string[], query: string): string[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  return zones.filter((zone) => {
    const name = normalize(zone);
    return words.every((word) => name.includes(word));
  });
}
