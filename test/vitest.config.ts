import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests import sources, not build output: the runtime and both generated packages resolve to src/.
export default defineConfig({
  root: at(".."),
  resolve: {
    alias: {
      "@sdkgen/runtime": at("../runtime/src/index.ts"),
      netsvc: at("../generated/netsvc/src/index.ts"),
      cloudplat: at("../generated/cloudplat/src/index.ts"),
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
