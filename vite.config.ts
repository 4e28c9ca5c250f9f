import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: { assetsInlineLimit: 0 },
  server: { hmr: true },
  // The dev dependency scan walks route modules, server imports included: keep native server-only
  // packages out of the browser pre-bundle.
  optimizeDeps: { exclude: ["@node-rs/argon2", "sharp", "@electric-sql/pglite", "pg", "nodemailer"] },
});
