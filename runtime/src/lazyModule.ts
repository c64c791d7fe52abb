/**
 * The values of a module, loaded on first use. A package root that re-exported thousands of generated
 * modules statically would load them all on import (about 2 s for 2,000 entities); the root instead
 * exports stand-ins from here, and a module is loaded (synchronously, with `require`, which loads ES
 * modules on every Node the packages support) when one of its values is first called, constructed or
 * read. A bundler reads the package's static root instead (the "module" condition) and tree-shakes it.
 *
 * A stand-in forwards every operation to the value: calls, `new`, `instanceof`, statics, properties,
 * keys, JSON and `util.inspect`. Once the module is loaded the root's bindings are the values
 * themselves (`onLoad`); before that, a stand-in is the one thing not `===` to the value its module's
 * subpath exports (its behaviour, prototype and `instanceof` are the value's).
 */
export interface LazyModule<M> {
  /** A stand-in for the module's function or class `name`. */
  function<K extends keyof M & string>(name: K): M[K];
  /** A stand-in for the module's export `name` that is neither a function nor a class. */
  value<K extends keyof M & string>(name: K): M[K];
  /**
   * Calls `loaded` with the module once it is loaded. The root sets its exported bindings to the
   * module's own values there, so that from then on they are the values themselves (`===` those of
   * the subpath), not stand-ins; a stand-in a program kept still works.
   */
  onLoad(loaded: (module: M) => void): void;
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** The mark of a name in `lazyModules`'s rows whose value is neither a function nor a class. */
const VALUE = ":value";

/**
 * Stand-ins for the values of a package root's modules loaded on first use, in the order of `modules`:
 * JSON text of one row a module, its path and the names of its values, a name ending in `:value` for a
 * value that is neither a function nor a class. A module is loaded with `load(path)` on first use of
 * one of its values; `loaded(path, module)` is called then (the root rebinds its exports to its values).
 *
 * The root passes its modules as JSON text and reads the stand-ins by position. Measured on importing
 * a 2,000-entity root: a call per module and per value, as it was written before, cost ~10 ms more
 * (V8 compiles each statement into code of its own), and the rows as an array literal ~15 ms more
 * (V8 builds a literal's boilerplate as it parses it; JSON.parse reads text much faster).
 */
export function lazyModules(
  load: (path: string) => unknown,
  loaded: (path: string, module: unknown) => void,
  modules: string,
): unknown[] {
  const standIns: unknown[] = [];
  for (const row of JSON.parse(modules) as string[][]) {
    const path = row[0]!;
    const loader = new Loader(() => load(path) as Record<string, object>);
    loader.onLoad((m) => loaded(path, m));
    for (let i = 1; i < row.length; i++) {
      const name = row[i]!;
      standIns.push(
        name.endsWith(VALUE)
          ? standIn(loader, name.slice(0, -VALUE.length), "object")
          : standIn(loader, name, "function"),
      );
    }
  }
  return standIns;
}

export function lazyModule<M>(load: () => M): LazyModule<M> {
  const loader = new Loader(load);
  // A stand-in reads the module's exports by name, whatever M says of them.
  const source = loader as unknown as ModuleSource;
  return {
    function: (name) => standIn(source, name, "function") as never,
    value: (name) => standIn(source, name, "object") as never,
    onLoad: (listener) => loader.onLoad(listener),
  };
}

/**
 * A module loaded on its first use, which then tells its listeners. A class, not closures: the
 * runtime's build keeps functions' names (esbuild's keepNames), which costs a call per named closure
 * made, and a 2,000-entity root made four per module on import (13 ms of it).
 */
class Loader<M> {
  private loaded: M | undefined;
  private readonly listeners: ((module: M) => void)[] = [];

  constructor(private readonly load: () => M) {}

  module(): M {
    if (this.loaded === undefined) {
      this.loaded = this.load();
      for (const listener of this.listeners) listener(this.loaded);
    }
    return this.loaded;
  }

  onLoad(listener: (module: M) => void): void {
    this.listeners.push(listener);
  }
}

/** What a stand-in's target holds: its module (loaded on call), its name there, and the stand-in itself (for `new`). */
const MODULE = Symbol("module");
const NAME = Symbol("name");
const SELF = Symbol("standIn");
/** What a stand-in reads its value from: its module's exports, loaded on first use. */
type ModuleSource = { module(): Record<string, object> };
type Target = { [MODULE]: ModuleSource; [NAME]: string; [SELF]: object };

// One handler for every stand-in (a package root makes thousands): each trap reads its target.
const real = (t: Target): object => t[MODULE].module()[t[NAME]]!;

/** A fixed property reported by a trap must exist on the target too (a proxy invariant): copy it. */
function described(t: Target, key: PropertyKey): PropertyDescriptor | undefined {
  const d = Reflect.getOwnPropertyDescriptor(real(t), key);
  if (d && !d.configurable && !Reflect.getOwnPropertyDescriptor(t, key)) Reflect.defineProperty(t, key, d);
  return d;
}

const HANDLER: ProxyHandler<Target> = {
  // The target's own module and name, which inspectValue reads through the stand-in (its `this`).
  get: (t, key) => (key === MODULE ? t[MODULE] : key === NAME ? t[NAME] : Reflect.get(real(t), key)),
  set: (t, key, value) => Reflect.set(real(t), key, value),
  has: (t, key) => Reflect.has(real(t), key),
  ownKeys: (t) => {
    const keys = Reflect.ownKeys(real(t));
    for (const key of keys) described(t, key);
    return keys;
  },
  getOwnPropertyDescriptor: (t, key) => described(t, key),
  defineProperty: (t, key, d) => Reflect.defineProperty(real(t), key, d) && (described(t, key), true),
  deleteProperty: (t, key) => Reflect.deleteProperty(real(t), key),
  getPrototypeOf: (t) => Reflect.getPrototypeOf(real(t)),
  apply: (t, self, args) => Reflect.apply(real(t) as (...a: unknown[]) => unknown, self, args),
  // `new StandIn()` builds the value's own instance: its constructor is the class itself.
  construct: (t, args, newTarget) => {
    const value = real(t) as new (...a: unknown[]) => object;
    return Reflect.construct(value, args, newTarget === t[SELF] ? value : newTarget);
  },
};

// util.inspect shows a proxy's target, not what its traps answer: the target inspects the value
// (called with the stand-in or the target as `this`).
function inspectValue(this: Target, _depth: number, options: object, inspect: (v: unknown, o: object) => string) {
  return inspect(real(this), options);
}

function noop() {}

/**
 * A stand-in for the export `name` of a module. Its target's own keys are plain assignments (no
 * closure, no descriptor objects): a 2,000-entity root makes 6,000 stand-ins on import, and building
 * each with its own closures and defineProperties was a third of that import.
 */
function standIn(module: ModuleSource, name: string, kind: "function" | "object"): object {
  // A bound function is callable and constructible yet owns no `prototype`, whose fixed descriptor
  // would otherwise have to match every value's (an async function has none; a class's is read-only).
  // Its own keys are configurable, so traps may leave them out.
  const target = (kind === "function" ? noop.bind(null) : {}) as unknown as Target & { [INSPECT]: unknown };
  const proxy = new Proxy(target, HANDLER);
  target[MODULE] = module;
  target[NAME] = name;
  target[SELF] = proxy;
  target[INSPECT] = inspectValue;
  return proxy;
}
