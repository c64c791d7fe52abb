import type { ImportDeclarationStructure } from "ts-morph";
import { Kind } from "../structures.js";
import type { Protocol } from "../model/types.js";
import { runtimeModule } from "../repoPackages.js";

type Use = "none" | "type" | "value";

/** The imports one generated module needs, collected while its text is planned, printed sorted. */
export class Imports {
  private readonly byModule = new Map<string, Map<string, boolean>>();
  private runtime: Use = "none";
  private protocolEntry: Use = "none";
  private stackEntry: Use = "none";

  constructor(private readonly protocolName?: Protocol) {}

  add(module: string, name: string, value: boolean): void {
    const names = this.byModule.get(module) ?? new Map<string, boolean>();
    names.set(name, (names.get(name) ?? false) || value);
    this.byModule.set(module, names);
  }

  /** The runtime, imported as the namespace `rt` so no schema name can collide with it. */
  rt(value: boolean): string {
    this.runtime = used(this.runtime, value);
    return "rt";
  }

  protocol(value: boolean): string {
    if (!this.protocolName) throw new Error("a provider without a protocol has no protocol runtime");
    this.protocolEntry = used(this.protocolEntry, value);
    return "rtp";
  }

  /** The runtime's stack entry, for its types only. */
  stack(): string {
    this.stackEntry = "type";
    return "rts";
  }

  structures(): ImportDeclarationStructure[] {
    const runtime = runtimeModule();
    const namespace = (use: Use, moduleSpecifier: string, namespaceImport: string): ImportDeclarationStructure[] =>
      use === "none"
        ? []
        : [{ kind: Kind.ImportDeclaration, moduleSpecifier, namespaceImport, isTypeOnly: use === "type" }];
    const out = [
      ...namespace(this.runtime, runtime, "rt"),
      ...namespace(this.protocolEntry, `${runtime}/${this.protocolName}`, "rtp"),
      ...namespace(this.stackEntry, `${runtime}/stack`, "rts"),
    ];
    for (const module of [...this.byModule.keys()].sort()) {
      const names = [...this.byModule.get(module)!.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      const allTypes = names.every(([, value]) => !value);
      out.push({
        kind: Kind.ImportDeclaration,
        moduleSpecifier: module,
        isTypeOnly: allTypes,
        namedImports: names.map(([name, value]) => ({ name, isTypeOnly: !allTypes && !value })),
      });
    }
    return out;
  }
}

const used = (was: Use, value: boolean): Use => (value ? "value" : was === "none" ? "type" : was);
