import type * as Http from "node:http";
import type * as Https from "node:https";
import type * as Tls from "node:tls";

/*
 * node:http, node:https and node:tls, loaded on first use: a program that imports a generated package
 * pays for them once it makes a request, not on import (12 ms of importing a package root, measured).
 */
let http: typeof Http | undefined;
let https: typeof Https | undefined;
let tls: typeof Tls | undefined;

export const nodeHttp = (): typeof Http => (http ??= process.getBuiltinModule("node:http"));
export const nodeHttps = (): typeof Https => (https ??= process.getBuiltinModule("node:https"));
export const nodeTls = (): typeof Tls => (tls ??= process.getBuiltinModule("node:tls"));
