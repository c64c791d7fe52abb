import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { signRequest, tc3Signature, utcDate } from "../../../runtime/src/cloudplat/sign.js";

// The official signer, to check ours against (never used by the runtime).
const require = createRequire(import.meta.url);
const Sign = (require("tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js") as { default: OfficialSign })
  .default;
interface OfficialSign {
  sign3(o: {
    method: string;
    url: string;
    payload: unknown;
    timestamp: number;
    service: string;
    secretId: string;
    secretKey: string;
    multipart: boolean;
    boundary: string;
    headers: Record<string, string>;
  }): string;
}

const KEY = "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE";
const base = {
  secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
  secretKey: KEY,
  service: "cvm",
  host: "cvm.tencentcloudapi.com",
  action: "DescribeInstances",
  version: "2017-03-12",
  region: "ap-guangzhou",
  timestamp: 1551113065,
};

describe("TC3-HMAC-SHA256", () => {
  it("reproduces the published worked example", () => {
    const body = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const headers = signRequest({ ...base, body, contentType: "application/json; charset=utf-8" });
    expect(headers.Authorization).toBe(
      `TC3-HMAC-SHA256 Credential=${base.secretId}/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168`,
    );
    expect(headers).toMatchObject({
      "Content-Type": "application/json; charset=utf-8",
      Host: "cvm.tencentcloudapi.com",
      "X-TC-Action": "DescribeInstances",
      "X-TC-Version": "2017-03-12",
      "X-TC-Timestamp": "1551113065",
      "X-TC-Region": "ap-guangzhou",
    });
    expect(headers["X-TC-Token"]).toBeUndefined();
  });

  it("reproduces the second vector (UTF-8 body, plain content type)", () => {
    const body = JSON.stringify({ Limit: 1, Filters: [{ Values: ["未命名"], Name: "instance-name" }] });
    expect(tc3Signature({ ...base, body, contentType: "application/json" }).signature).toBe(
      "024dc09760376e08599efbec5b4308222599fed5bc1758190a52c1dc485a7faf",
    );
  });

  it("adds the token and leaves out an empty region; the signature does not depend on either", () => {
    const input = { ...base, body: "{}", contentType: "application/json" };
    const plain = signRequest(input);
    const withToken = signRequest({ ...input, region: undefined, token: "tok-123" });
    expect(withToken["X-TC-Token"]).toBe("tok-123");
    expect(withToken["X-TC-Region"]).toBeUndefined();
    expect(withToken.Authorization).toBe(plain.Authorization);
  });

  it("dates the scope in UTC", () => {
    expect(utcDate(1551113065)).toBe("2019-02-25");
    expect(utcDate(1704067199)).toBe("2023-12-31");
    expect(utcDate(1704067200)).toBe("2024-01-01");
    // Back to the day before, and within a day: the date is the timestamp's, whatever came before.
    expect(utcDate(1704067199)).toBe("2023-12-31");
    expect(utcDate(1704067200 + 86_399)).toBe("2024-01-01");
    expect(utcDate(-1)).toBe("1969-12-31");
  });

  it("agrees with the official signer on 600 generated requests", () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const word = (alphabet: readonly string[], n: number) => Array.from({ length: n }, () => pick(alphabet)).join("");
    const latin = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];
    const text = [...latin, ..."未命名测试服务éüßñ東京", "😀", "🚀", "👩‍💻", " ", "-", "_", "/", ":", "\\", '"', "\n"];
    const services = ["apigateway", "antiddos", "vpc", "sts", "tag", "cvm", "cam"];
    const midnight = Date.UTC(2024, 1, 29) / 1000; // a leap day, so the flip crosses into March
    for (let i = 0; i < 600; i++) {
      const service = pick(services);
      const action = pick(["Describe", "Create", "Modify", "Delete"]) + word(latin, 3 + Math.floor(rand() * 12));
      const payload = {
        Name: word(text, Math.floor(rand() * 40)),
        Limit: Math.floor(rand() * 100),
        Tags: [{ Key: word(text, 5), Value: word(text, 9) }],
        Nested: { Flag: rand() < 0.5, Ids: [word(latin, 8), word(text, 3)] },
      };
      const timestamp = midnight + Math.floor(rand() * 7200) - 3600;
      const token = rand() < 0.5 ? word(latin, 40) : undefined;
      const contentType = pick(["application/json", "application/json; charset=utf-8"]);
      const host = `${service}.${pick(["tencentcloudapi.com", "internal.example.cn"])}`;
      const secretKey = word(latin, 32);
      const secretId = `AKID${word(latin, 32)}`;
      const body = JSON.stringify(payload);
      const ours = signRequest({
        secretId,
        secretKey,
        service,
        host,
        action,
        version: "2018-08-08",
        region: "ap-shanghai",
        timestamp,
        body,
        contentType,
        token,
      });
      const theirs = Sign.sign3({
        method: "POST",
        url: `https://${host}/`,
        // The exact bytes: its own serialiser escapes some characters (U+200D in 👩‍💻) that JSON.stringify keeps.
        payload: Buffer.from(body),
        timestamp,
        service,
        secretId,
        secretKey,
        multipart: false,
        boundary: "",
        headers: { "Content-Type": contentType },
      });
      expect(ours.Authorization, `request ${i}`).toBe(theirs);
    }
  });
});
