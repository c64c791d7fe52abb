import type { PackagePlan } from "../plan/planPackage.js";
import { runtimeModule } from "../repoPackages.js";
import { header } from "./header.js";

/** `<package>/stack`: the runtime's stack model, with the Provider typed into `providers`. */
export function emitStackEntry(plan: PackagePlan): Map<string, string> {
  const stack = `${runtimeModule()}/stack`;
  const lines = [
    "// Stacks: declare resources, preview, up, refresh, destroy (runtime/STATE.md has the state format).",
    `export * from "${stack}";`,
    ...(plan.model.provider.protocol === undefined
      ? []
      : [
          `import type { Provider } from "./provider.js";`,
          "",
          `declare module "${stack}" {`,
          `  interface StackProviders {`,
          `    /** The provider of this package's kinds (default: one configured from the environment). */`,
          `    readonly ${plan.model.provider.name}?: Provider | undefined;`,
          `  }`,
          `}`,
        ]),
  ];
  return new Map([["src/stack.ts", `${header([plan.model.provider.file])}${lines.join("\n")}\n`]]);
}
