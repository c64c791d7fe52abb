/** Records the store keeps. Wire-named fields (PascalCase) are what the actions return; camelCase ones are internal. */
export type Env = "test" | "prepub" | "release";
export const ENVS: readonly Env[] = ["test", "prepub", "release"];

/** Who a key belongs to, for GetCallerIdentity. */
export interface Principal {
  Arn: string;
  UserId: string;
  PrincipalId: string;
  Type: string;
}

export interface KeyRec {
  secretId: string;
  secretKey: string;
  /** Temporary keys only: the token that must come with them, and when they stop working (virtual epoch ms). */
  token?: string | undefined;
  expiresAt?: number | undefined;
  principal: Principal;
}

export interface LoggedRequest {
  seq: number;
  /** Virtual time of arrival, epoch ms. */
  at: number;
  method: string;
  /** Raw request target (origin-form `/` or absolute-form through a proxy). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Routed service (`vpc`, `apigateway`, …, or `metadata`), action and version; empty when unknown. */
  service: string;
  action: string;
  version: string;
  /** `Response.Error.Code` of the answer, null on success or when nothing was answered. */
  errorCode: string | null;
  /** The injected fault kind, if one fired. */
  fault: string | null;
}
