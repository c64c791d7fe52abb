import { rmSync } from "node:fs";
import { docsTemplates } from "../docs/docsTemplates.js";
import { packageTemplates } from "./emitTemplates.js";
import { PRECOMPILED, writePrecompiledTemplates } from "../describe/handlebars.js";

/** Every template of the repository compiled and written beside the generator (run by `make`). */
export function precompileTemplates(): void {
  rmSync(PRECOMPILED, { force: true });
  packageTemplates();
  docsTemplates();
  writePrecompiledTemplates();
}
