// Shrinks a fuzzed schema that shows a finding to a small one that still shows it: greedy deletion
// of definitions, keywords, list elements and subschemas (replaced by true), repeated until no
// single deletion keeps the finding. The predicate decides "still shows it".
import type { JsonValue } from "../../ir/types";

type Path = (string | number)[];

function at(v: JsonValue, path: Path): JsonValue | undefined {
  let cur: JsonValue | undefined = v;
  for (const k of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = Array.isArray(cur) ? cur[k as number] : (cur as Record<string, JsonValue>)[k as string];
  }
  return cur;
}

/** Every container node's path, deepest last. */
function paths(v: JsonValue, prefix: Path = [], out: Path[] = []): Path[] {
  if (v === null || typeof v !== "object") return out;
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out);
  return out;
}

/** The edits of one node: delete each member or element; replace it by true or {}. */
function* edits(root: JsonValue, path: Path): Generator<JsonValue> {
  const node = at(root, path);
  if (node === null || typeof node !== "object") return;
  const copy = (): JsonValue => structuredClone(root);
  if (path.length > 0) {
    const parentKey = path[path.length - 2];
    // a subschema (not a value of enum/const/required/examples) may become true
    if (parentKey !== "enum" && parentKey !== "const" && path[path.length - 1] !== "$schema") {
      for (const replacement of [true, {}] as JsonValue[]) {
        const c = copy();
        const parent = at(c, path.slice(0, -1)) as Record<string, JsonValue> | JsonValue[];
        (parent as Record<string | number, JsonValue>)[path[path.length - 1]!] = replacement;
        yield c;
      }
    }
  }
  const keys = Array.isArray(node) ? node.map((_, i) => i).reverse() : Object.keys(node);
  for (const k of keys) {
    if (k === "$schema") continue;
    const c = copy();
    const n = at(c, path) as Record<string, JsonValue> | JsonValue[];
    if (Array.isArray(n)) {
      if (n.length <= 1) continue;
      n.splice(k as number, 1);
    } else delete n[k as string];
    yield c;
  }
}

/** The smallest schema (by greedy deletion) for which `holds` stays true; at most `budget` calls of it. */
export async function shrinkSchema(
  text: string,
  holds: (text: string) => Promise<boolean> | boolean,
  budget = 400,
): Promise<{ text: string; calls: number }> {
  let best = JSON.parse(text) as JsonValue;
  let calls = 0;
  let changed = true;
  while (changed && calls < budget) {
    changed = false;
    // shallow nodes first: deleting a whole definition or keyword saves the most
    const all = paths(best).sort((a, b) => a.length - b.length);
    outer: for (const p of all) {
      for (const cand of edits(best, p)) {
        if (calls >= budget) break outer;
        if (JSON.stringify(cand).length >= JSON.stringify(best).length) continue;
        calls++;
        const t = JSON.stringify(cand, null, 1) + "\n";
        let ok = false;
        try {
          ok = await holds(t);
        } catch {
          ok = false;
        }
        if (ok) {
          best = cand;
          changed = true;
          break outer;
        }
      }
    }
  }
  return { text: JSON.stringify(best), calls };
}
