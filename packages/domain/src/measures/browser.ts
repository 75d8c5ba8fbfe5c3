// The outcome measures for the browser: the instruments and their schemas, kept out of the
// schemas barrel so that pages without measures (the landing page) carry none of them.
export * from "./instruments";
export * from "./measure.schema";
