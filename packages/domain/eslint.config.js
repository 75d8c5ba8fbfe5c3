import { halcyonLint } from "@halcyon/config/eslint";

export default halcyonLint({ mayImport: ["@halcyon/db", "@halcyon/sealed"] });
