/** `f`, computed once per object it is given (held weakly, so the result goes with the object). */
export function oncePer<K extends object, V>(f: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    let value = results.get(key);
    if (value === undefined) results.set(key, (value = f(key)));
    return value;
  };
}
