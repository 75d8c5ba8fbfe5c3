import type { ViteUserConfig } from "vitest/config";

export declare const vitestPreset: ViteUserConfig;
