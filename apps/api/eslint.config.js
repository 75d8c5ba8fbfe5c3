import { halcyonLint } from "@halcyon/config/eslint";

export default halcyonLint({ mayImport: ["@halcyon/domain", "@halcyon/db", "@halcyon/sealed"] });
