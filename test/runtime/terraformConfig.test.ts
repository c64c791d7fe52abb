import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { Secret, secret, terraformConfig } from "@sdkgen/runtime";

const VALUE = "s3cr3t-key-value";

describe("terraformConfig: snake-case keys", () => {
  it("converts keys at every depth, in objects and in list items", () => {
    const config = {
      accessKey: "ak",
      waitTime: 10,
      region: "eu",
      ipv6Prefix: "::/0",
      assumeRoleWithSaml: { roleArn: "arn", sessionDuration: 7200 },
      allowedAccountIds: ["1", "2"],
      rules: [{ fromPort: 1, toPort: { innerValue: 2 } }],
    };
    expect(terraformConfig(config)).toEqual({
      result: {
        access_key: "ak",
        wait_time: 10,
        region: "eu",
        ipv6_prefix: "::/0",
        assume_role_with_saml: { role_arn: "arn", session_duration: 7200 },
        allowed_account_ids: ["1", "2"],
        rules: [{ from_port: 1, to_port: { inner_value: 2 } }],
      },
    });
  });

  it("drops undefined values at every depth, keeping null, false, 0 and empty strings", () => {
    const config = {
      keepNull: null,
      keepFalse: false,
      keepZero: 0,
      keepEmpty: "",
      dropMe: undefined,
      nested: { dropMe: undefined, keepMe: 1 },
    };
    const { result } = terraformConfig(config);
    expect(result).toEqual({
      keep_null: null,
      keep_false: false,
      keep_zero: 0,
      keep_empty: "",
      nested: { keep_me: 1 },
    });
    expect(Object.keys(result)).not.toContain("drop_me");
    expect(Object.keys(result.nested as object)).toEqual(["keep_me"]);
  });

  it("does not change the configuration it is given", () => {
    const config = { waitTime: 10, nested: { roleArn: "a" } };
    terraformConfig(config);
    expect(config).toEqual({ waitTime: 10, nested: { roleArn: "a" } });
  });
});

describe("terraformConfig: secrets", () => {
  const key = secret(VALUE);
  const config = {
    accessKey: "ak",
    secretKey: key,
    assumeRole: { tokenCode: secret("123456") },
    tokens: [secret("t1")],
  };

  it("keeps secrets wrapped by default", () => {
    const { result } = terraformConfig(config);
    expect(result.secret_key).toBe(key);
    expect((result.assume_role as Record<string, unknown>).token_code).toBeInstanceOf(Secret);
    expect((result.tokens as unknown[])[0]).toBeInstanceOf(Secret);
  });

  it("stays redacted in JSON and inspect output", () => {
    const { result } = terraformConfig(config);
    expect(JSON.stringify(result)).toBe(
      '{"access_key":"ak","secret_key":"[secret]","assume_role":{"token_code":"[secret]"},"tokens":["[secret]"]}',
    );
    expect(inspect(result, { depth: Infinity })).not.toMatch(/s3cr3t|123456|t1'/);
  });

  it("reveals secrets when revealSecrets is set, at every depth", () => {
    expect(terraformConfig(config, { revealSecrets: true }).result).toEqual({
      access_key: "ak",
      secret_key: VALUE,
      assume_role: { token_code: "123456" },
      tokens: ["t1"],
    });
  });

  it("snake-cases the keys of a revealed secret object", () => {
    const result = terraformConfig({ creds: secret({ userName: "u", passWord: "p" }) }, { revealSecrets: true }).result;
    expect(result).toEqual({ creds: { user_name: "u", pass_word: "p" } });
  });

  it("treats revealSecrets: false like the default", () => {
    expect(JSON.stringify(terraformConfig(config, { revealSecrets: false }).result)).not.toContain(VALUE);
  });
});
