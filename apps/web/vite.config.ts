import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// In development the API runs on its own port; the browser still sees one origin.
const API_ORIGIN = process.env.API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each file, made once at build time: the server sends the one the
    // browser accepts (@fastify/static's preCompressed) without compressing on every request.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.(png|jpe?g|webp|avif|woff2?)$/], threshold: 1024 }),
  ],
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
