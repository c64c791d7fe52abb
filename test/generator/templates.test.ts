import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UserError } from "../../generator/args.js";
import { compileTemplate, createHandlebars } from "../../generator/describe/handlebars.js";

const dir = mkdtempSync(join(tmpdir(), "sdkgen-templates-"));

/** A template file written under a temporary folder, compiled with an `esc` helper and a `box` partial. */
function template(name: string, text: string, partial = "[{{> @partial-block}}]") {
  const hb = createHandlebars();
  hb.registerHelper("esc", (s: string) => s.toUpperCase());
  writeFileSync(join(dir, "box.hbs"), partial);
  hb.registerPartial("box", compileTemplate(hb, join(dir, "box.hbs"), { strict: true }));
  writeFileSync(join(dir, name), text);
  return compileTemplate(hb, join(dir, name), { strict: true });
}

/** The UserError `f` throws. */
function problem(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error("no problem reported");
}

describe("templates", () => {
  it("render with the helpers and partials registered", () => {
    expect(template("ok.hbs", "{{#> box}}{{esc name}}{{/box}}")({ name: "port" })).toBe("[PORT]");
  });

  it("report a helper not registered when compiled, at its file and position", () => {
    expect(problem(() => template("helper.hbs", "a\n  {{esx name}}"))).toMatch(
      /helper\.hbs:2:3: You specified knownHelpersOnly, but used the unknown helper esx$/,
    );
  });

  it("report a syntax error at its file and line", () => {
    expect(problem(() => template("syntax.hbs", "a\n{{#if x}}\nb\n"))).toMatch(
      /syntax\.hbs:4: parse error: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'$/,
    );
    expect(problem(() => template("mismatch.hbs", "{{#if x}}{{/each}}"))).toMatch(
      /mismatch\.hbs:1:4: if doesn't match each$/,
    );
  });

  it("report a field the view lacks at the file that reads it, a partial's own", () => {
    const page = template("page.hbs", "{{#> box}}{{name}}{{/box}}", "[{{nmae}}{{> @partial-block}}]");
    expect(problem(() => page({ name: "port" }))).toMatch(/box\.hbs:1:4: "nmae" not defined in \[object Object\]$/);
    expect(problem(() => template("own.hbs", "{{#if a}}\n {{b}}{{/if}}")({ a: true }))).toMatch(
      /own\.hbs:2:4: "b" not defined/,
    );
  });
});
