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

export function lazyModule<M>(load: () => M): LazyModule<M> {
  let loaded: M | undefined;
  const listeners: ((module: M) => void)[] = [];
  const module = (): M => {
    if (loaded === undefined) {
      loaded = load();
      for (const listener of listeners) listener(loaded);
    }
    return loaded;
  };
  return {
    function: (name) => standIn(() => module()[name] as object, "function") as never,
    value: (name) => standIn(() => module()[name] as object, "object") as never,
    onLoad: (listener) => void listeners.push(listener),
  };
}

function standIn(real: () => object, kind: "function" | "object"): object {
  // A bound function is callable and constructible yet owns no `prototype`, whose fixed descriptor
  // would otherwise have to match every value's (an async function has none; a class's is read-only).
  const target: object = kind === "function" ? function () {}.bind(null) : {};
  // util.inspect shows a proxy's target, not what its traps answer: the target inspects the value.
  Object.defineProperty(target, INSPECT, {
    configurable: true,
    value: (_depth: number, options: object, inspect: (v: unknown, o: object) => string) => inspect(real(), options),
  });
  /** A fixed property reported by a trap must exist on the target too (a proxy invariant): copy it. */
  const described = (key: PropertyKey) => {
    const d = Reflect.getOwnPropertyDescriptor(real(), key);
    if (d && !d.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) Reflect.defineProperty(target, key, d);
    return d;
  };
  const proxy: object = new Proxy(target, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => {
      const keys = Reflect.ownKeys(real());
      for (const key of keys) described(key);
      return keys;
    },
    getOwnPropertyDescriptor: (_, key) => described(key),
    defineProperty: (_, key, d) => Reflect.defineProperty(real(), key, d) && (described(key), true),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    apply: (_, self, args) => Reflect.apply(real() as (...a: unknown[]) => unknown, self, args),
    // `new StandIn()` builds the value's own instance: its constructor is the class itself.
    construct: (_, args, newTarget) => {
      const value = real() as new (...a: unknown[]) => object;
      return Reflect.construct(value, args, newTarget === proxy ? value : newTarget);
    },
  });
  return proxy;
}
