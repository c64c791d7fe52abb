import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NetsvcEmulator } from "./index.js";
import { basic, boot, Client, stopClean, tokenRequest } from "./testkit.js";

describe("netsvc emulator: OAuth and bearer auth (§1.2, §1.3)", () => {
  let emu: NetsvcEmulator;
  beforeEach(async () => {
    emu = await boot({ credentials: { accessKey: "ak-123", secretKey: "sk-456" }, tokenLifetimeSeconds: 300 });
  });
  afterEach(() => stopClean(emu));

  it("issues a bearer token for the right key pair", async () => {
    expect(emu.tokenUrl).toBe(`${emu.url}/oauth2/token`);
    expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await tokenRequest(emu, basic("ak-123", "sk-456"));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: "Bearer",
      expires_in: 300,
    });
    expect(r.body).not.toHaveProperty("message"); // no envelope on the token endpoint (§2.1)
  });

  it("answers 401 with an error body for wrong credentials", async () => {
    const r = await tokenRequest(emu, basic("ak-123", "wrong"));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: "invalid_client", message: expect.any(String), data: null });
    expect(r.body.trace_id).toBe(r.headers.get("trace-id"));
    expect((await tokenRequest(emu)).status).toBe(401); // no Authorization at all
  });

  it("insists on the grant type in the query, the form content type and an empty body", async () => {
    expect((await tokenRequest(emu, basic("ak-123", "sk-456"), "")).status).toBe(400);
    const inBody = await fetch(emu.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=ak-123&client_secret=sk-456",
    });
    expect(inBody.status).toBe(400);
    const asJson = await fetch(`${emu.tokenUrl}?grant_type=client_credentials`, {
      method: "POST",
      headers: { Authorization: basic("ak-123", "sk-456"), "Content-Type": "application/json" },
    });
    expect(asJson.status).toBe(400);
    expect((await fetch(emu.tokenUrl)).status).toBe(405);
  });

  it("refuses API calls without a token, with an unknown token, and after expiry", async () => {
    const noToken = await fetch(`${emu.url}/v2/products`);
    expect(noToken.status).toBe(401);
    const body = (await noToken.json()) as Record<string, unknown>;
    expect(body).toEqual({
      message: expect.stringContaining("Unauthorized"),
      data: null,
      trace_id: expect.any(String),
    });
    expect(noToken.headers.get("trace-id")).toBe(body["trace_id"]);

    const bogus = await fetch(`${emu.url}/v2/products`, { headers: { Authorization: "Bearer nope" } });
    expect(bogus.status).toBe(401);

    const client = new Client(emu);
    expect((await client.get("/v2/products")).status).toBe(200);
    emu.clock.advance(299_000);
    expect((await client.get("/v2/products")).status).toBe(200);
    emu.clock.advance(1_000); // expires_in = 300 s of virtual time
    const expired = await client.get("/v2/products");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain("expired");
    await client.login(); // refresh
    expect((await client.get("/v2/products")).status).toBe(200);
    expect(emu.state.tokensIssued()).toBe(2);
  });

  it("accepts rotated credentials and expires every token on demand", async () => {
    const client = new Client(emu);
    await client.login();
    emu.credentials.secretKey = "sk-rotated";
    expect((await tokenRequest(emu, basic("ak-123", "sk-456"))).status).toBe(401);
    expect((await tokenRequest(emu, basic("ak-123", "sk-rotated"))).status).toBe(200);
    emu.state.expireAllTokens();
    expect((await client.get("/v2/products")).status).toBe(401);
  });

  it("wraps success in {message, terms, data} and answers unknown paths with 404", async () => {
    const client = new Client(emu);
    const ok = await client.get("/v2/products");
    expect(ok.body).toEqual({
      message: expect.any(String),
      terms: expect.stringContaining("Acceptable Use Policy"),
      data: [],
    });
    expect(ok.headers.get("trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await client.get("/v2/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: expect.any(String),
      data: null,
      trace_id: missing.headers.get("trace-id"),
    });
    expect((await client.del("/v2/products")).status).toBe(405);
  });

  it("refuses a non-JSON content type and malformed JSON on API calls", async () => {
    const client = new Client(emu);
    const token = await client.login();
    const form = await fetch(`${emu.url}/v3/networkdesign/validate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain" },
      body: "[]",
    });
    expect(form.status).toBe(415);
    const broken = await fetch(`${emu.url}/v3/networkdesign/validate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "[{",
    });
    expect(broken.status).toBe(400);
  });
});
