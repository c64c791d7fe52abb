import { format, inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { REDACTED, Secret, revealValue, secret, toSecret } from "@sdkgen/runtime";

const VALUE = "hunter2-s3cr3t-value";

describe("Secret: every printed form is redacted", () => {
  const s = secret(VALUE);

  it("uses [secret] as the redaction text", () => {
    expect(REDACTED).toBe("[secret]");
  });

  it.each<[string, (x: Secret) => string]>([
    ["String()", (x) => String(x)],
    ["template literal", (x) => `${x}`],
    ["string concatenation", (x) => "" + x],
    ["toString()", (x) => x.toString()],
    ["toJSON()", (x) => x.toJSON()],
    ["util.inspect", (x) => inspect(x)],
    ["util.inspect with showHidden", (x) => inspect(x, { showHidden: true, depth: Infinity })],
    ["util.format %s", (x) => format("%s", x)],
    ["util.format %o", (x) => format("%o", x)],
    ["util.format %O", (x) => format("%O", x)],
    ["util.format without placeholder (console.log style)", (x) => format(x)],
  ])("%s gives exactly [secret]", (_name, render) => {
    expect(render(s)).toBe("[secret]");
  });

  it("JSON.stringify gives the quoted redaction text", () => {
    expect(JSON.stringify(s)).toBe('"[secret]"');
  });

  it("JSON.stringify redacts secrets nested in objects and arrays", () => {
    const doc = { user: "alice", key: s, list: [s, { deep: s }] };
    expect(JSON.stringify(doc)).toBe('{"user":"alice","key":"[secret]","list":["[secret]",{"deep":"[secret]"}]}');
  });

  it("util.inspect redacts secrets nested in objects and arrays", () => {
    const text = inspect({ a: { b: [s, { c: s }] } }, { depth: Infinity, showHidden: true });
    expect(text).not.toContain(VALUE);
    expect(text.match(/\[secret\]/g)).toHaveLength(2);
  });

  it("console-style formatting (%o, %O, %j, several arguments) never shows the value", () => {
    const doc = { password: s, nested: [{ token: s }] };
    for (const text of [format("%o", doc), format("%O", doc), format("%j", doc), format("login", doc, s)]) {
      expect(text).not.toContain(VALUE);
      expect(text).toContain("[secret]");
    }
  });

  it("an Error built from it does not carry the value", () => {
    const e = new Error(`login failed for ${s}`);
    expect(e.message).toBe("login failed for [secret]");
    expect(inspect(e)).not.toContain(VALUE);
  });

  it("exposes no enumerable or own property holding the value", () => {
    expect(Object.keys(s)).toEqual([]);
    expect(Object.getOwnPropertyNames(s)).toEqual([]);
    expect(JSON.stringify({ ...s })).toBe("{}");
  });
});

describe("Secret: reading the value", () => {
  it("reveal() returns the wrapped value", () => {
    expect(secret(VALUE).reveal()).toBe(VALUE);
    expect(new Secret(42).reveal()).toBe(42);
  });

  it("reveal() returns the same object it was given", () => {
    const creds = { user: "u", pass: "p" };
    expect(secret(creds).reveal()).toBe(creds);
  });

  it("toSecret wraps a plain value and leaves a Secret as it is", () => {
    const wrapped = toSecret(VALUE);
    expect(wrapped).toBeInstanceOf(Secret);
    expect(wrapped.reveal()).toBe(VALUE);
    const existing = secret(VALUE);
    expect(toSecret(existing)).toBe(existing);
  });

  it("revealValue unwraps a Secret and passes a plain value through", () => {
    expect(revealValue(secret(VALUE))).toBe(VALUE);
    expect(revealValue(VALUE)).toBe(VALUE);
    expect(revealValue(0)).toBe(0);
  });

  it.each<[string, unknown, boolean]>([
    ["a Secret", secret(VALUE), true],
    ["a Secret of a number", new Secret(1), true],
    ["a plain string", VALUE, false],
    ["the redaction text", "[secret]", false],
    ["an object with toJSON", { toJSON: () => "[secret]", reveal: () => VALUE }, false],
    ["undefined", undefined, false],
    ["null", null, false],
  ])("Secret.isSecret(%s) is %s", (_name, value, expected) => {
    expect(Secret.isSecret(value)).toBe(expected);
  });
});
