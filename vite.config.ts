import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // React Router 8 always builds through the Environment API: the server entry must be given here
  // (build.rollupOptions.input is ignored and yields "createApp is not a function").
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  // One copy of react-router in dev, or the RouterContextProvider is rejected ("Invalid context").
  ssr: { noExternal: ["@react-router/express"] },
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
});
