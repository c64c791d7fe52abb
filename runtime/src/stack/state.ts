import { Secret } from "../secret.js";
import type { Values } from "../lifecycle/resource.js";
import { isSealed, seal, StateKeyError, unseal, type Encryption } from "./sealing.js";

/**
 * A stack's state, format 1 (documented in runtime/STATE.md): what each logical resource is on the
 * service, as last applied and read. Secrets are Secrets in memory and sealed on disk.
 */
export interface StackState {
  readonly stack: string;
  readonly resources: Readonly<Record<string, ResourceRecord>>;
}

export interface ResourceRecord {
  /** The kind's token (`netsvc:index/port:Port`). */
  readonly kind: string;
  /** The service's id; absent while a create that may have been sent has not answered. */
  readonly id?: string | Secret<string> | undefined;
  /** The inputs as last applied. */
  readonly inputs: Values;
  /** The inputs and outputs as last read. */
  readonly outputs: Values;
  /** Logical names it was made from (references and dependsOn): deleted after them, made before. */
  readonly dependencies: readonly string[];
  /** Objects it replaced, made first, whose deletion has not been recorded yet: deleted by the next run. */
  readonly deposed?: readonly (string | Secret<string>)[];
  /** Set before an operation is sent, cleared once its outcome is recorded. */
  readonly pending?: { readonly operation: "create" | "update" | "replace" | "delete"; readonly since: string };
  readonly protect?: boolean;
  readonly retainOnDelete?: boolean;
}

const FORMAT = "sdkgen-stack";
const VERSION = 1;

interface StateFile {
  readonly format: typeof FORMAT;
  readonly version: typeof VERSION;
  readonly stack: string;
  readonly encryption?: Encryption;
  readonly resources: Record<string, unknown>;
}

export const emptyState = (stack: string): StackState => ({ stack, resources: {} });

/** The state as file text: Secrets sealed (there must be a key when there is one), keys in a stable order. */
export function serializeState(
  state: StackState,
  key: { key: Uint8Array; encryption: Encryption } | undefined,
): string {
  let sealed = false;
  const walk = (v: unknown): unknown => {
    if (v instanceof Secret) {
      if (!key)
        throw new StateKeyError(
          "the state holds secrets, and no key seals them: set SDKGEN_STACK_PASSPHRASE (or SDKGEN_STACK_KEY_FILE to a file of 32 random bytes)",
        );
      sealed = true;
      return seal(v.reveal(), key.key);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .flatMap((k) => ((v as Values)[k] === undefined ? [] : [[k, walk((v as Values)[k])]])),
      );
    return v;
  };
  const resources = walk(state.resources) as Record<string, unknown>;
  const file: StateFile = {
    format: FORMAT,
    version: VERSION,
    stack: state.stack,
    ...(sealed && key ? { encryption: key.encryption } : {}),
    resources,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The encryption a state file records, to derive its key before reading it. */
export function recordedEncryption(text: string): Encryption | undefined {
  return (parseFile(text).encryption ?? undefined) as Encryption | undefined;
}

export function deserializeState(text: string, key: Uint8Array | undefined): StackState {
  const file = parseFile(text);
  const walk = (v: unknown): unknown => {
    if (isSealed(v)) {
      if (!key)
        throw new StateKeyError(
          "the state holds sealed secrets: set SDKGEN_STACK_PASSPHRASE (or SDKGEN_STACK_KEY_FILE) to the key it was written with",
        );
      return unseal(v, key);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { stack: file.stack, resources: walk(file.resources) as Record<string, ResourceRecord> };
}

function parseFile(text: string): StateFile {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (e) {
    throw new Error(`the stack state is not JSON (${(e as Error).message})`);
  }
  const f = file as Partial<StateFile> | null;
  if (f?.format !== FORMAT || typeof f.stack !== "string" || typeof f.resources !== "object")
    throw new Error(`the stack state is not an ${FORMAT} file`);
  if (f.version !== VERSION)
    throw new Error(`the stack state is format ${String(f.version)}; this runtime reads format ${VERSION}`);
  const problem = recordsProblem(f.resources);
  if (problem) throw new Error(`the stack state is not a valid ${FORMAT} file: ${problem}`);
  return f as StateFile;
}

const OPERATIONS = new Set(["create", "update", "replace", "delete"]);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): boolean => typeof v === "string" || isSealed(v);

/**
 * What is wrong with a file's records, by STATE.md's format 1 (an edited or damaged file), or
 * undefined: every field the engine reads has the shape it reads, so a bad file is named, not a TypeError.
 */
function recordsProblem(resources: unknown): string | undefined {
  if (!isObject(resources)) return `"resources" must be an object of records (got ${JSON.stringify(resources)})`;
  for (const [name, r] of Object.entries(resources)) {
    const problem = !isObject(r)
      ? "must be an object"
      : typeof r.kind !== "string" || !r.kind.includes(":")
        ? `"kind" must be a token such as "netsvc:index/port:Port"`
        : r.id !== undefined && !isId(r.id)
          ? `"id" must be a string or a sealed secret`
          : !isObject(r.inputs) || !isObject(r.outputs)
            ? `"inputs" and "outputs" must be objects`
            : !Array.isArray(r.dependencies) || !r.dependencies.every((d) => typeof d === "string")
              ? `"dependencies" must be a list of names`
              : r.deposed !== undefined && !(Array.isArray(r.deposed) && r.deposed.every(isId))
                ? `"deposed" must be a list of ids`
                : r.pending !== undefined &&
                    !(
                      isObject(r.pending) &&
                      OPERATIONS.has(r.pending.operation as string) &&
                      typeof r.pending.since === "string"
                    )
                  ? `"pending" must be { operation: create, update, replace or delete, since: a time }`
                  : undefined;
    if (problem) return `resource "${name}": ${problem}`;
  }
  return undefined;
}
