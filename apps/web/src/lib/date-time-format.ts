// Building an Intl.DateTimeFormat costs far more than formatting with one, and a page formats
// hundreds of instants as it renders (the patient dashboard spent about 30 ms building them). So
// each locale and set of options is built once and kept for the life of the page.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` and `options`, built on first use (a bad time zone throws, as Intl does). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
