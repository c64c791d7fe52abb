import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests import sources, not build output: the runtime and both generated packages resolve to src/.
// A package root is its static one (src/index.ts), which is what vite itself reads (the "module"
// condition); the root Node loads, whose modules load on first use, is tested from outside, built
// (test/packages: lazyRoot, packInstall).
export default defineConfig({
  root: at(".."),
  resolve: {
    // Exact names: a plain key would also match as a prefix (`@sdkgen/runtime/netsvc`).
    alias: [
      { find: /^@sdkgen\/runtime$/, replacement: at("../runtime/src/index.ts") },
      { find: /^@sdkgen\/runtime\/(netsvc|cloudplat|stack)$/, replacement: at("../runtime/src/$1/index.ts") },
      { find: /^@sdkgen\/runtime\/providers$/, replacement: at("../runtime/src/providers.ts") },
      { find: /^(netsvc|cloudplat)$/, replacement: at("../generated/$1/src/index.ts") },
      { find: /^(netsvc|cloudplat)\/stack$/, replacement: at("../generated/$1/src/stack.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/tempRoot.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
