// A module of the runtime's sources that no entry exports, for a bench that times it alone: bundled
// from runtime/src on the fly, as the runtime's build bundles only its entries (runtime/bundle.mjs).
// It is a copy of the runtime modules it reaches, beside the built runtime a generated package loads:
// right for the functions benched (signing; planning over plain inputs), where no value of one copy
// meets an `instanceof` of a class of the other.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const SRC = fileURLToPath(new URL("../../runtime/src/", import.meta.url));

/** The exports of `runtime/src/<path>` (a .ts path). */
export async function runtimeInternal(path) {
  const { outputFiles } = await build({
    entryPoints: [join(SRC, path)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString("base64")}`);
}
