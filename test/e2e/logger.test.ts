import { afterEach, describe, expect, it } from "vitest";
import { setLogSink, type Logger } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { startCloudplatEmulator } from "../emulators/cloudplat/index.js";
import { startNetsvcEmulator } from "../emulators/netsvc/index.js";

// A provider's `logger` gets its request lines, redacted exactly as the SDKGEN_DEBUG lines are.
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  setLogSink(undefined);
  for (const stop of stops.splice(0)) await stop();
});

/** A logger that keeps each line with its level; `levels` says which functions it has. */
function recorder(levels: readonly (keyof Logger)[] = ["debug", "info", "warn", "error"]) {
  const lines: string[] = [];
  const logger: Logger = Object.fromEntries(levels.map((l) => [l, (line: string) => lines.push(`${l}: ${line}`)]));
  return { logger, lines };
}

const FAST = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 5, budgetMs: 1_000 };

async function netsvcProvider(logger: Logger) {
  const emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  stops.push(() => emu.stop());
  const provider = new netsvc.Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
    },
    {},
    { logger, retry: FAST },
  );
  return { emu, provider };
}

describe("a provider's logger", () => {
  it("gets netsvc's request and answer lines at debug, and no key or token", async () => {
    const { logger, lines } = recorder();
    const sink: string[] = [];
    setLogSink((line) => sink.push(line));
    const { emu, provider } = await netsvcProvider(logger);
    await netsvc.getLocation({ id: 3 }, { provider });
    expect(lines.some((l) => l.startsWith("debug: [sdkgen] GET /v3/locations"))).toBe(true);
    expect(lines.some((l) => /^debug: \[sdkgen\] GET \/v3\/locations\S* -> 200/.test(l))).toBe(true);
    // SDKGEN_DEBUG still gets every line as well, the same redacted text.
    expect(sink).toEqual(lines.map((l) => l.replace(/^\w+: /, "")));
    const bearer = String(emu.state.lastRequest({ path: "/v3/locations" })!.headers.authorization).replace(
      "Bearer ",
      "",
    );
    const basic = Buffer.from(`${emu.credentials.accessKey}:${emu.credentials.secretKey}`).toString("base64");
    for (const secret of [emu.credentials.secretKey, bearer, basic]) expect(lines.join("\n")).not.toContain(secret);
  });

  it("may have only some of the four functions: a retry goes to info", async () => {
    const { logger, lines } = recorder(["info"]);
    const { emu, provider } = await netsvcProvider(logger);
    emu.faults.next({ kind: "status", status: 503, path: "/v3/locations" });
    await netsvc.getLocation({ id: 3 }, { provider });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^info: \[sdkgen\] retry 1 of GET \/v3\/locations\S* in \d+ ms/);
  });

  it("gets cloudplat's signed calls, and no secret key, signature or secret parameter", async () => {
    const emu = await startCloudplatEmulator();
    stops.push(() => emu.stop());
    const { logger, lines } = recorder();
    const provider = new cloudplat.Provider(
      { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey, endpoint: emu.url },
      {},
      { logger, rateLimit: false },
    );
    const key = await cloudplat.ApiGatewayApiKey.create(
      {
        secretName: "partner",
        accessKeyType: "manual",
        accessKeyId: "partner-key-1",
        accessKeySecret: "s3cret-value-123",
      },
      { provider },
    );
    expect(lines.some((l) => l.startsWith("debug: [sdkgen] POST apigateway/CreateApiKey"))).toBe(true);
    const signature = String(emu.state.lastRequest({ action: "CreateApiKey" })!.headers.authorization).split(
      "Signature=",
    )[1]!;
    for (const secret of [emu.credentials.secretKey, signature, "s3cret-value-123"])
      expect(lines.join("\n")).not.toContain(secret);
    expect(String(key.accessKeySecret)).toBe("[secret]");
  });
});
