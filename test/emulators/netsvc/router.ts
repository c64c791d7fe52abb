/**
 * A minimal path router: patterns such as `/v2/product/:uid/tags`, matched segment by segment. When several patterns
 * match, the one with more literal segments wins, so `/v2/product/mcr2/:uid` beats `/v2/product/:uid/tags`.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Reply } from "./envelope.js";
import type { Store } from "./state.js";

export interface Ctx {
  store: Store;
  now: number;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export type Handler = (ctx: Ctx) => Reply;

interface Route {
  method: string;
  segments: string[];
  literals: number;
  handler: Handler;
}

export type RouteMatch =
  | { kind: "found"; handler: Handler; params: Record<string, string> }
  | { kind: "wrongMethod"; allowed: string[] }
  | { kind: "none" };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const segments = pattern.split("/").filter((s) => s !== "");
    const literals = segments.filter((s) => !s.startsWith(":")).length;
    this.routes.push({ method: method.toUpperCase(), segments, literals, handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const parts = path.split("/").filter((s) => s !== "");
    let best: { route: Route; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method !== method.toUpperCase()) {
        allowed.add(route.method);
        continue;
      }
      if (!best || route.literals > best.route.literals) best = { route, params };
    }
    if (best) return { kind: "found", handler: best.route.handler, params: best.params };
    return allowed.size > 0 ? { kind: "wrongMethod", allowed: [...allowed] } : { kind: "none" };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    const v = parts[i] ?? "";
    if (p.startsWith(":")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(v);
      } catch {
        return undefined;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== v) return undefined;
  }
  return params;
}
