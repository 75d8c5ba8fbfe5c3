import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API runs on its own port; the browser still sees one origin.
const API_ORIGIN = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": { target: API_ORIGIN },
      "/trpc": { target: API_ORIGIN },
      "/ws": { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: "dist",
  },
});
