import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inStyle, settleBlankLines } from "../../generator/print/formatted.js";

// inStyle decides which files skip prettier: it must pass prettier's own output, and nothing prettier would change.
describe("inStyle", () => {
  const long = "x".repeat(120);

  it("passes the hooks as prettier leaves them, their long template literals included", () => {
    for (const hook of ["mcrIpsecAddon", "vxc"]) {
      const text = readFileSync(`generated/netsvc/src/hooks/${hook}.ts`, "utf8");
      expect(text.split("\n").some((l) => l.length > 120 && l.includes("`"))).toBe(true);
      expect(inStyle(text), hook).toBe(true);
    }
  });

  it("passes a line that is one template literal, alone or as a property's value", () => {
    for (const line of [
      `    \`${long}\`,`,
      `  message: \`${long}\${a ? \` (\${b})\` : ""}\`,`,
      `  \`\${f({ a: "}" })}${long}\``,
    ])
      expect(inStyle(line), line).toBe(true);
  });

  it("fails a long line where prettier could break: around a template literal, or not one", () => {
    for (const line of [
      `throw new Error(\`${long}\`);`,
      `  \`${long}\` + suffix,`,
      `  \`${long}\${open\`,`,
      `  message: "${long}" + x,`,
      `const x = ${long};`,
    ])
      expect(inStyle(line), line).toBe(false);
  });
});

describe("settleBlankLines", () => {
  it("leaves no blank line at the start, at most one in a row, and one line break at the end", () => {
    expect(settleBlankLines("\n\na\n\n\n\nb\n\n\n")).toBe("a\n\nb\n");
    expect(settleBlankLines("a")).toBe("a\n");
    expect(settleBlankLines("a\n")).toBe("a\n");
    expect(settleBlankLines("")).toBe("\n");
    expect(settleBlankLines("\n\n")).toBe("\n");
  });
});
