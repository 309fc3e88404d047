// Reference cycles that never descend into the instance (A = {$ref A}; A = B, B = A; A = allOf/not
// of $ref A): a validator following them never stops, so the schema has no meaning to generate code
// for. Found on the graph of in-place steps (references and the applicators that apply a schema to
// the same instance); a cycle that passes through properties, items, additionalProperties and the
// like descends into the instance, stops at its leaves, and is a recursive type (not reported here).
import { childPointer } from "../../../errors";
import { subschemas } from "../../../schema/subschemas";
import { locationKey, type Location, type SchemaSource } from "../source";
import { isObj } from "./reader";
import type { Problems } from "./problems";

/** Keywords whose subschemas apply to the instance itself (not to a member or an item of it). */
const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies"]);

interface Step {
  to: Location;
  /** The location of the reference keyword when the step is a reference. */
  ref?: Location;
}

/** Reports every reference cycle of the source that never descends into the instance, at one of its references. */
export function refuseInPlaceCycles(src: SchemaSource, problems: Problems): void {
  const steps = new Map<string, Step[]>();
  const state = new Map<string, "open" | "done">();
  const reported = new Set<string>();

  const stepsOf = (at: Location): Step[] => {
    const key = locationKey(at);
    let s = steps.get(key);
    if (s !== undefined) return s;
    s = [];
    steps.set(key, s);
    let node: unknown;
    try {
      node = src.node(at);
    } catch {
      return s;
    }
    if (!isObj(node)) return s;
    const draft = src.draft(at);
    for (const sub of subschemas(node, draft))
      if (IN_PLACE.has(sub.keyword)) s.push({ to: { file: at.file, pointer: at.pointer + sub.pointer } });
    const keywords: string[] = ["$ref"];
    if (draft === "draft2019-09") keywords.push("$recursiveRef");
    if (draft === "draft2020-12") keywords.push("$dynamicRef");
    for (const keyword of keywords) {
      const ref = node[keyword];
      if (typeof ref !== "string") continue;
      try {
        // A dynamic reference is taken as resolved in the scope of its own file's root and resource
        // (exact for a file of one resource).
        const scope = [{ file: at.file, pointer: "" }, src.resource(at)];
        const to = keyword === "$ref" ? src.resolve(ref, at) : src.resolveDynamic(ref, at, scope);
        s.push({ to, ref: { file: at.file, pointer: childPointer(at.pointer, keyword) } });
      } catch {
        // an unresolvable reference is reported where the reference is built
      }
    }
    return s;
  };

  const path: { at: Location; step?: Step }[] = [];
  const visit = (at: Location): void => {
    const key = locationKey(at);
    state.set(key, "open");
    for (const step of stepsOf(at)) {
      const to = locationKey(step.to);
      const st = state.get(to);
      if (st === "open")
        report(
          path.findIndex((p) => locationKey(p.at) === to),
          step,
        );
      else if (st === undefined) {
        path.push({ at: step.to, step });
        visit(step.to);
        path.pop();
      }
    }
    state.set(key, "done");
  };

  /** The cycle from path[from] back to it by `last`: reported at its first reference. */
  const report = (from: number, last: Step): void => {
    const cycle = [...path.slice(from + 1).map((p) => p.step!), last];
    const refs = cycle.filter((s) => s.ref !== undefined).map((s) => s.ref!);
    if (refs.length === 0) return; // not possible: a document is a tree
    const id = refs.map(locationKey).sort().join("\n");
    if (reported.has(id)) return;
    reported.add(id);
    const start = path[from]!.at;
    const names = [start, ...cycle.map((s) => s.to)].map((l) =>
      l.file === start.file ? `#${l.pointer}` : locationKey(l),
    );
    const first = refs[0]!;
    problems.error(
      first,
      `a reference cycle that never descends into the instance (${names.join(" → ")}): a validator following it never stops, so the schema means nothing`,
      "make the cycle pass through a keyword that descends into the instance (properties, items, additionalProperties...), or replace the reference by the schema it should mean",
    );
  };

  for (const f of src.files) {
    const walk = (at: Location, node: unknown): void => {
      if (state.get(locationKey(at)) === undefined) {
        path.push({ at });
        visit(at);
        path.pop();
      }
      // every subschema, the definitions beside a $ref of drafts 04 to 07 too (they are built as well)
      const all = isObj(node) && typeof node.$ref === "string" ? { ...node, $ref: undefined } : node;
      for (const sub of subschemas(all, src.draft(at)))
        walk({ file: at.file, pointer: at.pointer + sub.pointer }, sub.node);
    };
    walk({ file: f.path, pointer: "" }, f.root);
  }
}
