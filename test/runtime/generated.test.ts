import { describe, expect, it } from "vitest";
import { Secret, ValidationError } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { inspect } from "node:util";
import { PROVIDER_MEMBERS } from "../../generator/runtimeContract.js";

const messages = (issues: readonly { message: string }[]): string[] => issues.map((i) => i.message);

/** The messages of the ValidationError thrown by `fn`; fails the test when nothing is thrown. */
function thrownMessages(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return messages((e as ValidationError).issues);
  }
  throw new Error("expected a ValidationError, but nothing was thrown");
}

// ---- netsvc resources -------------------------------------------------------------------------

describe("netsvc Port", () => {
  const port = {
    productName: "edge-1",
    locationId: 3,
    portSpeed: 10000,
    marketplaceVisibility: false,
    contractTermMonths: 12,
  };

  it("accepts a valid Port", () => {
    expect(netsvc.validatePortArgs(port)).toEqual([]);
  });

  it("rejects portSpeed 25000 with the allowed speeds", () => {
    expect(netsvc.validatePortArgs({ ...port, portSpeed: 25000 })).toEqual([
      { path: "Port.portSpeed", message: "Port.portSpeed must be one of 1000, 10000, 100000, 400000 (got 25000)" },
    ]);
  });

  it.each([1, 12, 24, 36, 48, 60])("accepts contractTermMonths %d", (contractTermMonths) => {
    expect(netsvc.validatePortArgs({ ...port, contractTermMonths })).toEqual([]);
  });

  it.each([0, 6, 13, 120])("rejects contractTermMonths %d", (contractTermMonths) => {
    expect(messages(netsvc.validatePortArgs({ ...port, contractTermMonths }))).toEqual([
      `Port.contractTermMonths must be one of 1, 12, 24, 36, 48, 60 (got ${contractTermMonths})`,
    ]);
  });

  it("rejects an output field given as input", () => {
    expect(messages(netsvc.validatePortArgs({ ...port, productUid: "u" }))).toEqual([
      "Port.productUid is set by the service and cannot be given as input",
    ]);
  });
});

describe("netsvc ServiceKey", () => {
  const key = { productUid: "p-1", active: true, maxSpeed: 1000, singleUse: false };

  it("requires vlan when singleUse is true", () => {
    expect(netsvc.validateServiceKeyArgs({ ...key, singleUse: true })).toEqual([
      { path: "ServiceKey.vlan", message: "ServiceKey.vlan is required when singleUse is true" },
    ]);
  });

  it.each([
    ["a multi-use key without vlan", { ...key }],
    ["a single-use key with vlan", { ...key, singleUse: true, vlan: 100 }],
  ])("accepts %s", (_name, args) => {
    expect(netsvc.validateServiceKeyArgs(args)).toEqual([]);
  });
});

describe("cloudplat ApiGatewayApi", () => {
  it("requires a backend's url, path and method for a WEBSOCKET backend as for an HTTP one", () => {
    const api = { serviceId: "service-1", apiName: "a", requestConfigPath: "/a" };
    for (const serviceConfigType of ["HTTP", "WEBSOCKET"] as const)
      expect(messages(cloudplat.validateApiGatewayApiArgs({ ...api, serviceConfigType }))).toEqual([
        'ApiGatewayApi.serviceConfigMethod is required when serviceConfigType is "HTTP" or "WEBSOCKET"',
        'ApiGatewayApi.serviceConfigPath is required when serviceConfigType is "HTTP" or "WEBSOCKET"',
        'ApiGatewayApi.serviceConfigUrl is required when serviceConfigType is "HTTP" or "WEBSOCKET"',
      ]);
  });
});

describe("cloudplat inputs that apply under a condition only", () => {
  it("refuses an OAuth business type for an API that is not OAuth, and API keys on a service binding", () => {
    const api = { serviceId: "service-1", apiName: "a", requestConfigPath: "/a", serviceConfigType: "MOCK" as const };
    const mock = { ...api, serviceConfigMockReturnMessage: "m", apiBusinessType: "NORMAL" };
    expect(messages(cloudplat.validateApiGatewayApiArgs(mock))).toEqual([
      'ApiGatewayApi.apiBusinessType may be set only when authType is "OAUTH"',
    ]);
    expect(cloudplat.validateApiGatewayApiArgs({ ...mock, authType: "OAUTH" })).toEqual([]);
    const binding = { usagePlanId: "p", serviceId: "s", environment: "test" as const, accessKeyIds: ["k"] };
    expect(messages(cloudplat.validateApiGatewayUsagePlanAttachmentArgs(binding))).toEqual([
      'ApiGatewayUsagePlanAttachment.accessKeyIds may be set only when bindType is "API"',
    ]);
    expect(cloudplat.validateApiGatewayUsagePlanAttachmentArgs({ ...binding, bindType: "API", apiId: "a" })).toEqual(
      [],
    );
  });
});

describe("netsvc Vxc", () => {
  it("requires the A-end's product, under which the order is placed; the B-end's may come from a service key", () => {
    const vxc = { productName: "x", contractTermMonths: 1 as const, rateLimit: 1, bEnd: {} };
    expect(messages(netsvc.validateVxcArgs({ ...vxc, aEnd: {} as { productUid: string } }))).toEqual([
      "Vxc.aEnd.productUid is required",
    ]);
    expect(netsvc.validateVxcArgs({ ...vxc, aEnd: { productUid: "mcr-1" } })).toEqual([]);
  });
});

describe("netsvc McrPrefixFilterList", () => {
  const entry = { action: "permit", prefix: "10.0.0.0/8" };
  const list = { mcrId: "mcr-1", description: "d", addressFamily: "IPv4", entries: [entry] };

  it("accepts a valid list", () => {
    expect(netsvc.validateMcrPrefixFilterListArgs(list)).toEqual([]);
    expect(
      netsvc.validateMcrPrefixFilterListArgs({
        ...list,
        addressFamily: "ipv6",
        entries: [{ action: "deny", prefix: "2001:db8::/32", le: 64 }],
      }),
    ).toEqual([]);
  });

  it("rejects an IPv4 prefix under addressFamily ipv6", () => {
    expect(netsvc.validateMcrPrefixFilterListArgs({ ...list, addressFamily: "ipv6" })).toEqual([
      {
        path: "McrPrefixFilterList.entries[0].prefix",
        message:
          'McrPrefixFilterList.entries[0].prefix must be an IPv6 CIDR such as 2001:db8::/32 (addressFamily is ipv6) (got "10.0.0.0/8")',
      },
    ]);
  });

  it("rejects a prefix with host bits set", () => {
    expect(
      messages(
        netsvc.validateMcrPrefixFilterListArgs({
          ...list,
          entries: [entry, { action: "deny", prefix: "10.1.2.3/16" }],
        }),
      ),
    ).toEqual([
      'McrPrefixFilterList.entries[1].prefix must be a network address with no host bits set (a canonical CIDR for /16) (addressFamily is IPv4) (got "10.1.2.3/16")',
    ]);
  });

  it("rejects an empty entry list", () => {
    expect(messages(netsvc.validateMcrPrefixFilterListArgs({ ...list, entries: [] }))).toEqual([
      "McrPrefixFilterList.entries must have at least 1 item (got [])",
    ]);
  });

  it("accepts 200 entries and rejects 201", () => {
    const entries = (n: number) => Array.from({ length: n }, () => entry);
    expect(netsvc.validateMcrPrefixFilterListArgs({ ...list, entries: entries(200) })).toEqual([]);
    const rejected = messages(netsvc.validateMcrPrefixFilterListArgs({ ...list, entries: entries(201) }));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(
      /^McrPrefixFilterList\.entries must have at most 200 items \(got \[\{"action":"permit".{0,40}\.\.\.\)$/,
    );
  });
});

describe("netsvc LagPort lagCount", () => {
  const lag = {
    productName: "lag",
    locationId: 1,
    portSpeed: 10000,
    marketplaceVisibility: true,
    contractTermMonths: 1,
  };

  it.each([1, 4, 8])("accepts %d", (lagCount) => {
    expect(netsvc.validateLagPortArgs({ ...lag, lagCount })).toEqual([]);
  });

  it.each([0, 9])("rejects %d", (lagCount) => {
    expect(messages(netsvc.validateLagPortArgs({ ...lag, lagCount }))).toEqual([
      `LagPort.lagCount must be between 1 and 8 (got ${lagCount})`,
    ]);
  });
});

describe("netsvc Mve", () => {
  const mve = {
    productName: "mve",
    locationId: 1,
    contractTermMonths: 12,
    vendorConfig: { vendor: "aruba", imageId: 1, productSize: "SMALL" },
  };
  const VENDORS = "6wind, aruba, aviatrix, cisco, fortinet, meraki, palo_alto, prisma, versa, vmware";
  const vnics = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `vnic ${i}` }));

  it("accepts a valid Mve with 5 vnics", () => {
    expect(netsvc.validateMveArgs({ ...mve, vnics: vnics(5) })).toEqual([]);
  });

  it("rejects more than 5 vnics", () => {
    const rejected = messages(netsvc.validateMveArgs({ ...mve, vnics: vnics(6) }));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(/^Mve\.vnics must have at most 5 items \(got /);
  });

  it("rejects an unknown vendor with the vendors and a hint", () => {
    expect(netsvc.validateMveArgs({ ...mve, vendorConfig: { ...mve.vendorConfig, vendor: "arubba" } })).toEqual([
      {
        path: "Mve.vendorConfig.vendor",
        message: `Mve.vendorConfig.vendor must be one of ${VENDORS} (got "arubba") (did you mean "aruba"?)`,
      },
    ]);
  });

  it("requires the vendor", () => {
    expect(messages(netsvc.validateMveArgs({ ...mve, vendorConfig: { imageId: 1, productSize: "SMALL" } }))).toEqual([
      `Mve.vendorConfig.vendor is required: one of ${VENDORS}`,
    ]);
  });

  it("matches the vendor and the product size case-insensitively", () => {
    expect(
      netsvc.validateMveArgs({ ...mve, vendorConfig: { vendor: "ARUBA", imageId: 1, productSize: "small" } }),
    ).toEqual([]);
  });

  it("checks the fields of the selected vendor, redacting its secrets", () => {
    const vendorConfig = { vendor: "Aruba", productSize: "HUGE", accountKey: 12345, fmcId: 1 };
    expect(messages(netsvc.validateMveArgs({ ...mve, vendorConfig }))).toEqual([
      "Mve.vendorConfig.fmcId is not a field of ArubaVendorConfig",
      "Mve.vendorConfig.accountKey must be a string (got [secret])",
      "Mve.vendorConfig.imageId is required",
      'Mve.vendorConfig.productSize must be one of SMALL, MEDIUM, LARGE, X_LARGE_12 (got "HUGE")',
    ]);
  });
});

describe("netsvc McrIpsecAddon tunnelCount", () => {
  it.each([10, 20, 30])("accepts %d", (tunnelCount) => {
    expect(netsvc.validateMcrIpsecAddonArgs({ mcrId: "m", tunnelCount })).toEqual([]);
  });

  it.each([0, 15, 40])("rejects %d", (tunnelCount) => {
    expect(messages(netsvc.validateMcrIpsecAddonArgs({ mcrId: "m", tunnelCount }))).toEqual([
      `McrIpsecAddon.tunnelCount must be one of 10, 20, 30 (got ${tunnelCount})`,
    ]);
  });
});

// ---- netsvc provider --------------------------------------------------------------------------

describe("netsvc resolveProviderConfig", () => {
  const SECRET = "netsvc-secret-key-value";
  const env = { NETSVC_ACCEPT_PURCHASE_TERMS: "true", NETSVC_ACCESS_KEY: "access-key", NETSVC_SECRET_KEY: SECRET };

  it("reads the terms, access key and secret key from the environment, with defaults", () => {
    const config = netsvc.resolveProviderConfig({}, env);
    expect(config).toMatchObject({
      acceptPurchaseTerms: true,
      accessKey: "access-key",
      cancelAtEndOfTerm: false,
      environment: "staging",
      waitTime: 10,
    });
    expect(config.secretKey).toBeInstanceOf(Secret);
    expect(config.secretKey.reveal()).toBe(SECRET);
  });

  it("takes arguments over the environment", () => {
    const config = netsvc.resolveProviderConfig({ acceptPurchaseTerms: false, waitTime: 30 }, env);
    expect(config.acceptPurchaseTerms).toBe(false);
    expect(config.waitTime).toBe(30);
  });

  it("names each variable of a missing required field", () => {
    expect(thrownMessages(() => netsvc.resolveProviderConfig({}, {}))).toEqual([
      "netsvc.acceptPurchaseTerms is required: pass it as an argument or set NETSVC_ACCEPT_PURCHASE_TERMS",
      "netsvc.accessKey is required: pass it as an argument or set NETSVC_ACCESS_KEY",
      "netsvc.secretKey is required: pass it as an argument or set NETSVC_SECRET_KEY",
    ]);
  });

  it('refuses empty credentials rather than sending them (an unset variable read as ?? "")', () => {
    expect(thrownMessages(() => netsvc.resolveProviderConfig({ accessKey: "", secretKey: "" }, env))).toEqual([
      'netsvc.accessKey must be at least 1 character long (got "")',
      "netsvc.secretKey must be at least 1 character long (got [secret])",
    ]);
    expect(thrownMessages(() => cloudplat.resolveProviderConfig({ secretId: "", secretKey: "" }, {}))).toEqual([
      'cloudplat.secretId must be at least 1 character long (got "")',
      "cloudplat.secretKey must be at least 1 character long (got [secret])",
    ]);
  });

  it("rejects a bad NETSVC_ACCEPT_PURCHASE_TERMS", () => {
    expect(
      thrownMessages(() => netsvc.resolveProviderConfig({}, { ...env, NETSVC_ACCEPT_PURCHASE_TERMS: "yes" })),
    ).toEqual([
      'NETSVC_ACCEPT_PURCHASE_TERMS must be true or false (also 1/0, t/f) (got "yes"), for netsvc.acceptPurchaseTerms',
    ]);
  });

  it("checks waitTime and environment", () => {
    expect(
      thrownMessages(() => netsvc.resolveProviderConfig({ waitTime: 0, environment: "prod" as never }, env)),
    ).toEqual([
      'netsvc.environment must be one of production, staging, development (got "prod") (did you mean "production"?)',
      "netsvc.waitTime must be at least 1 (got 0)",
    ]);
  });

  it("redacts the secret key in JSON.stringify of the config and of terraformConfig(config)", () => {
    const config = netsvc.resolveProviderConfig({}, env);
    expect(JSON.stringify(config)).not.toContain(SECRET);
    expect(JSON.parse(JSON.stringify(config))).toMatchObject({ secretKey: "[secret]" });
    const { result } = netsvc.terraformConfig(config);
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      accept_purchase_terms: true,
      access_key: "access-key",
      cancel_at_end_of_term: false,
      environment: "staging",
      secret_key: "[secret]",
      wait_time: 10,
    });
    expect(netsvc.terraformConfig(config, { revealSecrets: true }).result.secret_key).toBe(SECRET);
  });
});

describe("netsvc Provider properties (seed: accessKey, environment and secretKey)", () => {
  const SECRET = "exposed-secret-key-value";
  const provider = new netsvc.Provider({ acceptPurchaseTerms: true, accessKey: "key-id", secretKey: SECRET }, {});

  it("exposes the resolved settings, the secret one as a Secret", () => {
    expect(provider.accessKey).toBe("key-id");
    expect(provider.environment).toBe("staging");
    expect(provider.secretKey).toBeInstanceOf(Secret);
    expect(provider.secretKey.reveal()).toBe(SECRET);
  });

  it("never prints the secret through the property", () => {
    expect(String(provider.secretKey)).not.toContain(SECRET);
    expect(JSON.stringify({ key: provider.secretKey })).not.toContain(SECRET);
    expect(inspect(provider.secretKey, { depth: Infinity })).not.toContain(SECRET);
  });
});

describe("the Provider members an exposed setting may not shadow", () => {
  /** Every instance member of a provider: own properties and the methods of its runtime class chain. */
  const members = (p: object): string[] => {
    const names = new Set(Object.keys(p));
    for (
      let proto = Object.getPrototypeOf(p);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    )
      for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
    return [...names];
  };

  it("lists every public member of each protocol's runtime Provider class", () => {
    const generatedOwn = ["constructor", "terraformConfig", "accessKey", "environment", "secretKey"];
    const runtimeMembers = (p: object) =>
      members(p)
        .filter((name) => !generatedOwn.includes(name))
        .sort();
    expect(
      runtimeMembers(new netsvc.Provider({ acceptPurchaseTerms: true, accessKey: "a", secretKey: "s" }, {})),
    ).toEqual([...PROVIDER_MEMBERS.netsvc]);
    expect(runtimeMembers(new cloudplat.Provider({ secretId: "id", secretKey: "k" }, {}))).toEqual([
      ...PROVIDER_MEMBERS.cloudplat,
    ]);
  });
});

// ---- cloudplat provider -----------------------------------------------------------------------

describe("cloudplat resolveProviderConfig", () => {
  const saml = { principalArn: "p", roleArn: "r", samlAssertion: "assertion", sessionName: "s" };

  it("applies the defaults", () => {
    expect(cloudplat.resolveProviderConfig({}, {})).toEqual({
      domain: "tencentcloudapi.com",
      profile: "default",
      protocol: "HTTPS",
      sharedCredentialsDir: "~/.tccli",
    });
  });

  it("reads CLOUDPLAT_REGION, the argument winning", () => {
    expect(cloudplat.resolveProviderConfig({}, { CLOUDPLAT_REGION: "ap-shanghai" }).region).toBe("ap-shanghai");
    expect(cloudplat.resolveProviderConfig({ region: "ap-beijing" }, { CLOUDPLAT_REGION: "ap-shanghai" }).region).toBe(
      "ap-beijing",
    );
  });

  it("rejects allowedAccountIds with forbiddenAccountIds, once", () => {
    expect(
      thrownMessages(() =>
        cloudplat.resolveProviderConfig({ allowedAccountIds: ["1"], forbiddenAccountIds: ["2"] }, {}),
      ),
    ).toEqual(["cloudplat.allowedAccountIds conflicts with cloudplat.forbiddenAccountIds: set only one of them"]);
  });

  it("rejects allowedAccountIds with assumeRoleWithSaml", () => {
    expect(
      thrownMessages(() => cloudplat.resolveProviderConfig({ allowedAccountIds: ["1"], assumeRoleWithSaml: saml }, {})),
    ).toEqual(["cloudplat.allowedAccountIds conflicts with cloudplat.assumeRoleWithSaml: set only one of them"]);
  });

  it("accepts assumeRoleWithSaml alone, with its assertion wrapped and its default duration", () => {
    const config = cloudplat.resolveProviderConfig({ assumeRoleWithSaml: saml }, {});
    expect(config.assumeRoleWithSaml?.samlAssertion).toBeInstanceOf(Secret);
    expect(config.assumeRoleWithSaml?.sessionDuration).toBe(7200);
  });

  it("builds assumeRoleWithSaml from the environment alone", () => {
    const env = {
      CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: "p",
      CLOUDPLAT_ASSUME_ROLE_ARN: "r",
      CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: "assertion",
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "s",
    };
    const config = cloudplat.resolveProviderConfig({}, env);
    expect(config.assumeRoleWithSaml?.principalArn).toBe("p");
    expect(config.assumeRoleWithSaml?.samlAssertion.reveal()).toBe("assertion");
  });

  describe("role settings given as arguments own the role variables they share", () => {
    const roleEnv = { CLOUDPLAT_ASSUME_ROLE_ARN: "env-role", CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "env-session" };
    const role = { roleArn: "arg-role", sessionName: "arg-session", sessionDuration: 3600 };

    it("an assumeRole argument: no web identity setting is built from ARN and session name", () => {
      const config = cloudplat.resolveProviderConfig({ assumeRole: role }, roleEnv);
      expect(config.assumeRole?.roleArn).toBe("arg-role");
      expect(config.assumeRoleWithWebIdentity).toBeUndefined();
      expect(config.assumeRoleWithSaml).toBeUndefined();
    });

    it("an assumeRoleWithSaml argument: no assumeRole is built from the variables it shares", () => {
      const config = cloudplat.resolveProviderConfig({ assumeRoleWithSaml: saml }, roleEnv);
      expect(config.assumeRoleWithSaml?.roleArn).toBe("r");
      expect(config.assumeRole).toBeUndefined();
    });

    it("an assumeRoleWithWebIdentity argument: no assumeRole is built beside it", () => {
      const web = { webIdentityToken: "t", roleArn: "arg-role", sessionName: "s", sessionDuration: 3600 };
      const config = cloudplat.resolveProviderConfig({ assumeRoleWithWebIdentity: web }, roleEnv);
      expect(config.assumeRoleWithWebIdentity?.roleArn).toBe("arg-role");
      expect(config.assumeRole).toBeUndefined();
    });

    it("a provider id variable alone does not turn ARN and session name into a web identity", () => {
      const config = cloudplat.resolveProviderConfig({}, { ...roleEnv, CLOUDPLAT_ASSUME_ROLE_PROVIDER_ID: "OIDC" });
      expect(config.assumeRole?.roleArn).toBe("env-role");
      expect(config.assumeRoleWithWebIdentity).toBeUndefined();
    });
  });

  it.each(["HTTP", "HTTPS"])("accepts protocol %s", (protocol) => {
    expect(cloudplat.resolveProviderConfig({ protocol: protocol as "HTTP" }, {}).protocol).toBe(protocol);
  });

  it("rejects another protocol", () => {
    expect(thrownMessages(() => cloudplat.resolveProviderConfig({ protocol: "FTP" as never }, {}))).toEqual([
      'cloudplat.protocol must be one of HTTP, HTTPS (got "FTP") (did you mean "HTTP"?)',
    ]);
  });
});

// ---- cloudplat lookup -------------------------------------------------------------------------

describe("cloudplat getAntiddosOverviewDdosTrend", () => {
  const args = { startTime: "2026-01-01 00:00:00", endTime: "2026-01-02 00:00:00", metricName: "bps", period: 300 };
  const validate = cloudplat.validateGetAntiddosOverviewDdosTrendArgs;

  it("accepts valid arguments", () => {
    expect(validate(args)).toEqual([]);
  });

  it.each(["2026-01-01T00:00:00Z", "2026-01-01", "2026-02-30 10:00:00", "2026-01-01 25:00:00"])(
    "rejects startTime %j",
    (startTime) => {
      expect(validate({ ...args, startTime })).toEqual([
        {
          path: "getAntiddosOverviewDdosTrend.startTime",
          message: `getAntiddosOverviewDdosTrend.startTime must be a time in the shape YYYY-MM-DD hh:mm:ss (got ${JSON.stringify(startTime)})`,
        },
      ]);
    },
  );

  it.each([300, 3600, 86400])("accepts period %d", (period) => {
    expect(validate({ ...args, period })).toEqual([]);
  });

  it.each([60, 600])("rejects period %d", (period) => {
    expect(messages(validate({ ...args, period }))).toEqual([
      `getAntiddosOverviewDdosTrend.period must be one of 300, 3600, 86400 (got ${period})`,
    ]);
  });

  it.each(["bps", "pps"])("accepts metricName %s", (metricName) => {
    expect(validate({ ...args, metricName })).toEqual([]);
  });

  it.each(["kbps", "BPS"])("rejects metricName %s", (metricName) => {
    expect(messages(validate({ ...args, metricName }))).toEqual([
      `getAntiddosOverviewDdosTrend.metricName must be one of bps, pps (got "${metricName}") (did you mean "bps"?)`,
    ]);
  });

  it("requires startTime, endTime, metricName and period together", () => {
    expect(messages(validate({}))).toEqual([
      "getAntiddosOverviewDdosTrend.endTime is required",
      "getAntiddosOverviewDdosTrend.metricName is required",
      "getAntiddosOverviewDdosTrend.period is required",
      "getAntiddosOverviewDdosTrend.startTime is required",
    ]);
  });
});
