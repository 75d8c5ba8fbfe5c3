import { halcyonLint } from "@halcyon/config/eslint";

// The benchmarks start the API (built, or its buildApp from source) and seed through the data layer.
export default halcyonLint({ mayImport: ["@halcyon/api", "@halcyon/domain", "@halcyon/db"] });
