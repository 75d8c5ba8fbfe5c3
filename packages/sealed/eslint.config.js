import { halcyonLint } from "@halcyon/config/eslint";

export default halcyonLint();
