import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { radixThemesSubset } from "./scripts/lib/radix-themes-css.ts";

export default defineConfig({
  // React Router 8 always builds through the Environment API: the server entry must be given here
  // (build.rollupOptions.input is ignored and yields "createApp is not a function").
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  // Vite's manifest (build/client/.vite/manifest.json) is kept: `npm run check:weight` reads each
  // chunk's static and dynamic imports from it (ADR 028).
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router in one chunk: every page loads all of it, and one file
        // compresses 4 KiB smaller than the five the automatic split made (ADR 028). `codeSplitting` is Rolldown's
        // name for what it called `advancedChunks` before (deprecated).
        codeSplitting: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  // Radix Themes' CSS trimmed to the components and breakpoints the app uses (ADR 028).
  css: { postcss: { plugins: [radixThemesSubset()] } },
  // One copy of react-router in dev, or the RouterContextProvider is rejected ("Invalid context").
  ssr: { noExternal: ["@react-router/express"] },
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
});
