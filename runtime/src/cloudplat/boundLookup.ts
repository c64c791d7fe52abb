import { createHash } from "node:crypto";
import type { LookupDescriptor } from "../descriptor.js";
import { idsAt, keepIdentified } from "../lifecycle/identified.js";
import type { LookupOps } from "../lifecycle/lookup.js";
import type { Values } from "../lifecycle/resource.js";
import { writeResultFile } from "../lifecycle/resultFile.js";
import { fromWire, getPath, toWire } from "../lifecycle/wire.js";
import { ValidationError } from "../validate.js";
import type { CloudplatLookupHooks, CloudplatLookupOperation, CloudplatPaging } from "./operations.js";
import { collectPages } from "./pagination.js";
import type { CloudplatProvider } from "./provider.js";
import { fillRequest, placeholders } from "./requestTemplate.js";

/** A stable id for a list result or a query: a hash (the Terraform provider's habit, made deterministic). */
export const hashOfIds = (ids: readonly unknown[]): string =>
  createHash("sha256").update(ids.map(String).join("\n")).digest("hex").slice(0, 16);

/**
 * The one interpreter of cloudplat lookup bindings: the request from the inputs, the answer (every
 * page of a paged list), the hook's completion, the `id` filter (one rule for every lookup), the
 * result's id, the outputs read from the wire (secrets wrapped), and `resultOutputFile`.
 */
export function boundLookupOps(p: CloudplatProvider, d: LookupDescriptor<CloudplatLookupOperation>): LookupOps {
  const op = d.operation;
  if (op === undefined || op === "hook") throw new Error(`${d.token}: a cloudplat lookup is bound to an operation`);
  const hooks = (d.hooks ?? {}) as CloudplatLookupHooks;
  return async (args, ctx) => {
    const request = lookupRequest(d, op, args);
    const options = { version: op.version, signal: ctx.signal };
    const { paging } = op;
    const wire = paging
      ? { [paging.list]: await collectPages(p.client, op.service, op.action, request, pageSpec(paging), options) }
      : answerAt(await p.client.call<Values>(op.service, op.action, request, options), op.result);
    const hookCtx = { provider: p, client: p.client, descriptor: d, ...ctx };
    const answered = hooks.answer ? await hooks.answer(wire, args, hookCtx) : wire;
    const wanted = typeof args.id === "string" ? args.id : undefined;
    const kept = wanted !== undefined && op.identifiedBy ? keepIdentified(answered, op.identifiedBy, wanted) : answered;
    const id = resultId(op, args, kept, request);
    if (wanted !== undefined && !op.identifiedBy && wanted !== id)
      throw new ValidationError([
        {
          path: `${d.name}.id`,
          message: `${d.name}.id: "${wanted}" is not this query's result, whose id is "${id}" (${d.name} answers one result, and \`id\` names it)`,
        },
      ]);
    const result = { ...fromWire(d.results, kept), id };
    if (typeof args.resultOutputFile === "string") await writeResultFile(d.name, args.resultOutputFile, result);
    return result;
  };
}

/**
 * Every given input under its wire name, except those the operation places itself: in `request`
 * (an entry naming an input not given is left out) or as `Filters` entries; `notSent` inputs stay local.
 */
function lookupRequest(d: LookupDescriptor, op: CloudplatLookupOperation, args: Values): Values {
  const placed = new Set([...placeholders(op.request), ...Object.keys(op.filters ?? {})]);
  const sent = Object.fromEntries(Object.entries(d.inputs).filter(([name, f]) => !placed.has(name) && !f.notSent));
  const given = Object.fromEntries(
    Object.entries(op.request ?? {}).filter(([, v]) => placeholders({ v }).every((name) => args[name] !== undefined)),
  );
  const filters = Object.entries(op.filters ?? {}).flatMap(([input, name]) =>
    args[input] === undefined ? [] : [{ Name: name, Values: [String(args[input])] }],
  );
  return {
    ...toWire(sent, args),
    ...fillRequest(given, args, (name) => {
      throw new Error(`${d.name}: {${name}} has no value`);
    }),
    ...(op.filters && { Filters: filters }),
  };
}

const pageSpec = (paging: CloudplatPaging) => ({
  style: paging.style,
  listKey: paging.list,
  pageSize: paging.pageSize,
});

const answerAt = (answer: Values, path: string | undefined): Values =>
  path === undefined ? answer : ((getPath(answer, path) as Values | null | undefined) ?? {});

function resultId(op: CloudplatLookupOperation, args: Values, wire: Values, request: Values): string {
  if (typeof op.id === "string")
    return op.id.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => String(args[name] ?? ""));
  return op.id.hash === "request"
    ? hashOfIds([op.action, JSON.stringify(request)])
    : hashOfIds((op.identifiedBy ?? []).flatMap((path) => idsAt(wire, path)));
}
