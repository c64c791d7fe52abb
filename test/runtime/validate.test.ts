import { describe, expect, it } from "vitest";
import { ValidationError, secret, toWire, validateInput } from "@sdkgen/runtime";
import type { Constraints, FieldSpec, Format, ObjectSpec, TypeSpec, UnionSpec } from "@sdkgen/runtime";

// ---- small descriptor builders ----------------------------------------------------------------

const optional = (type: TypeSpec, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  wire: "w",
  mode: "optional",
  type,
  ...extra,
});
const required = (type: TypeSpec, extra: Partial<FieldSpec> = {}): FieldSpec =>
  optional(type, { mode: "required", ...extra });
const output = (type: TypeSpec): FieldSpec => optional(type, { mode: "output" });

const str = (constraints?: Constraints): TypeSpec =>
  constraints ? { kind: "string", constraints } : { kind: "string" };
const int = (constraints?: Constraints): TypeSpec =>
  constraints ? { kind: "integer", constraints } : { kind: "integer" };
const num = (constraints?: Constraints): TypeSpec =>
  constraints ? { kind: "number", constraints } : { kind: "number" };
const bool: TypeSpec = { kind: "boolean" };
const list = (items: TypeSpec, constraints?: Constraints): TypeSpec =>
  constraints ? { kind: "list", items, constraints } : { kind: "list", items };
const obj = (name: string, fields: Record<string, FieldSpec>): TypeSpec => ({
  kind: "object",
  object: { kind: "object", name, fields },
});

/** The messages of validating `value` against `fields` under the entity name X. */
const messages = (fields: Record<string, FieldSpec>, value: unknown, entity = "X"): string[] =>
  validateInput(entity, fields, value).map((i) => i.message);

/** The messages of validating `{ v: value }` where v has the given type. */
const check = (type: TypeSpec, value: unknown): string[] => messages({ v: optional(type) }, { v: value });

// ---- top level: keys, presence, conflicts -----------------------------------------------------

describe("validateInput: keys and presence", () => {
  const fields = { portSpeed: optional(int()), productName: required(str()), productUid: output(str()) };

  it("accepts a valid input with no issues", () => {
    expect(validateInput("X", fields, { productName: "p", portSpeed: 1 })).toEqual([]);
  });

  it("reports an unknown key with a did-you-mean hint and its path", () => {
    expect(validateInput("X", fields, { productName: "p", portSped: 1000 })).toEqual([
      { path: "X.portSped", message: 'X.portSped is not a field of X (did you mean "portSpeed"?)' },
    ]);
  });

  it("reports an unknown key far from every field without a hint", () => {
    expect(messages(fields, { productName: "p", zzzzzzzzzz: 1 })).toEqual(["X.zzzzzzzzzz is not a field of X"]);
  });

  it.each([undefined, null])("reports a missing required field (given as %s)", (v) => {
    expect(validateInput("X", fields, { productName: v })).toEqual([
      { path: "X.productName", message: "X.productName is required" },
    ]);
  });

  it("reports an output field given as input", () => {
    expect(messages(fields, { productName: "p", productUid: "u" })).toEqual([
      "X.productUid is set by the service and cannot be given as input",
    ]);
  });

  it.each([
    ["a string", "str", '"str"'],
    ["a list", [1], "[1]"],
    ["null", null, "null"],
  ])("reports a root that is %s", (_name, value, shown) => {
    expect(messages(fields, value)).toEqual([`X must be an object (got ${shown})`]);
  });
});

describe("validateInput: requiredWhen", () => {
  const fields = {
    singleUse: optional(bool),
    kind: optional(str()),
    vlan: optional(int(), { requiredWhen: { field: "singleUse", equals: true } }),
    port: optional(int(), { requiredWhen: { field: "kind", equals: "dedicated" } }),
  };

  it("requires the field when the condition holds", () => {
    expect(messages(fields, { singleUse: true })).toEqual(["X.vlan is required when singleUse is true"]);
    expect(messages(fields, { kind: "dedicated" })).toEqual(['X.port is required when kind is "dedicated"']);
  });

  it("does not require it otherwise", () => {
    expect(messages(fields, { singleUse: false, kind: "shared" })).toEqual([]);
    expect(messages(fields, {})).toEqual([]);
  });

  it("is satisfied when the field is given", () => {
    expect(messages(fields, { singleUse: true, vlan: 100, kind: "dedicated", port: 1 })).toEqual([]);
  });

  it("reads the condition's field at its default when it is omitted, as the request will send it", () => {
    const defaulted = {
      backend: optional(str(), { default: "HTTP" }),
      url: optional(str(), { requiredWhen: { field: "backend", equals: "HTTP" } }),
    };
    expect(messages(defaulted, {})).toEqual(['X.url is required when backend is "HTTP"']);
    expect(messages(defaulted, { backend: "MOCK" })).toEqual([]);
  });

  it("may name several values, any of which requires the field", () => {
    const either = {
      backend: optional(str()),
      url: optional(str(), { requiredWhen: { field: "backend", in: ["HTTP", "WEBSOCKET"] } }),
    };
    expect(messages(either, { backend: "WEBSOCKET" })).toEqual([
      'X.url is required when backend is "HTTP" or "WEBSOCKET"',
    ]);
    expect(messages(either, { backend: "HTTP" })).toHaveLength(1);
    expect(messages(either, { backend: "MOCK" })).toEqual([]);
  });
});

describe("validateInput: onlyWhen", () => {
  const fields = {
    auth: optional(str(), { default: "NONE" }),
    business: optional(str(), { onlyWhen: { field: "auth", equals: "OAUTH" } }),
  };

  it("refuses an input given while its condition does not hold, reading the condition's default", () => {
    expect(messages(fields, { business: "NORMAL" })).toEqual(['X.business may be set only when auth is "OAUTH"']);
    expect(messages(fields, { auth: "OAUTH", business: "NORMAL" })).toEqual([]);
    expect(messages(fields, { auth: "APP" })).toEqual([]);
  });

  it("is never sent while its condition does not hold (an update sending every input kept from the state)", () => {
    const wired = {
      auth: { ...fields.auth, wire: "AuthType" },
      business: { ...fields.business, wire: "ApiBusinessType" },
    };
    expect(toWire(wired, { auth: "NONE", business: "NORMAL" })).toEqual({ AuthType: "NONE" });
    expect(toWire(wired, { auth: "OAUTH", business: "NORMAL" })).toEqual({
      AuthType: "OAUTH",
      ApiBusinessType: "NORMAL",
    });
  });

  it("reads a case-insensitive enum's value ignoring case, as it is validated and sent", () => {
    const cased = {
      auth: optional(str({ enum: ["OAUTH", "NONE"], caseInsensitive: true })),
      business: optional(str(), { onlyWhen: { field: "auth", equals: "OAUTH" } }),
      key: optional(str(), { requiredWhen: { field: "auth", equals: "OAUTH" } }),
    };
    expect(messages(cased, { auth: "oauth", business: "NORMAL" })).toEqual(['X.key is required when auth is "OAUTH"']);
  });
});

describe("validateInput: conflictsWith", () => {
  const fields = {
    allowed: optional(list(str()), { conflictsWith: ["forbidden", "saml"] }),
    forbidden: optional(list(str()), { conflictsWith: ["allowed", "saml"] }),
    saml: optional(str()),
  };

  it("reports a conflict declared on both sides only once per pair", () => {
    expect(validateInput("X", fields, { allowed: ["1"], forbidden: ["2"] })).toEqual([
      { path: "X.allowed", message: "X.allowed conflicts with X.forbidden: set only one of them" },
    ]);
  });

  it("reports each conflicting pair", () => {
    expect(messages(fields, { allowed: ["1"], saml: "s" })).toEqual([
      "X.allowed conflicts with X.saml: set only one of them",
    ]);
    expect(messages(fields, { allowed: ["1"], forbidden: ["2"], saml: "s" })).toEqual([
      "X.allowed conflicts with X.forbidden: set only one of them",
      "X.allowed conflicts with X.saml: set only one of them",
      "X.forbidden conflicts with X.saml: set only one of them",
    ]);
  });

  it("does not report a conflict when only one side is set (null counts as unset)", () => {
    expect(messages(fields, { allowed: ["1"], forbidden: null })).toEqual([]);
  });
});

// ---- scalar types and constraints -------------------------------------------------------------

describe("validateInput: types", () => {
  it.each<[string, TypeSpec, unknown, string]>([
    ["string", str(), 5, "must be a string (got 5)"],
    ["number", num(), "5", 'must be a number (got "5")'],
    ["integer", int(), "7", 'must be a number (got "7")'],
    ["integer (fraction)", int(), 1.5, "must be a whole number (got 1.5)"],
    ["boolean", bool, "true", 'must be true or false (got "true")'],
    ["boolean (number)", bool, 1, "must be true or false (got 1)"],
    ["list", list(str()), "a", 'must be a list (got "a")'],
    ["map", { kind: "map", values: str() }, ["a"], 'must be an object of key/value pairs (got ["a"])'],
    ["object", obj("Inner", {}), 3, "must be an object (got 3)"],
  ])("rejects a wrong %s", (_name, type, value, expected) => {
    expect(check(type, value)).toEqual([`X.v ${expected}`]);
  });

  it.each([Number.NaN, Infinity, -Infinity])("rejects the non-finite number %s", (value) => {
    const [message, ...rest] = check(num(), value);
    expect(rest).toEqual([]);
    expect(message).toMatch(/^X\.v must be a number \(got /);
  });

  it.each<[string, TypeSpec, unknown]>([
    ["string", str(), ""],
    ["number", num(), -2.5],
    ["integer", int(), 0],
    ["boolean", bool, false],
    ["list", list(int()), []],
    ["map", { kind: "map", values: int() }, {}],
  ])("accepts a valid %s", (_name, type, value) => {
    expect(check(type, value)).toEqual([]);
  });

  it("cuts a long value in the message", () => {
    expect(check(int(), "a".repeat(100))).toEqual([`X.v must be a number (got "${"a".repeat(56)}...)`]);
  });
});

describe("validateInput: enum", () => {
  it("lists the allowed values: Port.portSpeed", () => {
    const fields = { portSpeed: required(int({ enum: [1000, 10000, 100000, 400000] })) };
    expect(validateInput("Port", fields, { portSpeed: 25000 })).toEqual([
      { path: "Port.portSpeed", message: "Port.portSpeed must be one of 1000, 10000, 100000, 400000 (got 25000)" },
    ]);
    expect(validateInput("Port", fields, { portSpeed: 10000 })).toEqual([]);
  });

  it.each<[string, Constraints, unknown, string[]]>([
    ["exact match", { enum: ["red", "blue"] }, "red", []],
    ["unknown value", { enum: ["red", "blue"] }, "green", ['X.v must be one of red, blue (got "green")']],
    [
      "other case when case-sensitive",
      { enum: ["red", "blue"] },
      "RED",
      ['X.v must be one of red, blue (got "RED") (did you mean "red"?)'],
    ],
    [
      "a misspelt value",
      { enum: ["http", "https"] },
      "htp",
      ['X.v must be one of http, https (got "htp") (did you mean "http"?)'],
    ],
    ["other case when caseInsensitive", { enum: ["IPv4", "IPv6"], caseInsensitive: true }, "ipv6", []],
    [
      "unknown value when caseInsensitive",
      { enum: ["IPv4", "IPv6"], caseInsensitive: true },
      "ipv5",
      ['X.v must be one of IPv4, IPv6 (got "ipv5") (did you mean "IPv4"?)'],
    ],
  ])("string enum: %s", (_name, constraints, value, expected) => {
    expect(check(str(constraints), value)).toEqual(expected);
  });

  it("number enum compares numbers, not their text", () => {
    expect(check(int({ enum: [10, 20, 30] }), "10")).toEqual(['X.v must be a number (got "10")']);
    expect(check(int({ enum: [10, 20, 30] }), 15)).toEqual(["X.v must be one of 10, 20, 30 (got 15)"]);
  });
});

describe("validateInput: numeric bounds", () => {
  it.each<[string, Constraints, number, string[]]>([
    ["at the minimum", { minimum: 1 }, 1, []],
    ["below the minimum", { minimum: 1 }, 0, ["X.v must be at least 1 (got 0)"]],
    ["at the maximum", { maximum: 8 }, 8, []],
    ["above the maximum", { maximum: 8 }, 9, ["X.v must be at most 8 (got 9)"]],
    ["between, low end", { minimum: 1, maximum: 8 }, 1, []],
    ["between, high end", { minimum: 1, maximum: 8 }, 8, []],
    ["between, below", { minimum: 1, maximum: 8 }, 0, ["X.v must be between 1 and 8 (got 0)"]],
    ["between, above", { minimum: 1, maximum: 8 }, 9, ["X.v must be between 1 and 8 (got 9)"]],
    ["notOneOf, excluded", { minimum: -1, maximum: 2000, notOneOf: [0] }, 0, ["X.v must not be 0 (got 0)"]],
    ["notOneOf, several", { notOneOf: [0, 4095] }, 4095, ["X.v must not be 0 or 4095 (got 4095)"]],
    ["notOneOf, allowed", { minimum: -1, maximum: 2000, notOneOf: [0] }, -1, []],
  ])("%s", (_name, constraints, value, expected) => {
    expect(check(int(constraints), value)).toEqual(expected);
  });

  it("applies bounds to non-integer numbers", () => {
    expect(check(num({ minimum: 0.5 }), 0.25)).toEqual(["X.v must be at least 0.5 (got 0.25)"]);
  });
});

describe("validateInput: list size", () => {
  it.each<[string, Constraints, unknown[], string[]]>([
    ["minItems 1, empty", { minItems: 1 }, [], ["X.v must have at least 1 item (got [])"]],
    ["minItems 2, one", { minItems: 2 }, [1], ["X.v must have at least 2 items (got [1])"]],
    ["minItems 1, one", { minItems: 1 }, [1], []],
    ["maxItems 3, three", { maxItems: 3 }, [1, 2, 3], []],
    ["maxItems 3, four", { maxItems: 3 }, [1, 2, 3, 4], ["X.v must have at most 3 items (got [1,2,3,4])"]],
  ])("%s", (_name, constraints, value, expected) => {
    expect(check(list(int(), constraints), value)).toEqual(expected);
  });
});

describe("validateInput: string length and pattern", () => {
  it.each<[string, Constraints, string, string[]]>([
    ["minLength, too short", { minLength: 5 }, "abcd", ['X.v must be at least 5 characters long (got "abcd")']],
    ["minLength, exact", { minLength: 5 }, "abcde", []],
    ["maxLength, too long", { maxLength: 3 }, "abcd", ['X.v must be at most 3 characters long (got "abcd")']],
    ["maxLength, exact", { maxLength: 3 }, "abc", []],
    ["pattern, no match", { pattern: "^[A-Za-z]" }, "1abc", ['X.v must match the pattern ^[A-Za-z] (got "1abc")']],
    ["pattern, match", { pattern: "^[A-Za-z]" }, "abc1", []],
    ["pattern, unicode", { pattern: "^\\p{Lu}" }, "Ärger", []],
  ])("%s", (_name, constraints, value, expected) => {
    expect(check(str(constraints), value)).toEqual(expected);
  });
});

// ---- formats ----------------------------------------------------------------------------------

const CIDR = "must be a CIDR such as 10.0.0.0/24";
const CIDR4 = "must be an IPv4 CIDR such as 10.0.0.0/24";
const CIDR6 = "must be an IPv6 CIDR such as 2001:db8::/32";
const hostBits = (len: number) => `must be a network address with no host bits set (a canonical CIDR for /${len})`;
const IP = "must be an IPv4 or IPv6 address";
const MAC = "must be a MAC address such as 00:1a:2b:3c:4d:5e";
const ISO = "must be an ISO 8601 timestamp such as 2026-01-31T12:00:00Z";
const YMDHMS = "must be a time in the shape YYYY-MM-DD hh:mm:ss";
const JSON_DOC = "must be a JSON document";

describe("validateInput: formats", () => {
  it.each<[Format, string]>([
    ["cidr", "10.0.0.0/8"],
    ["cidr", "0.0.0.0/0"],
    ["cidr", "192.168.1.128/25"],
    ["cidr", "10.1.2.3/32"],
    ["cidr", "2001:db8::/32"],
    ["cidr", "::/0"],
    ["cidr", "fe80::/10"],
    ["cidr-ipv4", "172.16.0.0/12"],
    ["cidr-ipv6", "2001:db8::/32"],
    ["cidr-ipv6", "::/0"],
    ["cidr-ipv6", "::1/128"],
    ["cidr-ipv6", "2001:db8:0:0:0:0:0:0/48"],
    ["cidr-ipv6", "2001:db8:1::/48"],
    ["cidr-ipv6", "::ffff:10.0.0.0/104"],
    ["ip", "10.0.0.1"],
    ["ip", "2001:db8::1"],
    ["ip", "::"],
    ["mac", "00:1a:2b:3c:4d:5e"],
    ["mac", "00-1A-2B-3C-4D-5E"],
    ["mac", "001a.2b3c.4d5e"],
    ["iso8601", "2026-01-31"],
    ["iso8601", "2026-01-31T12:00:00Z"],
    ["iso8601", "2026-01-31 12:00"],
    ["iso8601", "2026-01-31T12:00:00.123+05:30"],
    ["iso8601", "2026-01-31T12:00:00+0100"],
    ["datetime-ymd-hms", "2026-01-31 12:00:00"],
    ["datetime-ymd-hms", "2024-02-29 23:59:59"],
    ["datetime-ymd-hms", "2026-12-31 00:00:00"],
    ["json", '{"a":[1,2]}'],
    ["json", "[]"],
    ["json", "42"],
    ["json", '"text"'],
  ])("%s accepts %s", (format, value) => {
    expect(check(str({ format }), value)).toEqual([]);
  });

  it.each<[Format, string, string]>([
    ["cidr", "10.0.0.1/8", hostBits(8)],
    ["cidr", "192.168.1.1/31", hostBits(31)],
    ["cidr", "2001:db8::1/32", hostBits(32)],
    ["cidr", "10.0.0.0", CIDR],
    ["cidr", "300.0.0.0/8", CIDR],
    ["cidr", "10.0.0.0/33", `${CIDR} (prefix length at most 32)`],
    ["cidr", "2001:db8::/129", `${CIDR} (prefix length at most 128)`],
    ["cidr-ipv4", "2001:db8::/32", CIDR4],
    ["cidr-ipv4", "10.0.0.1/24", hostBits(24)],
    ["cidr-ipv4", "10.0.0.0/40", `${CIDR4} (prefix length at most 32)`],
    ["cidr-ipv6", "10.0.0.0/8", CIDR6],
    ["cidr-ipv6", "2001:db8::1/64", hostBits(64)],
    ["cidr-ipv6", "::1/127", hostBits(127)],
    ["cidr-ipv6", "::8000:0:0/64", hostBits(64)],
    ["cidr-ipv6", "fe80::1:0:0:0/64", hostBits(64)],
    ["cidr-ipv6", "::ffff:10.0.0.1/104", hostBits(104)],
    ["cidr-ipv6", "2001:db8:::/32", CIDR6],
    ["cidr-ipv6", "::/200", `${CIDR6} (prefix length at most 128)`],
    ["ip", "10.0.0.256", IP],
    ["ip", "10.0.0.0/8", IP],
    ["ip", "host.example", IP],
    ["mac", "00:1a-2b:3c:4d:5e", MAC],
    ["mac", "00:1a:2b:3c:4d", MAC],
    ["mac", "001a2b3c4d5e", MAC],
    ["mac", "gg:1a:2b:3c:4d:5e", MAC],
    ["iso8601", "31/01/2026", ISO],
    ["iso8601", "2026-13-01", ISO],
    ["iso8601", "2026-01-31T12", ISO],
    ["iso8601", "2026-01-31T25:00:00Z", ISO],
    ["iso8601", "2026-02-30", ISO],
    ["iso8601", "2026-02-30T10:00:00Z", ISO],
    ["datetime-ymd-hms", "2026-02-30 10:00:00", YMDHMS],
    ["datetime-ymd-hms", "2025-02-29 10:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-04-31 10:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-00-10 10:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-01-00 10:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-01-31 24:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-01-31 12:60:00", YMDHMS],
    ["datetime-ymd-hms", "2026-01-31 12:00:60", YMDHMS],
    ["datetime-ymd-hms", "2026-01-31T12:00:00", YMDHMS],
    ["datetime-ymd-hms", "2026-01-31 12:00", YMDHMS],
    ["json", "{a:1}", JSON_DOC],
    ["json", "", JSON_DOC],
    ["json", "{", JSON_DOC],
  ])("%s rejects %s", (format, value, problem) => {
    expect(check(str({ format }), value)).toEqual([`X.v ${problem} (got ${JSON.stringify(value)})`]);
  });
});

describe("validateInput: CIDR family from an enclosing field", () => {
  const entry: ObjectSpec = {
    kind: "object",
    name: "Entry",
    fields: { prefix: required(str({ format: "cidr", familyFrom: "addressFamily" })) },
  };
  const fields = {
    addressFamily: optional(str()),
    prefix: optional(str({ format: "cidr", familyFrom: "addressFamily" })),
    entries: optional(list({ kind: "object", object: entry })),
  };

  it.each<[string | undefined, string, string[]]>([
    ["IPv4", "10.0.0.0/8", []],
    ["IPv6", "2001:db8::/32", []],
    ["ipv6", "::/0", []],
    ["IPv4", "2001:db8::/32", [`X.prefix ${CIDR4} (addressFamily is IPv4) (got "2001:db8::/32")`]],
    ["IPv6", "10.0.0.0/8", [`X.prefix ${CIDR6} (addressFamily is IPv6) (got "10.0.0.0/8")`]],
    ["ipv6", "10.0.0.0/8", [`X.prefix ${CIDR6} (addressFamily is ipv6) (got "10.0.0.0/8")`]],
    ["IPv4", "10.0.0.1/8", [`X.prefix ${hostBits(8)} (addressFamily is IPv4) (got "10.0.0.1/8")`]],
    [undefined, "2001:db8::/32", []],
    ["dual", "10.0.0.0/8", []],
  ])("addressFamily %s, prefix %s", (addressFamily, prefix, expected) => {
    expect(messages(fields, addressFamily === undefined ? { prefix } : { addressFamily, prefix })).toEqual(expected);
  });

  it("reads the family from the root for prefixes nested in list items", () => {
    const value = {
      addressFamily: "IPv6",
      entries: [{ prefix: "2001:db8::/32" }, { prefix: "::/0" }, { prefix: "10.0.0.0/8" }],
    };
    expect(validateInput("X", fields, value)).toEqual([
      {
        path: "X.entries[2].prefix",
        message: `X.entries[2].prefix ${CIDR6} (addressFamily is IPv6) (got "10.0.0.0/8")`,
      },
    ]);
  });

  it("reads it from the innermost object that sets it: lists of prefix lists (Mcr.prefixFilterLists)", () => {
    const prefixList: ObjectSpec = {
      kind: "object",
      name: "PrefixList",
      fields: { addressFamily: required(str()), entries: required(list({ kind: "object", object: entry })) },
    };
    const nested = { lists: optional(list({ kind: "object", object: prefixList })) };
    const value = {
      lists: [
        { addressFamily: "IPv4", entries: [{ prefix: "10.0.0.0/8" }, { prefix: "2001:db8::/32" }] },
        { addressFamily: "IPv6", entries: [{ prefix: "2001:db8::/32" }] },
      ],
    };
    expect(messages(nested, value)).toEqual([
      `X.lists[0].entries[1].prefix ${CIDR4} (addressFamily is IPv4) (got "2001:db8::/32")`,
    ]);
  });
});

// ---- structure: objects, lists, maps, unions, any ---------------------------------------------

describe("validateInput: nested objects, lists and maps", () => {
  const inner = obj("Inner", { b: required(int({ minimum: 1 })), c: optional(str()) });
  const fields = {
    a: optional(inner),
    items: optional(list(obj("Item", { prefix: required(str({ format: "cidr" })) }))),
    tags: optional(list(str())),
    labels: optional({ kind: "map", values: str() }),
    groups: optional({ kind: "map", values: inner }),
  };

  it("paths nested object fields as X.a.b", () => {
    expect(messages(fields, { a: { b: 0 } })).toEqual(["X.a.b must be at least 1 (got 0)"]);
    expect(messages(fields, { a: {} })).toEqual(["X.a.b is required"]);
  });

  it("names the nested type for an unknown nested key", () => {
    expect(messages(fields, { a: { b: 1, cc: "x" } })).toEqual(['X.a.cc is not a field of Inner (did you mean "c"?)']);
  });

  it("paths list items as X.items[2].prefix", () => {
    const value = { items: [{ prefix: "10.0.0.0/8" }, { prefix: "10.1.0.0/16" }, { prefix: "10.2.0.1/16" }] };
    expect(validateInput("X", fields, value)).toEqual([
      { path: "X.items[2].prefix", message: `X.items[2].prefix ${hostBits(16)} (got "10.2.0.1/16")` },
    ]);
  });

  it("checks scalar list items", () => {
    expect(messages(fields, { tags: ["a", 3, "c"] })).toEqual(["X.tags[1] must be a string (got 3)"]);
  });

  it("checks map values under X.labels.key", () => {
    expect(messages(fields, { labels: { env: "prod", tier: 1 } })).toEqual(["X.labels.tier must be a string (got 1)"]);
    expect(messages(fields, { groups: { g1: { b: 1 }, g2: {} } })).toEqual(["X.groups.g2.b is required"]);
  });
});

describe("validateInput: unions", () => {
  const circle: ObjectSpec = { kind: "object", name: "Circle", fields: { radius: required(int({ minimum: 1 })) } };
  const square: ObjectSpec = { kind: "object", name: "Square", fields: { side: required(int()) } };
  const union = (caseInsensitive: boolean): UnionSpec => ({
    kind: "union",
    name: "Shape",
    discriminator: caseInsensitive ? { field: "kind", wire: "kind", caseInsensitive } : { field: "kind", wire: "kind" },
    variants: { circle: { object: circle }, square: { object: square } },
  });
  const fields = (caseInsensitive = false) => ({ shape: required({ kind: "object", object: union(caseInsensitive) }) });
  const shape = (value: unknown, caseInsensitive = false) => messages(fields(caseInsensitive), { shape: value });

  it("accepts a variant, allowing the discriminator key", () => {
    expect(shape({ kind: "circle", radius: 2 })).toEqual([]);
    expect(shape({ kind: "square", side: 2 })).toEqual([]);
  });

  it("reports a missing discriminator with the variants", () => {
    expect(validateInput("X", fields(), { shape: { radius: 1 } })).toEqual([
      { path: "X.shape.kind", message: "X.shape.kind is required: one of circle, square" },
    ]);
  });

  it("reports an unknown discriminator with a did-you-mean hint", () => {
    expect(shape({ kind: "circel", radius: 1 })).toEqual([
      'X.shape.kind must be one of circle, square (got "circel") (did you mean "circle"?)',
    ]);
    expect(shape({ kind: "hexagon" })).toEqual(['X.shape.kind must be one of circle, square (got "hexagon")']);
    expect(shape({ kind: 5 })).toEqual(["X.shape.kind must be one of circle, square (got 5)"]);
  });

  it("matches the discriminator case-sensitively unless caseInsensitive", () => {
    expect(shape({ kind: "CIRCLE", radius: 1 })).toEqual([
      'X.shape.kind must be one of circle, square (got "CIRCLE") (did you mean "circle"?)',
    ]);
    expect(shape({ kind: "CIRCLE", radius: 1 }, true)).toEqual([]);
  });

  it("checks the fields of the selected variant", () => {
    expect(shape({ kind: "Circle", radius: 0 }, true)).toEqual(["X.shape.radius must be at least 1 (got 0)"]);
    expect(shape({ kind: "circle", side: 3 })).toEqual([
      "X.shape.side is not a field of Circle",
      "X.shape.radius is required",
    ]);
  });

  it("reports a union value that is not an object", () => {
    expect(shape("circle")).toEqual(['X.shape must be an object (got "circle")']);
  });
});

describe("validateInput: any", () => {
  it.each<[string, unknown]>([
    ["an object", { deep: [1, "x", { y: null }] }],
    ["a number", 5],
    ["a string", "s"],
    ["a list", [1, 2]],
  ])("accepts %s", (_name, value) => {
    expect(check({ kind: "any" }, value)).toEqual([]);
  });

  it("still requires a required any", () => {
    expect(messages({ v: required({ kind: "any" }) }, {})).toEqual(["X.v is required"]);
  });
});

// ---- secrets ----------------------------------------------------------------------------------

describe("validateInput: secrets never appear in messages", () => {
  const VALUE = "hunter2";
  const secretString: TypeSpec = { kind: "string", constraints: { minLength: 10 }, secret: true };

  it("validates a Secret on its revealed value", () => {
    expect(check(secretString, secret("long-enough-value"))).toEqual([]);
    expect(check(secretString, secret(VALUE))).toEqual(["X.v must be at least 10 characters long (got [secret])"]);
  });

  it("redacts a plain string under a secret spec", () => {
    expect(check(secretString, VALUE)).toEqual(["X.v must be at least 10 characters long (got [secret])"]);
  });

  it("redacts a Secret of the wrong type", () => {
    expect(check(secretString, secret(12345678901))).toEqual(["X.v must be a string (got [secret])"]);
  });

  it("redacts a secret enum value while still listing the allowed values", () => {
    expect(check({ kind: "string", constraints: { enum: ["a", "b"] }, secret: true }, VALUE)).toEqual([
      "X.v must be one of a, b (got [secret])",
    ]);
  });

  it("redacts values nested in a secret object or list", () => {
    const creds = {
      kind: "object",
      object: { kind: "object", name: "Creds", fields: { pin: required(int()) } },
      secret: true,
    } as const;
    expect(check(creds, { pin: VALUE })).toEqual(["X.v.pin must be a number (got [secret])"]);
    expect(check({ kind: "list", items: str({ minLength: 10 }), secret: true }, ["long-enough-value", VALUE])).toEqual([
      "X.v[1] must be at least 10 characters long (got [secret])",
    ]);
  });

  it("redacts a Secret given for a field that is not declared secret", () => {
    const issues = check(str({ minLength: 10 }), secret(VALUE));
    expect(issues).toEqual(["X.v must be at least 10 characters long (got [secret])"]);
    expect(issues.join("\n")).not.toContain(VALUE);
  });
});

// ---- all issues at once -----------------------------------------------------------------------

describe("validateInput: every violation in one call", () => {
  it("returns all issues of one input together, in field order", () => {
    const fields = {
      name: required(str()),
      portSpeed: required(int({ enum: [1000, 10000] })),
      count: optional(int({ minimum: 1, maximum: 8 })),
      id: output(str()),
      nested: optional(obj("Nested", { cidr: required(str({ format: "cidr" })) })),
    };
    expect(
      validateInput("Port", fields, { portSped: 1, portSpeed: 25, count: 0, id: "x", nested: { cidr: "10.0.0.1/8" } }),
    ).toEqual([
      { path: "Port.portSped", message: 'Port.portSped is not a field of Port (did you mean "portSpeed"?)' },
      { path: "Port.name", message: "Port.name is required" },
      { path: "Port.portSpeed", message: "Port.portSpeed must be one of 1000, 10000 (got 25)" },
      { path: "Port.count", message: "Port.count must be between 1 and 8 (got 0)" },
      { path: "Port.id", message: "Port.id is set by the service and cannot be given as input" },
      { path: "Port.nested.cidr", message: `Port.nested.cidr ${hostBits(8)} (got "10.0.0.1/8")` },
    ]);
  });

  it("ValidationError lists every issue in its message", () => {
    const issues = [
      { path: "X.a", message: "X.a is required" },
      { path: "X.b", message: "X.b must be a string (got 1)" },
    ];
    const e = new ValidationError(issues);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("ValidationError");
    expect(e.issues).toEqual(issues);
    expect(e.message).toBe("2 invalid inputs:\n  - X.a is required\n  - X.b must be a string (got 1)");
    expect(new ValidationError(issues.slice(0, 1)).message).toBe("1 invalid input:\n  - X.a is required");
  });
});

describe("ip-cidr: an interface address with its prefix length", () => {
  const fields = {
    address: { wire: "address", mode: "required", type: { kind: "string", constraints: { format: "ip-cidr" } } },
  } as const;
  it.each(["10.0.0.1/30", "10.0.0.0/8", "2001:db8::1/64"])("accepts %s", (address) =>
    expect(validateInput("X", fields, { address })).toEqual([]),
  );
  it.each(["10.0.0.1", "10.0.0.1/33", "nope/8"])("rejects %s", (address) =>
    expect(validateInput("X", fields, { address })).toHaveLength(1),
  );
});
