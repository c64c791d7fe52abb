import { describe, expect, it } from "vitest";
import { CHANGE_CODES, RULES, type ChangeCode, type Rule } from "../../generator/diff/classify.js";
import { nextVersion, parseVersion, versionText, type Bump } from "../../generator/diff/semver.js";
import type { Change, PackageImpact, Severity } from "../../generator/diff/types.js";
import { packageVersions, requiredBump } from "../../generator/diff/versions.js";
import type { PackageModel } from "../../generator/model/types.js";

const next = (version: string, bump: Bump) => versionText(nextVersion(parseVersion(version), bump));

const change = (code: ChangeCode, severity: Severity, pkg = "shop"): Change => ({
  package: pkg,
  entity: "Widget",
  kind: "resource",
  path: "Widget.size",
  change: code,
  severity,
  message: "…",
});

const NO_IMPACT: PackageImpact = {
  filesAdded: [],
  filesRemoved: [],
  filesChanged: [],
  symbolsAdded: [],
  symbolsRemoved: [],
};

const model = (name: string, version: string) =>
  ({ provider: { name, package: { name, version } } }) as unknown as PackageModel;

describe("semantic versions", () => {
  it("bumps 1.x and later as semver says", () => {
    expect(next("1.2.3", "major")).toBe("2.0.0");
    expect(next("1.2.3", "minor")).toBe("1.3.0");
    expect(next("1.2.3", "patch")).toBe("1.2.4");
    expect(next("1.2.3", "none")).toBe("1.2.3");
  });

  it("bumps 0.x one place to the right, as caret ranges read it", () => {
    expect(next("0.2.3", "major")).toBe("0.3.0");
    expect(next("0.2.3", "minor")).toBe("0.2.4");
    expect(next("0.2.3", "patch")).toBe("0.2.4");
    expect(next("0.0.3", "major")).toBe("0.1.0");
  });
});

describe("the release a package's changes require", () => {
  it("is major for a breaking change, whatever else changed", () => {
    expect(requiredBump([change("field-added", "info"), change("field-removed", "breaking")], NO_IMPACT)).toEqual([
      "major",
      "breaking changes",
    ]);
  });

  it("is minor for a change in behaviour or an addition", () => {
    expect(requiredBump([change("default-changed", "warning")], NO_IMPACT)[0]).toBe("minor");
    expect(requiredBump([change("field-added", "info")], NO_IMPACT)).toEqual(["minor", "new features"]);
    expect(requiredBump([change("deprecation-added", "info")], NO_IMPACT)[0]).toBe("minor"); // semver §7
  });

  it("is patch for documentation alone", () => {
    expect(
      requiredBump([change("known-values-changed", "info"), change("deprecation-changed", "info")], NO_IMPACT),
    ).toEqual(["patch", "documentation only"]);
    expect(requiredBump([], { ...NO_IMPACT, filesChanged: ["src/resources/widget.ts"] })[0]).toBe("patch");
  });

  it("reads removed and added exports and files from the generated code", () => {
    expect(requiredBump([], { ...NO_IMPACT, symbolsRemoved: ["WidgetArgs"] })[0]).toBe("major");
    expect(requiredBump([], { ...NO_IMPACT, filesRemoved: ["src/resources/widget.ts"] })[0]).toBe("major");
    expect(requiredBump([], { ...NO_IMPACT, symbolsAdded: ["WidgetArgs"] })[0]).toBe("minor");
  });

  it("is none without any change", () => {
    expect(requiredBump([], NO_IMPACT)).toEqual(["none", "no change"]);
    expect(requiredBump([], undefined)[0]).toBe("none");
  });

  it("marks only info-level rules as documentation-only", () => {
    const docsOnly = CHANGE_CODES.filter((c) => (RULES[c] as Rule).docsOnly);
    expect(docsOnly).toEqual(["deprecation-changed", "deprecation-removed", "known-values-changed", "pattern-changed"]);
  });
});

describe("each package's version against the required one", () => {
  const impact = { shop: NO_IMPACT, tools: NO_IMPACT };

  it("requires the base version bumped, and an unchanged version is too low", () => {
    const v = packageVersions(
      [model("shop", "1.4.2")],
      [model("shop", "1.4.2")],
      [change("field-added", "info")],
      impact,
    );
    expect(v).toEqual({
      shop: {
        base: "1.4.2",
        head: "1.4.2",
        bump: "minor",
        reason: "new features",
        required: "1.5.0",
        satisfied: false,
      },
    });
  });

  it("accepts the required version or a higher one", () => {
    const breaking = [change("field-removed", "breaking")];
    expect(packageVersions([model("shop", "1.4.2")], [model("shop", "2.0.0")], breaking, impact).shop!.satisfied).toBe(
      true,
    );
    expect(packageVersions([model("shop", "1.4.2")], [model("shop", "3.1.0")], breaking, impact).shop!.satisfied).toBe(
      true,
    );
    expect(packageVersions([model("shop", "1.4.2")], [model("shop", "1.9.0")], breaking, impact).shop!.satisfied).toBe(
      false,
    );
  });

  it("refuses a version lowered without changes", () => {
    const v = packageVersions([model("shop", "1.4.2")], [model("shop", "1.4.1")], [], impact).shop!;
    expect(v).toMatchObject({ bump: "none", required: "1.4.2", satisfied: false });
  });

  it("lets a new package start anywhere and asks nothing of a removed one", () => {
    const v = packageVersions(
      [model("tools", "3.0.0")],
      [model("shop", "0.1.0")],
      [change("package-added", "info", "shop"), change("package-removed", "breaking", "tools")],
      impact,
    );
    expect(v).toEqual({
      shop: { base: undefined, head: "0.1.0", bump: "none", reason: "new package", satisfied: true },
      tools: { base: "3.0.0", head: undefined, bump: "none", reason: "removed", satisfied: true },
    });
  });

  it("counts only the package's own changes", () => {
    const v = packageVersions(
      [model("shop", "1.0.0"), model("tools", "1.0.0")],
      [model("shop", "1.0.0"), model("tools", "2.0.0")],
      [change("field-removed", "breaking", "tools")],
      impact,
    );
    expect(v.shop).toMatchObject({ bump: "none", satisfied: true });
    expect(v.tools).toMatchObject({ bump: "major", required: "2.0.0", satisfied: true });
  });
});
