import { afterEach, describe, expect, it } from "vitest";
import { CloudplatClient, type CloudplatClientOptions } from "../../../runtime/src/cloudplat/client.js";
import { StaticCredentials } from "../../../runtime/src/cloudplat/credentials/static.js";
import { CloudplatError } from "../../../runtime/src/cloudplat/errors.js";
import { collectPages } from "../../../runtime/src/cloudplat/pagination.js";
import { DEFAULT_RATE_LIMIT, RateLimiter } from "../../../runtime/src/cloudplat/rateLimit.js";
import { retryableCode } from "../../../runtime/src/cloudplat/retryCodes.js";
import { ServiceError, TransportError } from "../../../runtime/src/http/errors.js";
import { setLogSink } from "../../../runtime/src/http/log.js";
import { Secret } from "../../../runtime/src/secret.js";
import { expectedSignature, startStub, type Reply, type Seen } from "./stub.js";

const SECRET_KEY = "sk-client-test-0123456789abcdef";
const TOKEN = "tok-client-test-session-token";
const fast = { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10, budgetMs: 1_000 };
const stubs: { close(): Promise<void> }[] = [];
afterEach(async () => {
  setLogSink(undefined);
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

async function setup(handler: (req: Seen, n: number) => Reply | Promise<Reply>, options: CloudplatClientOptions = {}) {
  const stub = await startStub(handler);
  stubs.push(stub);
  const client = new CloudplatClient({
    credentials: new StaticCredentials("AKIDtest", new Secret(SECRET_KEY), new Secret(TOKEN)),
    region: "ap-shanghai",
    endpoint: stub.url,
    retry: fast,
    rateLimit: false,
    ...options,
  });
  return { stub, client };
}

describe("CloudplatClient: request and envelope", () => {
  it("signs the host it sends, keeps the service in the scope, and sends the X-TC headers", async () => {
    const { stub, client } = await setup(() => ({ TotalCount: 0 }));
    const res = await client.call("apigateway", "DescribeApisStatus", { ServiceId: "service-1", Name: "未命名 😀" });
    expect(res).toEqual({ RequestId: "req-1", TotalCount: 0 });
    const s = stub.seen[0]!;
    expect(s.url).toBe("/");
    expect(s.headers).toMatchObject({
      host: stub.url.slice("http://".length),
      "content-type": "application/json",
      "x-tc-action": "DescribeApisStatus",
      "x-tc-version": "2018-08-08",
      "x-tc-region": "ap-shanghai",
      "x-tc-token": TOKEN,
      "x-tc-language": "en-US",
    });
    expect(s.json).toEqual({ ServiceId: "service-1", Name: "未命名 😀" });
    const auth = String(s.headers.authorization);
    expect(auth).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDtest\/\d{4}-\d\d-\d\d\/apigateway\/tc3_request, SignedHeaders=content-type;host, Signature=/,
    );
    expect(auth.endsWith(`Signature=${expectedSignature(s, SECRET_KEY, "apigateway")}`)).toBe(true);
  });

  it("builds <protocol>://<service>.<domain>/ without an endpoint override", () => {
    const c = new CloudplatClient({ domain: "internal.example.cn", protocol: "HTTP" });
    expect(c.urlFor("vpc").href).toBe("http://vpc.internal.example.cn/");
    expect(new CloudplatClient().urlFor("sts").href).toBe("https://sts.tencentcloudapi.com/");
    expect(new CloudplatClient().urlFor("sts", "tencentcloudapi.com").href).toBe("https://sts.tencentcloudapi.com/");
  });

  it("uses the clock for X-TC-Timestamp and leaves out an empty region", async () => {
    const { stub, client } = await setup(() => ({}), { now: () => 1_700_000_000_123, region: "" });
    await client.call("vpc", "DescribeAddressTemplates");
    expect(stub.seen[0]!.headers["x-tc-timestamp"]).toBe("1700000000");
    expect(stub.seen[0]!.headers["x-tc-region"]).toBeUndefined();
    expect(stub.seen[0]!.headers["x-tc-version"]).toBe("2017-03-12");
  });

  it("sends unsigned calls with Authorization: SKIP and no token", async () => {
    const { stub, client } = await setup(() => ({}));
    await client.call("sts", "AssumeRoleWithSAML", {}, { credentials: "unsigned" });
    expect(stub.seen[0]!.headers.authorization).toBe("SKIP");
    expect(stub.seen[0]!.headers["x-tc-token"]).toBeUndefined();
  });

  it("turns Response.Error into a CloudplatError with code, message, request id, action and resource", async () => {
    const { client } = await setup(() => ({
      Error: { Code: "ResourceNotFound.InvalidService", Message: "no such service" },
    }));
    const e = await client
      .call(
        "apigateway",
        "DescribeService",
        { ServiceId: "s-1" },
        { resource: { token: "cloudplat:index/apiGatewayService:ApiGatewayService", id: "s-1" } },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CloudplatError);
    expect(e).toBeInstanceOf(ServiceError);
    const err = e as CloudplatError;
    expect([err.code, err.requestId, err.service, err.action, err.serviceMessage]).toEqual([
      "ResourceNotFound.InvalidService",
      "req-1",
      "apigateway",
      "DescribeService",
      "no such service",
    ]);
    expect(err.message).toBe(
      "cloudplat:index/apiGatewayService:ApiGatewayService s-1: apigateway/DescribeService failed: ResourceNotFound.InvalidService: no such service (request id req-1)",
    );
  });

  it("reports a non-200 answer and an unreadable body as ServiceError", async () => {
    const { client } = await setup((_, n) => (n === 0 ? { raw: "bad gateway", status: 400 } : { raw: "<html>" }));
    await expect(client.call("vpc", "CreateAddressTemplate")).rejects.toMatchObject({
      name: "ServiceError",
      status: 400,
    });
    await expect(client.call("vpc", "CreateAddressTemplate")).rejects.toThrow(/unreadable answer: <html>/);
  });
});

describe("CloudplatClient: retries", () => {
  const failing =
    (code: string, times = 2) =>
    (_: Seen, n: number): Reply =>
      n < times ? { Error: { Code: code, Message: "try later" } } : { Result: true };

  it.each([
    "RequestLimitExceeded",
    "RequestLimitExceeded.UinLimitExceeded",
    "RequestLimitExceeded.IPLimitExceeded",
    "RequestLimitExceeded.GlobalRegionUinLimitExceeded",
    "ResourceInUse",
    "ResourceUnavailable",
    "ResourceUnavailable.Busy",
    "UnsupportedOperation.UnsupportedDeleteService",
  ])("retries %s, on writes too", async (code) => {
    const { stub, client } = await setup(failing(code));
    await expect(client.call("apigateway", "DeleteService", { ServiceId: "s" })).resolves.toMatchObject({
      Result: true,
    });
    expect(stub.seen).toHaveLength(3);
  });

  it("retries InternalError on reads only", async () => {
    const read = await setup(failing("InternalError"));
    await expect(read.client.call("apigateway", "DescribeApi")).resolves.toMatchObject({ Result: true });
    expect(read.stub.seen).toHaveLength(3);
    const write = await setup(failing("InternalError.OssException"));
    await expect(write.client.call("apigateway", "CreateService")).rejects.toMatchObject({
      code: "InternalError.OssException",
    });
    expect(write.stub.seen).toHaveLength(1);
  });

  it("does not retry other codes, and gives up after the policy's attempts", async () => {
    const fatal = await setup(failing("AuthFailure.SignatureFailure"));
    await expect(fatal.client.call("vpc", "DescribeAddressTemplates")).rejects.toMatchObject({
      code: "AuthFailure.SignatureFailure",
    });
    expect(fatal.stub.seen).toHaveLength(1);
    const always = await setup(failing("RequestLimitExceeded", 99));
    await expect(always.client.call("vpc", "DescribeAddressTemplates")).rejects.toBeInstanceOf(CloudplatError);
    expect(always.stub.seen).toHaveLength(4);
  });

  it("retries extra codes given for a call", async () => {
    const { stub, client } = await setup(failing("FailedOperation.Pending"));
    await client.call("apigateway", "BindEnvironment", {}, { retryCodes: ["FailedOperation"] });
    expect(stub.seen).toHaveLength(3);
  });

  it("retries a dropped connection on reads, not on writes, with a fresh timestamp and signature", async () => {
    let clock = 1_700_000_000_000;
    const read = await setup((_, n) => (n === 0 ? { drop: true } : {}), { now: () => (clock += 5_000) });
    await read.client.call("antiddos", "DescribeListListener");
    expect(read.stub.seen).toHaveLength(2);
    expect(read.stub.seen[0]!.headers["x-tc-timestamp"]).not.toBe(read.stub.seen[1]!.headers["x-tc-timestamp"]);
    const write = await setup((_, n) => (n === 0 ? { drop: true } : {}));
    await expect(write.client.call("apigateway", "CreateApi")).rejects.toBeInstanceOf(TransportError);
    expect(write.stub.seen).toHaveLength(1);
  });

  it("matches codes on the whole code or the part before the first dot", () => {
    expect(retryableCode("ResourceBusy.Locked", false)).toBe(true);
    expect(retryableCode("InvalidParameter.ActionInProgress", false)).toBe(true);
    expect(retryableCode("InvalidParameter.Other", true)).toBe(false);
    expect(retryableCode("InternalError", false)).toBe(false);
    expect(retryableCode("InternalError.DbError", true)).toBe(true);
  });
});

describe("rate limit", () => {
  it("lets a burst through, then spaces calls per action at the rate", () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 10, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => limiter.reserve("vpc/A"))).toEqual([0, 0, 0]);
    expect(limiter.reserve("vpc/A")).toBe(100);
    expect(limiter.reserve("vpc/A")).toBe(200);
    expect(limiter.reserve("vpc/B")).toBe(0);
    now = 1_000;
    expect(limiter.reserve("vpc/A")).toBe(0);
  });

  it("spaces a client's calls to one action at the configured rate (default 15 per second)", async () => {
    const { stub, client } = await setup(() => ({}), { rateLimit: { perSecond: 20, burst: 2 } });
    expect(DEFAULT_RATE_LIMIT).toEqual({ perSecond: 15, burst: 15 });
    const start = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => client.call("vpc", "DescribeAddressTemplates")));
    await client.call("vpc", "DescribeAddressTemplateGroups");
    expect(stub.seen).toHaveLength(7);
    // Two at once, then four more at 50 ms each.
    expect(Date.now() - start).toBeGreaterThanOrEqual(190);
  });
});

describe("pagination, every page of each style", () => {
  const items = Array.from({ length: 250 }, (_, i) => ({ Id: `id-${i}` }));
  const page = (s: Seen) => {
    const offset = Number(s.json.Offset);
    return items.slice(offset, offset + Number(s.json.Limit));
  };

  it("vpc: string Offset/Limit, list and TotalCount at the top", async () => {
    const { stub, client } = await setup((s) => ({ AddressTemplateSet: page(s), TotalCount: items.length }));
    const all = await collectPages(
      client,
      "vpc",
      "DescribeAddressTemplates",
      { Filters: [] },
      { style: "vpc", listKey: "AddressTemplateSet" },
    );
    expect(all).toEqual(items);
    expect(stub.seen.map((s) => [s.json.Offset, s.json.Limit])).toEqual([
      ["0", "100"],
      ["100", "100"],
      ["200", "100"],
    ]);
    expect(stub.seen[0]!.json.Filters).toEqual([]);
  });

  it("apigateway: numbers, list and TotalCount inside Result; a full last page costs no extra call", async () => {
    const { stub, client } = await setup((s) => ({
      Result: { TotalCount: 40, ApiIdStatusSet: page(s).slice(0, Math.max(0, 40 - Number(s.json.Offset))) },
    }));
    const all = await collectPages(
      client,
      "apigateway",
      "DescribeApisStatus",
      { ServiceId: "s" },
      { style: "apigateway", listKey: "ApiIdStatusSet", pageSize: 20 },
    );
    expect(all).toEqual(items.slice(0, 40));
    expect(stub.seen.map((s) => s.json.Offset)).toEqual([0, 20]);
  });

  it("antiddos: numbers, list at the top, total in Total; stops at a short page", async () => {
    const { stub, client } = await setup((s) => ({ BGPInstanceList: page(s), Total: items.length }));
    const all = await collectPages(
      client,
      "antiddos",
      "DescribeBgpInstances",
      { FilterRegion: "ap-guangzhou" },
      { style: "antiddos", listKey: "BGPInstanceList" },
    );
    expect(all).toHaveLength(250);
    expect(stub.seen.map((s) => [s.json.Offset, s.json.Limit])).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it("stops at an empty page when no total is given", async () => {
    const { stub, client } = await setup((s) => ({ EventList: Number(s.json.Offset) < 40 ? page(s) : [] }));
    const all = await collectPages(
      client,
      "antiddos",
      "DescribeOverviewDDoSEventList",
      {},
      { style: "antiddos", listKey: "EventList", pageSize: 20 },
    );
    expect(all).toHaveLength(40);
    expect(stub.seen).toHaveLength(3);
  });
});

describe("secrets stay out of logs and errors", () => {
  it("redacts the secret key, token and secret parameters in every log line and error", async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    const apiKeySecret = "api-key-secret-value-9876";
    const { client } = await setup((_, n) =>
      n === 0
        ? { Error: { Code: "RequestLimitExceeded", Message: `slow down ${TOKEN}` } }
        : { Error: { Code: "InvalidParameter", Message: `bad secret ${apiKeySecret} / ${SECRET_KEY}` } },
    );
    const e = (await client
      .call(
        "apigateway",
        "CreateApiKey",
        { SecretName: "k", AccessKeySecret: apiKeySecret, Other: apiKeySecret },
        { secrets: [apiKeySecret] },
      )
      .catch((x: unknown) => x)) as CloudplatError;
    expect(e).toBeInstanceOf(CloudplatError);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const text of [...lines, e.message, String(e), JSON.stringify(e), e.serviceMessage])
      for (const s of [SECRET_KEY, TOKEN, apiKeySecret]) expect(text).not.toContain(s);
    expect(lines.join("\n")).toContain("[secret]");
  });
});
