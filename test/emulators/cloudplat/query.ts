/**
 * GET requests carry parameters form-encoded and flattened (`Filters.0.Name=x`, reference §1.2); this rebuilds the
 * nested shape, numeric segments becoming array indices. Values stay strings (the readers coerce them).
 */
import type { Obj } from "./params.js";

export function unflatten(search: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [key, value] of search) {
    const parts = key.split(".");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? "");
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}
