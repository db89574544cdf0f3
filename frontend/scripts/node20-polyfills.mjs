// Vitest 5 prints failures with Map.groupBy, which Node 20 lacks (Node 21+ has it). Loaded by
// vite.config.ts, so it runs in vitest's main process before any reporting.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) (groups[keyOf(item, index++)] ??= []).push(item);
    return groups;
  };
}
