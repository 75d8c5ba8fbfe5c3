import { defineConfig } from "vitest/config";
import { vitestPreset } from "@halcyon/config/vitest";

export default defineConfig(vitestPreset);
