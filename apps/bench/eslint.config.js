import { halcyonLint } from "@halcyon/config/eslint";

// The benchmarks start the API (built, or its buildApp from source) and seed through the data layer;
// they seal messages with @halcyon/sealed (in Node for seeding, bundled into Chromium to time it).
export default halcyonLint({ mayImport: ["@halcyon/api", "@halcyon/domain", "@halcyon/db", "@halcyon/sealed"] });
