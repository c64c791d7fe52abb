/** What an action handler gets and returns. */
import type { Fields } from "./envelope.js";
import type { Params } from "./params.js";
import type { Store } from "./state.js";
import type { KeyRec } from "./types.js";

export interface Ctx {
  store: Store;
  /** Virtual time of the request, epoch ms. */
  now: number;
  p: Params;
  /** `X-TC-Region`, or the default region when absent. */
  region: string;
  /** The key that signed the request; undefined for the unsigned STS actions. */
  key: KeyRec | undefined;
}

/** Returns the fields of `Response` (the server adds `RequestId`); throws `ApiError` for `Response.Error`. */
export type Handler = (ctx: Ctx) => Fields;

export interface ServiceDef {
  version: string;
  actions: Record<string, Handler>;
}
