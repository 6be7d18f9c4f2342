/**
 * One result per key object, kept as long as the key lives: what is derived from a catalogue snapshot
 * (its index, the listing's bounds) is built once per snapshot, and the same object comes back, so React
 * hooks and memo'd components that depend on it see no change until the catalogue changes.
 */
export function memoPerObject<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    if (results.has(key)) return results.get(key) as V;
    const value = make(key);
    results.set(key, value);
    return value;
  };
}
