import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  behaviourLines,
  fieldChangeLines,
  lookupBehaviourLines,
  resourceBehaviour,
} from "../../generator/describe/describeBehaviour.js";
import { loadModels } from "../../generator/pipeline.js";

// What only a request or the wire looks like: a method and a path, an API version, a `service:Action`
// (not a token's `port:Port`), a JSON object, a cancellation action, a field's wire name or path.
const WIRE = /\b(GET|POST|PUT|DELETE) \/|\/v\d\/|(?<![/\w])[a-z]+:[A-Z]\w+|\{"|CANCEL_NOW|Sent as|Read from/;

/** The TSDoc block just before `declaration` in a generated module. */
function docBefore(module: string, declaration: string): string {
  const text = readFileSync(module, "utf8");
  const end = text.indexOf(declaration);
  return text.slice(text.lastIndexOf("/**", end), end);
}

describe("TSDoc hovers", () => {
  it("say in words how each bound resource is created, changed and deleted, and how each lookup runs", () => {
    for (const m of loadModels("schemas")) {
      const protocol = m.provider.protocol;
      for (const r of m.resources) {
        const b = resourceBehaviour(r, protocol);
        expect(b, r.name).toBeDefined();
        expect(b!.create, r.name).toMatch(/^Created /);
        expect(b!.delete, r.name).toMatch(/^Delet/);
        const words = [...behaviourLines(b), ...r.fields.flatMap(fieldChangeLines)];
        expect(
          words.filter((w) => WIRE.test(w)),
          r.name,
        ).toEqual([]);
      }
      for (const l of m.lookups) {
        const words = lookupBehaviourLines(l, protocol);
        expect(words.length, l.name).toBeGreaterThan(0);
        expect(
          words.filter((w) => WIRE.test(w)),
          l.name,
        ).toEqual([]);
      }
    }
  });

  it("of a product tell how it is ordered and cancelled, with no request or wire name", () => {
    const args = docBefore("generated/netsvc/src/resources/port.ts", "export interface PortArgs");
    expect(args).toContain("Created by ordering a product of type MEGAPORT");
    expect(args).toContain(
      "Deleting cancels it at once, or at the end of its contract term when the provider's `cancelAtEndOfTerm` is true.",
    );
    expect(args).not.toMatch(WIRE);
    const term = docBefore("generated/netsvc/src/resources/port.ts", "  contractTermMonths: ContractTermMonths;");
    expect(term).not.toContain("`term`");
  });
});
