/**
 * Reads an action's parameters the way the platform checks them: a missing required one is `MissingParameter`, a wrong
 * JSON type `InvalidParameter`, a value out of range `InvalidParameterValue`, and any parameter the action does not
 * know `UnknownParameter` (checked by `done()`). GET requests carry every value as a string, so `lenient` coerces.
 */
import { ApiError, invalidType, invalidValue, missing } from "./envelope.js";

export type Obj = Record<string, unknown>;

interface IntRange {
  min?: number;
  max?: number;
}

export class Params {
  private readonly used = new Set<string>();

  constructor(
    readonly raw: Obj,
    private readonly lenient = false,
  ) {}

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  /** Marks parameters the action accepts but the emulator does not interpret. */
  accept(...names: string[]): this {
    for (const n of names) this.used.add(n);
    return this;
  }

  optStr(name: string): string | undefined {
    this.used.add(name);
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "string") return v;
    if (this.lenient && typeof v === "number") return String(v);
    throw invalidType(name, "String");
  }

  str(name: string): string {
    const v = this.optStr(name);
    if (v === undefined || v === "") throw missing(name);
    return v;
  }

  optEnum<T extends string>(name: string, values: readonly T[]): T | undefined {
    const v = this.optStr(name);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v)) throw invalidValue(name, v, `must be one of ${values.join(", ")}`);
    return v as T;
  }

  enum<T extends string>(name: string, values: readonly T[]): T {
    const v = this.optEnum(name, values);
    if (v === undefined) throw missing(name);
    return v;
  }

  optInt(name: string, range: IntRange = {}): number | undefined {
    this.used.add(name);
    let v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (this.lenient && typeof v === "string" && /^-?\d+$/.test(v)) v = Number(v);
    if (typeof v !== "number" || !Number.isInteger(v)) throw invalidType(name, "Integer");
    if ((range.min !== undefined && v < range.min) || (range.max !== undefined && v > range.max))
      throw invalidValue(name, v, `must be within ${range.min ?? "-inf"}..${range.max ?? "inf"}`);
    return v;
  }

  int(name: string, range: IntRange = {}): number {
    const v = this.optInt(name, range);
    if (v === undefined) throw missing(name);
    return v;
  }

  optBool(name: string): boolean | undefined {
    this.used.add(name);
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "boolean") return v;
    if (this.lenient && (v === "true" || v === "false")) return v === "true";
    throw invalidType(name, "Boolean");
  }

  optStrList(name: string): string[] | undefined {
    const list = this.optList(name);
    if (list === undefined) return undefined;
    return list.map((v, i) => {
      if (typeof v === "string") return v;
      if (this.lenient && typeof v === "number") return String(v);
      throw invalidType(`${name}.${i}`, "String");
    });
  }

  strList(name: string): string[] {
    const v = this.optStrList(name);
    if (v === undefined || v.length === 0) throw missing(name);
    return v;
  }

  optObjList(name: string): Obj[] | undefined {
    const list = this.optList(name);
    return list?.map((v, i) => {
      if (typeof v !== "object" || v === null || Array.isArray(v)) throw invalidType(`${name}.${i}`, "Object");
      return v as Obj;
    });
  }

  optObj(name: string): Obj | undefined {
    this.used.add(name);
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "object" || Array.isArray(v)) throw invalidType(name, "Object");
    return v as Obj;
  }

  /** `Filters: [{Name, Values}]` with the names the action supports. */
  filters(names: readonly string[], param = "Filters"): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [i, f] of (this.optObjList(param) ?? []).entries()) {
      const sub = new Params(f, this.lenient);
      const name = sub.str("Name");
      if (!names.includes(name)) throw invalidValue(`${param}.${i}.Name`, name, `must be one of ${names.join(", ")}`);
      out.set(name, [...(out.get(name) ?? []), ...(sub.optStrList("Values") ?? [])]);
      sub.done(`${param}.${i}.`);
    }
    return out;
  }

  /** Throws `UnknownParameter` for the first parameter no reader or `accept` claimed. */
  done(prefix = ""): void {
    for (const key of Object.keys(this.raw))
      if (!this.used.has(key))
        throw new ApiError("UnknownParameter", `The parameter \`${prefix}${key}\` is not recognized.`);
  }

  private optList(name: string): unknown[] | undefined {
    this.used.add(name);
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) throw invalidType(name, "Array");
    return v;
  }
}
