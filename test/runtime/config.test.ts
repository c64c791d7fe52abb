import { describe, expect, it } from "vitest";
import { Secret, ValidationError, resolveConfig, secret } from "@sdkgen/runtime";
import type { Env, FieldSpec, ProviderDescriptor, TypeSpec } from "@sdkgen/runtime";

// ---- helpers ----------------------------------------------------------------------------------

const field = (type: TypeSpec, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  wire: "w",
  mode: "optional",
  type,
  ...extra,
});
const obj = (name: string, fields: Record<string, FieldSpec>): TypeSpec => ({
  kind: "object",
  object: { kind: "object", name, fields },
});

const provider = (config: Record<string, FieldSpec>): ProviderDescriptor => ({
  kind: "provider",
  name: "demo",
  envPrefix: "DEMO",
  config,
  functions: {},
});

/** The ValidationError thrown by `fn`; fails the test when nothing is thrown. */
function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return e as ValidationError;
  }
  throw new Error("expected a ValidationError, but nothing was thrown");
}

const messagesOf = (d: ProviderDescriptor, args: object, env: Env): string[] =>
  errorOf(() => resolveConfig(d, args, env)).issues.map((i) => i.message);

// ---- precedence -------------------------------------------------------------------------------

describe("resolveConfig: argument, then environment, then default", () => {
  const d = provider({
    region: field({ kind: "string" }, { default: "eu-west-1", env: "DEMO_REGION" }),
    debug: field({ kind: "boolean" }, { default: false, env: "DEMO_DEBUG" }),
    zones: field({ kind: "list", items: { kind: "string" } }, { default: ["a", "b"] }),
    plain: field({ kind: "string" }),
  });

  it("takes the argument over the variable", () => {
    expect(resolveConfig(d, { region: "arg" }, { DEMO_REGION: "env" }).region).toBe("arg");
  });

  it("keeps a false argument rather than reading the variable", () => {
    expect(resolveConfig(d, { debug: false }, { DEMO_DEBUG: "true" }).debug).toBe(false);
  });

  it("takes the variable over the default", () => {
    expect(resolveConfig(d, {}, { DEMO_REGION: "env" }).region).toBe("env");
  });

  it("applies the default when neither is given (an empty variable counts as unset)", () => {
    expect(resolveConfig(d, {}, { DEMO_REGION: "" })).toEqual({ region: "eu-west-1", debug: false, zones: ["a", "b"] });
  });

  it("gives each call its own copy of a default", () => {
    const first = resolveConfig(d, {}, {});
    (first.zones as string[]).push("mutated");
    expect(resolveConfig(d, {}, {}).zones).toEqual(["a", "b"]);
  });

  it("leaves out a field with no argument, variable or default", () => {
    expect(resolveConfig(d, {}, {})).not.toHaveProperty("plain");
  });
});

// ---- parsing variables ------------------------------------------------------------------------

describe("resolveConfig: boolean variables", () => {
  const d = provider({ debug: field({ kind: "boolean" }, { env: "DEMO_DEBUG" }) });

  it.each(["1", "t", "T", "true", "TRUE", "True"])("reads %s as true", (text) => {
    expect(resolveConfig(d, {}, { DEMO_DEBUG: text }).debug).toBe(true);
  });

  it.each(["0", "f", "F", "false", "FALSE", "False"])("reads %s as false", (text) => {
    expect(resolveConfig(d, {}, { DEMO_DEBUG: text }).debug).toBe(false);
  });

  it.each(["yes", "tRUE", "on", " true"])("rejects %j naming the variable", (text) => {
    expect(errorOf(() => resolveConfig(d, {}, { DEMO_DEBUG: text })).issues).toEqual([
      {
        path: "demo.debug",
        message: `DEMO_DEBUG must be true or false (also 1/0, t/f) (got ${JSON.stringify(text)}), for demo.debug`,
      },
    ]);
  });
});

describe("resolveConfig: number variables", () => {
  const d = provider({ timeout: field({ kind: "number", constraints: { minimum: 1 } }, { env: "DEMO_TIMEOUT" }) });

  it.each([
    ["42", 42],
    [" 2.5 ", 2.5],
    ["1e3", 1000],
  ])("reads %j as %d", (text, expected) => {
    expect(resolveConfig(d, {}, { DEMO_TIMEOUT: text }).timeout).toBe(expected);
  });

  it.each(["ten", "12abc", "Infinity", "   "])("rejects %j naming the variable", (text) => {
    expect(messagesOf(d, {}, { DEMO_TIMEOUT: text })).toEqual([
      `DEMO_TIMEOUT must be a number (got ${JSON.stringify(text)}), for demo.timeout`,
    ]);
  });

  it("checks the constraints of a number read from a variable, naming the variable", () => {
    expect(messagesOf(d, {}, { DEMO_TIMEOUT: "0" })).toEqual([
      "demo.timeout must be at least 1 (got 0), read from DEMO_TIMEOUT",
    ]);
  });

  it("names the variable of a string that breaks its pattern, and not the argument's", () => {
    const p = provider({ zone: field({ kind: "string", constraints: { pattern: "^[a-z]+$" } }, { env: "DEMO_ZONE" }) });
    expect(messagesOf(p, {}, { DEMO_ZONE: "EU 1" })[0]).toMatch(/read from DEMO_ZONE$/);
    expect(messagesOf(p, { zone: "EU 1" }, { DEMO_ZONE: "eu" })[0]).not.toMatch(/DEMO_ZONE/);
  });

  it("names the variable of a nested field inside an object built from the environment", () => {
    const p = provider({
      role: field(
        obj("Role", {
          arn: field({ kind: "string", constraints: { pattern: "^arn:" } }, { mode: "required", env: "DEMO_ROLE_ARN" }),
        }),
      ),
    });
    expect(messagesOf(p, {}, { DEMO_ROLE_ARN: "nope" })[0]).toMatch(/^demo\.role\.arn .*read from DEMO_ROLE_ARN$/);
  });
});

describe("resolveConfig: list variables", () => {
  const d = provider({
    ids: field({ kind: "list", items: { kind: "string" } }, { env: "DEMO_IDS" }),
    ports: field({ kind: "list", items: { kind: "integer" } }, { env: "DEMO_PORTS" }),
  });

  it("splits on commas, trimming and dropping empty items", () => {
    expect(resolveConfig(d, {}, { DEMO_IDS: "a, b,,c " }).ids).toEqual(["a", "b", "c"]);
  });

  it("parses each item with the item type", () => {
    expect(resolveConfig(d, {}, { DEMO_PORTS: "80, 443" }).ports).toEqual([80, 443]);
  });

  it("rejects a bad item naming the variable and the item text", () => {
    const [message, ...rest] = messagesOf(d, {}, { DEMO_PORTS: "80,http" });
    expect(rest).toEqual([]);
    expect(message).toContain("DEMO_PORTS");
    expect(message).toContain('"http"');
    expect(message).not.toContain("got undefined");
  });
});

// ---- secrets ----------------------------------------------------------------------------------

describe("resolveConfig: secrets", () => {
  const VALUE = "s3cr3t-token-value";
  const d = provider({
    token: field({ kind: "string", secret: true }, { env: "DEMO_TOKEN" }),
    pin: field({ kind: "integer", secret: true }, { env: "DEMO_PIN" }),
    password: field({ kind: "string", constraints: { minLength: 30 }, secret: true }),
  });

  it("wraps a plain argument in Secret", () => {
    const token = resolveConfig(d, { token: VALUE }, {}).token;
    expect(token).toBeInstanceOf(Secret);
    expect((token as Secret).reveal()).toBe(VALUE);
  });

  it("keeps a Secret argument as it is", () => {
    const given = secret(VALUE);
    expect(resolveConfig(d, { token: given }, {}).token).toBe(given);
  });

  it("wraps a value read from the environment", () => {
    const config = resolveConfig(d, {}, { DEMO_TOKEN: VALUE, DEMO_PIN: "1234" });
    expect(config.token).toBeInstanceOf(Secret);
    expect((config.token as Secret).reveal()).toBe(VALUE);
    expect((config.pin as Secret<number>).reveal()).toBe(1234);
    expect(JSON.stringify(config)).toBe('{"token":"[secret]","pin":"[secret]"}');
  });

  it("does not show a bad secret variable's value", () => {
    const e = errorOf(() => resolveConfig(d, {}, { DEMO_PIN: VALUE }));
    expect(e.issues.map((i) => i.message)).toEqual(["DEMO_PIN must be a number (got [secret]), for demo.pin"]);
    expect(e.message).not.toContain(VALUE);
  });

  it("does not show a secret argument that breaks a constraint", () => {
    const e = errorOf(() => resolveConfig(d, { password: "short-password" }, {}));
    expect(e.issues.map((i) => i.message)).toEqual([
      "demo.password must be at least 30 characters long (got [secret])",
    ]);
    expect(e.message).not.toContain("short-password");
  });
});

// ---- required fields --------------------------------------------------------------------------

describe("resolveConfig: required fields", () => {
  const d = provider({
    accessKey: field({ kind: "string" }, { mode: "required", env: "DEMO_ACCESS_KEY" }),
    account: field({ kind: "string" }, { mode: "required" }),
  });

  it("names the variable of a missing required field, and only when it has one", () => {
    expect(errorOf(() => resolveConfig(d, {}, {})).issues).toEqual([
      { path: "demo.accessKey", message: "demo.accessKey is required: pass it as an argument or set DEMO_ACCESS_KEY" },
      { path: "demo.account", message: "demo.account is required" },
    ]);
  });

  it("is satisfied by the variable", () => {
    expect(resolveConfig(d, { account: "a" }, { DEMO_ACCESS_KEY: "k" })).toEqual({ accessKey: "k", account: "a" });
  });
});

// ---- configuration objects --------------------------------------------------------------------

describe("resolveConfig: configuration objects", () => {
  const duration = field(
    { kind: "integer", constraints: { minimum: 0, maximum: 43200 } },
    { default: 7200, env: "DEMO_DURATION" },
  );
  const d = provider({
    assumeRole: field(
      obj("AssumeRole", {
        roleArn: field({ kind: "string" }, { mode: "required", env: "DEMO_ROLE_ARN" }),
        sessionName: field({ kind: "string" }, { mode: "required", env: "DEMO_SESSION_NAME" }),
        externalId: field({ kind: "string" }, { env: "DEMO_EXTERNAL_ID" }),
        duration,
      }),
    ),
    saml: field(
      obj("Saml", {
        roleArn: field({ kind: "string" }, { mode: "required", env: "DEMO_ROLE_ARN" }),
        assertion: field({ kind: "string", secret: true }, { mode: "required", env: "DEMO_SAML_ASSERTION" }),
        duration,
      }),
    ),
  });

  it("builds no object when none of its variables is set", () => {
    expect(resolveConfig(d, {}, {})).toEqual({});
  });

  it("builds only the object whose required variables are all set (shared variables)", () => {
    const config = resolveConfig(d, {}, { DEMO_ROLE_ARN: "arn:role", DEMO_SESSION_NAME: "s" });
    expect(config).toEqual({ assumeRole: { roleArn: "arn:role", sessionName: "s", duration: 7200 } });
  });

  it("builds the other object when its own variables are set", () => {
    const config = resolveConfig(d, {}, { DEMO_ROLE_ARN: "arn:role", DEMO_SAML_ASSERTION: "assertion" });
    expect(Object.keys(config)).toEqual(["saml"]);
    const saml = config.saml as Record<string, unknown>;
    expect(saml.roleArn).toBe("arn:role");
    expect((saml.assertion as Secret).reveal()).toBe("assertion");
  });

  it("builds both when the variables of both are set, reading optional variables too", () => {
    const env = {
      DEMO_ROLE_ARN: "arn",
      DEMO_SESSION_NAME: "s",
      DEMO_SAML_ASSERTION: "a",
      DEMO_EXTERNAL_ID: "x",
      DEMO_DURATION: "60",
    };
    const config = resolveConfig(d, {}, env);
    expect(config.assumeRole).toEqual({ roleArn: "arn", sessionName: "s", externalId: "x", duration: 60 });
    expect((config.saml as Record<string, unknown>).duration).toBe(60);
  });

  it("does not build an object from its optional variables alone", () => {
    expect(resolveConfig(d, {}, { DEMO_EXTERNAL_ID: "x", DEMO_DURATION: "60" })).toEqual({});
  });

  it("applies nested defaults and variables inside a given object, the argument winning", () => {
    const config = resolveConfig(
      d,
      { assumeRole: { roleArn: "arg-arn" } },
      { DEMO_ROLE_ARN: "env-arn", DEMO_SESSION_NAME: "env-session" },
    );
    expect(config.assumeRole).toEqual({ roleArn: "arg-arn", sessionName: "env-session", duration: 7200 });
  });

  it("reports a missing required field inside a given object by its path", () => {
    expect(messagesOf(d, { assumeRole: { roleArn: "a" } }, {})).toEqual([
      "demo.assumeRole.sessionName is required: pass it as an argument or set DEMO_SESSION_NAME",
    ]);
  });

  it("reports a bad nested variable by the nested path", () => {
    expect(messagesOf(d, { assumeRole: { roleArn: "a", sessionName: "s" } }, { DEMO_DURATION: "long" })).toEqual([
      'DEMO_DURATION must be a number (got "long"), for demo.assumeRole.duration',
    ]);
  });
});

// ---- all issues at once -----------------------------------------------------------------------

describe("resolveConfig: ValidationError lists every issue at once", () => {
  const d = provider({
    accessKey: field({ kind: "string" }, { mode: "required", env: "DEMO_ACCESS_KEY" }),
    region: field({ kind: "string", constraints: { enum: ["eu", "us"] } }, { env: "DEMO_REGION" }),
    debug: field({ kind: "boolean" }, { env: "DEMO_DEBUG" }),
    timeout: field({ kind: "number" }, { env: "DEMO_TIMEOUT" }),
    allowed: field({ kind: "list", items: { kind: "string" } }, { conflictsWith: ["forbidden"] }),
    forbidden: field({ kind: "list", items: { kind: "string" } }),
  });

  it("reports every bad variable together", () => {
    expect(messagesOf(d, { accessKey: "k" }, { DEMO_DEBUG: "yes", DEMO_TIMEOUT: "soon" })).toEqual([
      'DEMO_DEBUG must be true or false (also 1/0, t/f) (got "yes"), for demo.debug',
      'DEMO_TIMEOUT must be a number (got "soon"), for demo.timeout',
    ]);
  });

  it("reports every invalid value together", () => {
    const e = errorOf(() => resolveConfig(d, { region: "mars", allowed: ["1"], forbidden: ["2"] }, {}));
    expect(e.issues.map((i) => i.message)).toEqual([
      "demo.accessKey is required: pass it as an argument or set DEMO_ACCESS_KEY",
      'demo.region must be one of eu, us (got "mars")',
      "demo.allowed conflicts with demo.forbidden: set only one of them",
    ]);
    expect(e.message).toMatch(/^3 invalid inputs:\n/);
  });

  it("reports a bad variable together with the other invalid fields", () => {
    const messages = messagesOf(d, { region: "mars" }, { DEMO_DEBUG: "yes" });
    expect(messages).toHaveLength(3);
    expect(messages).toEqual(
      expect.arrayContaining([
        'DEMO_DEBUG must be true or false (also 1/0, t/f) (got "yes"), for demo.debug',
        "demo.accessKey is required: pass it as an argument or set DEMO_ACCESS_KEY",
        'demo.region must be one of eu, us (got "mars")',
      ]),
    );
  });

  it("reports a misspelt argument instead of silently ignoring it", () => {
    expect(messagesOf(d, { accessKey: "k", regoin: "eu" }, {})).toEqual([
      'demo.regoin is not a provider setting (did you mean "region"?)',
    ]);
  });
});
