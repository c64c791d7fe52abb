/**
 * Helpers for the emulator's own tests: a plain-fetch client that logs in with client credentials, and order
 * builders shaped as the reference describes (§3.1–§3.6). Not part of the emulator.
 */
import { startNetsvcEmulator, type NetsvcEmulator, type NetsvcEmulatorOptions } from "./index.js";

/** Fixed virtual start, frozen clock: tests move time only with `clock.advance`. */
export const START = Date.UTC(2026, 0, 15, 9, 0, 0);
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export const AWS_PORT = "5d7a9c1e-a0a0-4b3d-9f2a-000000000001";
export const AWS_RETIRED_PORT = "5d7a9c1e-a0a0-4b3d-9f2a-000000000002";
export const AZURE_PORT = "5d7a9c1e-a0a0-4b3d-9f2a-000000000004";
export const TRANSIT_PORT = "5d7a9c1e-a0a0-4b3d-9f2a-000000000009";
export const ACME_PORT = "5d7a9c1e-a0a0-4b3d-9f2a-00000000000b";

export function boot(options: NetsvcEmulatorOptions = {}): Promise<NetsvcEmulator> {
  return startNetsvcEmulator({ clock: { start: START, speed: 0 }, ...options });
}

/** Parsed JSON responses are untyped on purpose: the tests assert the wire shape field by field. */
export type Wire = any;

export interface Res {
  status: number;
  headers: Headers;
  body: Wire;
}

export const basic = (key: string, secret: string): string =>
  `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

export async function tokenRequest(
  emu: NetsvcEmulator,
  authorization?: string,
  query = "?grant_type=client_credentials",
): Promise<Res> {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "application/json",
  };
  if (authorization !== undefined) headers["Authorization"] = authorization;
  const r = await fetch(`${emu.tokenUrl}${query}`, { method: "POST", headers });
  return { status: r.status, headers: r.headers, body: await r.json() };
}

export class Client {
  token: string | undefined;

  constructor(readonly emu: NetsvcEmulator) {}

  async login(): Promise<string> {
    const { accessKey, secretKey } = this.emu.credentials;
    const r = await tokenRequest(this.emu, basic(accessKey, secretKey));
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    this.token = r.body.access_token as string;
    return this.token;
  }

  /** One API call with the headers mpgo sends (§1.3); logs in first when needed. */
  async call(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Res> {
    const token = this.token ?? (await this.login());
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      "User-Agent": "netsvc-emulator-tests",
      ...extraHeaders,
    };
    if (method !== "GET") headers["Content-Type"] = "application/json";
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const r = await fetch(`${this.emu.url}${path}`, init);
    const text = await r.text();
    return { status: r.status, headers: r.headers, body: text === "" ? undefined : JSON.parse(text) };
  }

  get = (path: string): Promise<Res> => this.call("GET", path);
  post = (path: string, body?: unknown): Promise<Res> => this.call("POST", path, body);
  put = (path: string, body?: unknown): Promise<Res> => this.call("PUT", path, body);
  del = (path: string): Promise<Res> => this.call("DELETE", path);

  /** Buys one design and returns the response; fails the test on a non-200 answer. */
  async buy(...items: unknown[]): Promise<Wire[]> {
    const r = await this.post("/v4/networkdesign/buy", { networkDesign: items, discountCodes: [] });
    if (r.status !== 200) throw new Error(`buy failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data as Wire[];
  }

  async buyPort(overrides: Record<string, unknown> = {}): Promise<string> {
    return (await this.buy(portOrder(overrides)))[0].technicalServiceUid as string;
  }

  async buyMcr(overrides: Record<string, unknown> = {}): Promise<string> {
    return (await this.buy(mcrOrder(overrides)))[0].technicalServiceUid as string;
  }

  async buyVxc(aUid: string, item: Record<string, unknown>): Promise<string> {
    return (await this.buy(vxcOrder(aUid, item)))[0].vxcJTechnicalServiceUid as string;
  }

  async product(uid: string): Promise<Wire> {
    const r = await this.get(`/v2/product/${uid}`);
    if (r.status !== 200) throw new Error(`GET ${uid}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
}

/** A Port order as mpgo builds it (§3.1), including the always-sent createDate 0 and virtual false. */
export function portOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productName: "edge-port",
    term: 12,
    productType: "MEGAPORT",
    portSpeed: 10000,
    locationId: 3,
    createDate: 0,
    virtual: false,
    market: "",
    marketplaceVisibility: false,
    config: {},
    ...overrides,
  };
}

export function mcrOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    locationId: 3,
    productName: "core-router",
    term: 1,
    productType: "MCR2",
    portSpeed: 5000,
    costCentre: "",
    config: {},
    ...overrides,
  };
}

export function mveOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    locationId: 3,
    productName: "edge-fw",
    term: 12,
    productType: "MVE",
    vendorConfig: {
      vendor: "fortinet",
      imageId: 83,
      productSize: "SMALL",
      licenseData: "LICENSE-SECRET-123",
      adminSshPublicKey: "ssh-ed25519 AAAA test",
    },
    vnics: [{ description: "Data Plane", vlan: 0 }],
    config: {},
    ...overrides,
  };
}

export function vxcOrder(aUid: string, item: Record<string, unknown>): Record<string, unknown> {
  return {
    productUid: aUid,
    associatedVxcs: [
      { productName: "link", rateLimit: 500, term: 12, shutdown: false, aEnd: { productUid: aUid }, ...item },
    ],
  };
}

/** Stops the emulator after checking that no handler threw unexpectedly (each such throw was answered 500). */
export async function stopClean(emu: NetsvcEmulator): Promise<void> {
  const errors = [...emu.state.internalErrors()];
  await emu.stop();
  if (errors.length > 0) throw new Error(`emulator internal errors:\n${errors.join("\n")}`);
}
