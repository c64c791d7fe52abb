/** The in-memory world of one emulator: keys, the request log and every object of every service. */
import type { VirtualClock } from "../clock.js";
import { Ids } from "./ids.js";
import type { Obj } from "./params.js";
import type { Env, KeyRec, LoggedRequest, Principal } from "./types.js";

export interface StoreOptions {
  seed: number;
  accountId: string;
  /** Virtual ms a service release (and an API doc build) takes before it shows as done. */
  releaseDelayMs: number;
}

export interface ServiceRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  /** Released environments: version and when the release completes (virtual ms). */
  releases: Map<Env, { version: string; desc: string; readyAt: number }>;
  history: { env: Env; VersionName: string; VersionDesc: string; ReleaseTime: string }[];
  /** Per-environment QPS limits; -1 is unlimited. */
  strategy: Record<Env, number>;
}

export interface ApiRec {
  serviceId: string;
  apiId: string;
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  strategy: Record<Env, number>;
}

export interface UsagePlanRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  secretIds: string[];
}

export interface BindingRec {
  usagePlanId: string;
  serviceId: string;
  env: Env;
  bindType: "SERVICE" | "API";
  apiId: string;
  createdAt: number;
}

export interface IpStrategyRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  /** APIs bound with BindIPStrategy, per environment, in binding order. */
  bound: { apiId: string; env: Env }[];
}

export interface PluginRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  attached: { serviceId: string; apiId: string; env: Env; at: number }[];
}

export interface DomainRec {
  serviceId: string;
  fields: Obj;
}

export interface ApiKeyRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
}

export interface AppRec {
  fields: Obj;
  createdAt: number;
  modifiedAt: number;
  bindings: { serviceId: string; apiId: string; env: Env; at: number }[];
}

export interface DocRec {
  fields: Obj;
  readyAt: number;
}

export class Store {
  readonly ids: Ids;
  readonly requests: LoggedRequest[] = [];
  readonly internalErrors: string[] = [];
  readonly keys = new Map<string, KeyRec>();
  /** Temporary credentials issued (STS and metadata), for tests. */
  issued = 0;

  readonly addressTemplates = new Map<string, Obj>();
  readonly addressTemplateGroups = new Map<string, Obj>();

  readonly bgpInstances: Obj[] = [];
  readonly ddosEvents: Obj[] = [];
  readonly listeners: { layer4: Obj[]; layer7: Obj[] } = { layer4: [], layer7: [] };
  /** Device status by IP or instance id: 1 blocking, 2 normal, 3 attack (seed "States and transitions"). */
  readonly deviceStatus = new Map<string, { status: number; clb: boolean }>();

  readonly services = new Map<string, ServiceRec>();
  readonly apis = new Map<string, ApiRec>();
  readonly usagePlans = new Map<string, UsagePlanRec>();
  readonly bindings: BindingRec[] = [];
  readonly ipStrategies = new Map<string, IpStrategyRec>();
  readonly plugins = new Map<string, PluginRec>();
  readonly domains: DomainRec[] = [];
  readonly apiKeys = new Map<string, ApiKeyRec>();
  readonly apps = new Map<string, AppRec>();
  readonly docs = new Map<string, DocRec>();
  /** Tags by resource name (`qcs::apigw:<region>:uin/:service/<id>`). */
  readonly tags = new Map<string, Map<string, string>>();

  constructor(
    readonly options: StoreOptions,
    readonly clock: VirtualClock,
  ) {
    this.ids = new Ids(options.seed);
  }

  now(): number {
    return this.clock.now();
  }

  rootPrincipal(): Principal {
    const uin = this.options.accountId;
    return { Arn: `qcs::cam::uin/${uin}:uin/${uin}`, UserId: uin, PrincipalId: uin, Type: "RootAccount" };
  }
}
