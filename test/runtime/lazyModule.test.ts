import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { lazyModule, lazyModules } from "../../runtime/src/lazyModule.js";

class Thing {
  static readonly token = "t:index/thing:Thing";
  static make(name: string): Thing {
    return new Thing(name);
  }
  constructor(readonly name: string) {}
  greet(): string {
    return `hello ${this.name}`;
  }
}
const descriptor = Object.freeze({ kind: "resource", fields: { name: { type: "string" } } });
async function lookup(n: number): Promise<number> {
  return n * 2;
}
const MODULE = { Thing, descriptor, lookup };

function standIns() {
  let loads = 0;
  const m = lazyModule<typeof MODULE>(() => (loads++, MODULE));
  return {
    Thing: m.function("Thing"),
    descriptor: m.value("descriptor"),
    lookup: m.function("lookup"),
    loads: () => loads,
  };
}

describe("lazyModule", () => {
  it("loads nothing until a value is used, then the module once", () => {
    const s = standIns();
    expect(s.loads()).toBe(0);
    expect(s.Thing.token).toBe(Thing.token);
    void s.descriptor.kind;
    expect(s.loads()).toBe(1);
  });

  it("constructs, calls statics and keeps instanceof both ways", () => {
    const s = standIns();
    const a = new s.Thing("a");
    expect(a).toBeInstanceOf(Thing);
    expect(a).toBeInstanceOf(s.Thing);
    expect(a.constructor).toBe(Thing);
    expect(s.Thing.make("b").greet()).toBe("hello b");
    expect(new Thing("c")).toBeInstanceOf(s.Thing);
    expect(s.Thing.name).toBe("Thing");
    expect(typeof s.Thing).toBe("function");
  });

  it("can be extended like the class", () => {
    const s = standIns();
    class Sub extends s.Thing {
      shout(): string {
        return this.greet().toUpperCase();
      }
    }
    const x = new Sub("x");
    expect(x.shout()).toBe("HELLO X");
    expect(x).toBeInstanceOf(Thing);
  });

  it("calls functions, async ones included", async () => {
    expect(await standIns().lookup(21)).toBe(42);
  });

  it("reads as the object: keys, descriptors of frozen properties, JSON, typeof", () => {
    const s = standIns();
    expect(typeof s.descriptor).toBe("object");
    expect(Object.keys(s.descriptor)).toEqual(["kind", "fields"]);
    expect(Object.getOwnPropertyDescriptor(s.descriptor, "kind")).toMatchObject({ value: "resource", writable: false });
    expect(JSON.parse(JSON.stringify(s.descriptor))).toEqual(descriptor);
    expect({ ...s.descriptor }).toEqual(descriptor);
    expect("fields" in s.descriptor).toBe(true);
    expect(Object.isFrozen(descriptor)).toBe(true);
    expect(Object.getOwnPropertyNames(s.Thing)).toEqual(Object.getOwnPropertyNames(Thing));
  });

  it("tells its listeners the module once it is loaded, so the root can bind the values themselves", () => {
    const m = lazyModule<typeof MODULE>(() => MODULE);
    let Bound = m.function("Thing");
    const seen: unknown[] = [];
    m.onLoad((loaded) => ((Bound = loaded.Thing), seen.push(loaded)));
    expect(Bound).not.toBe(Thing);
    void new Bound("a");
    expect(Bound).toBe(Thing);
    void m.value("descriptor").kind;
    expect(seen).toEqual([MODULE]);
  });

  it("prints as the value it stands for", () => {
    const s = standIns();
    expect(inspect(s.descriptor)).toBe(inspect(descriptor));
    expect(inspect(s.Thing)).toBe(inspect(Thing));
    expect(inspect({ nested: { lookup: s.lookup } }, { depth: 5 })).toBe(inspect({ nested: { lookup } }, { depth: 5 }));
  });
});

describe("lazyModules", () => {
  const OTHER = { other: () => "other", table: { a: 1 } };
  const rows = JSON.stringify([
    ["./thing.js", "Thing", "descriptor:value", "lookup"],
    ["./other.js", "other", "table:value"],
  ]);

  it("stands in for each row's values in order, loading a module by its path once, on first use", () => {
    const loads: string[] = [];
    const bound: [string, unknown][] = [];
    const modules: Record<string, object> = { "./thing.js": MODULE, "./other.js": OTHER };
    const load = (path: string) => (loads.push(path), modules[path]);
    const [T, d, lookupStandIn, other, table] = lazyModules(load, (path, m) => bound.push([path, m]), rows) as [
      typeof Thing,
      typeof descriptor,
      typeof lookup,
      () => string,
      { a: number },
    ];
    expect(loads).toEqual([]);
    expect(typeof T).toBe("function");
    expect(typeof d).toBe("object");
    expect(typeof table).toBe("object");
    expect(new T("a").greet()).toBe("hello a");
    expect(d.kind).toBe("resource");
    expect(typeof lookupStandIn).toBe("function");
    expect(loads).toEqual(["./thing.js"]);
    expect(bound).toEqual([["./thing.js", MODULE]]);
    expect(other()).toBe("other");
    expect(table.a).toBe(1);
    expect(loads).toEqual(["./thing.js", "./other.js"]);
    expect(bound.map(([path]) => path)).toEqual(["./thing.js", "./other.js"]);
  });
});
