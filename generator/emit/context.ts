import { dirname, relative } from "node:path/posix";
import type { StatementStructures } from "ts-morph";
import type { EnumType, NamedType } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { oncePer } from "../memo.js";
import { printModule } from "../print/index.js";
import { header } from "./header.js";
import { Imports } from "./imports.js";

/** What an emitter needs while writing one module: the package plan and that module's imports. */
export class ModuleContext {
  readonly imports: Imports;
  readonly enums: ReadonlyMap<string, EnumType>;
  readonly types: ReadonlyMap<string, NamedType>;
  private readonly folder: string;

  constructor(
    readonly plan: PackagePlan,
    readonly path: string,
  ) {
    this.imports = new Imports(plan.model.provider.protocol);
    this.folder = dirname(path);
    ({ enums: this.enums, types: this.types } = byName(plan));
  }

  use(target: string, name: string, value: boolean): string {
    if (target !== this.path) this.imports.add(specifierFrom(this.folder, target), name, value);
    return name;
  }

  enumRef(name: string, value: boolean): string {
    return this.use(this.plan.enumsPath, name, value);
  }

  typeRef(name: string, form: "input" | "output" | "descriptor"): string {
    const t = this.plan.types.get(name)!;
    return this.use(t.path, t[form], form === "descriptor");
  }

  /** The module's text; call once `statements` are built, since building them collects the imports. */
  print(sources: readonly string[], statements: readonly StatementStructures[]): string {
    return printModule(header(sources), [...this.imports.structures(), ...statements]);
  }
}

/** The specifier of `target` from `dir`, made once per pair: a package's modules name the same types many times. */
const SPECIFIERS = new Map<string, string>();
function specifierFrom(dir: string, target: string): string {
  const key = `${dir}\n${target}`;
  let specifier = SPECIFIERS.get(key);
  if (specifier === undefined) {
    const rel = relative(dir, target).replace(/\.ts$/, ".js");
    SPECIFIERS.set(key, (specifier = rel.startsWith(".") ? rel : `./${rel}`));
  }
  return specifier;
}

/** The plan's enums and types by name, built once per plan: every module needs them. */
const byName = oncePer((plan: PackagePlan): Pick<ModuleContext, "enums" | "types"> => ({
  enums: new Map(plan.model.enums.map((e) => [e.name, e])),
  types: new Map(plan.model.types.map((t) => [t.name, t])),
}));
