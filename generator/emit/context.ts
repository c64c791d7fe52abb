import { dirname, relative } from "node:path/posix";
import type { EnumType, NamedType } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { Imports } from "./imports.js";

/** What an emitter needs while writing one module: the package plan and that module's imports. */
export class ModuleContext {
  readonly imports: Imports;
  readonly enums: ReadonlyMap<string, EnumType>;
  readonly types: ReadonlyMap<string, NamedType>;

  constructor(
    readonly plan: PackagePlan,
    readonly path: string,
  ) {
    this.imports = new Imports(plan.model.provider.protocol);
    ({ enums: this.enums, types: this.types } = byName(plan));
  }

  /** Imports `name` from the module at `target` (a package path), unless it is this module. */
  use(target: string, name: string, value: boolean): string {
    if (target !== this.path) this.imports.add(this.specifier(target), name, value);
    return name;
  }

  /** Import specifiers by target, made once per module: a module names the same few many times. */
  private readonly specifiers = new Map<string, string>();
  private specifier(target: string): string {
    let specifier = this.specifiers.get(target);
    if (specifier === undefined) {
      const rel = relative(dirname(this.path), target).replace(/\.ts$/, ".js");
      this.specifiers.set(target, (specifier = rel.startsWith(".") ? rel : `./${rel}`));
    }
    return specifier;
  }

  enumRef(name: string, value: boolean): string {
    return this.use(this.plan.enumsPath, name, value);
  }

  typeRef(name: string, form: "input" | "output" | "descriptor"): string {
    const t = this.plan.types.get(name)!;
    const symbol = form === "input" ? t.input : form === "output" ? t.output : t.descriptor;
    return this.use(t.path, symbol, form === "descriptor");
  }
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
