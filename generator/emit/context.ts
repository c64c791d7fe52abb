import { dirname, relative } from "node:path/posix";
import type { StatementStructures } from "ts-morph";
import type { EnumType, NamedType } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { printModule } from "../print/index.js";
import { header } from "./header.js";
import { Imports } from "./imports.js";

/** What an emitter needs while writing one module: the package plan and that module's imports. */
export class ModuleContext {
  readonly imports: Imports;
  readonly enums: ReadonlyMap<string, EnumType>;
  readonly types: ReadonlyMap<string, NamedType>;
  /** The module's folder, which its import specifiers start from. */
  private readonly folder: string;

  constructor(
    readonly plan: PackagePlan,
    readonly path: string,
  ) {
    this.imports = new Imports(plan.model.provider.protocol);
    this.folder = dirname(path);
    ({ enums: this.enums, types: this.types } = byName(plan));
  }

  /** Imports `name` from the module at `target` (a package path), unless it is this module. */
  use(target: string, name: string, value: boolean): string {
    if (target !== this.path) this.imports.add(specifierFrom(this.folder, target), name, value);
    return name;
  }

  enumRef(name: string, value: boolean): string {
    return this.use(this.plan.enumsPath, name, value);
  }

  typeRef(name: string, form: "input" | "output" | "descriptor"): string {
    const t = this.plan.types.get(name)!;
    const symbol = form === "input" ? t.input : form === "output" ? t.output : t.descriptor;
    return this.use(t.path, symbol, form === "descriptor");
  }

  /**
   * The module's text: the header naming `sources`, the imports collected while `statements` were
   * built (so only once they are), then the statements.
   */
  print(sources: readonly string[], statements: readonly StatementStructures[]): string {
    return printModule(header(sources), [...this.imports.structures(), ...statements]);
  }
}

/**
 * The specifier importing the module at `target` from a module in `dir`, made once per folder and
 * target: a package's modules sit in a few folders, and name the same types and enums many times
 * (path.relative was ~50 ms of a 2,000-entity run's worker).
 */
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

/** The plan's enums and types by name, built once per plan: every module needs them (4,000 in a large package). */
const BY_NAME = new WeakMap<PackagePlan, Pick<ModuleContext, "enums" | "types">>();
function byName(plan: PackagePlan): Pick<ModuleContext, "enums" | "types"> {
  let found = BY_NAME.get(plan);
  if (!found) {
    found = {
      enums: new Map(plan.model.enums.map((e) => [e.name, e])),
      types: new Map(plan.model.types.map((t) => [t.name, t])),
    };
    BY_NAME.set(plan, found);
  }
  return found;
}
