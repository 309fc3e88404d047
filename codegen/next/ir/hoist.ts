// The hoist pass: objects and unions in typed positions (a definition's properties, items, map
// values and union variants, recursively) become named definitions of their own, so that both
// languages have a type name for them. Nodes inside applicators and checks stay inline: they are
// checked, never typed. A node shared by several definitions (merged in by allOf) is lifted once.
import type { Hint, HintStep } from "./build/hint";
import { isNullable } from "./query";
import type { Decl, Type } from "./types";

export interface Hoisted {
  decls: Decl[];
  hints: Map<Decl, Hint>;
}

export function hoist(decls: Decl[]): Hoisted {
  const out: Decl[] = [];
  const hints = new Map<Decl, Hint>();
  const lifted = new Map<Type, Decl>();

  const lift = (t: Type, hint: Hint): Type => {
    const known = lifted.get(t);
    if (known !== undefined) return { kind: "ref", origin: t.origin, decl: known };
    const d: Decl = {
      name: "",
      origin: t.origin,
      type: t,
      hoisted: true,
      names: {
        type: "",
        ts: { decode: "", encode: "", check: "", write: "" },
        go: { decode: "", encode: "", dec: "", enc: "", fast: "" },
      },
    };
    if (t.doc !== undefined) d.doc = t.doc;
    lifted.set(t, d);
    hints.set(d, t.xName !== undefined ? { ...hint, override: t.xName } : hint);
    pending.push(d);
    visitRoot(d);
    return { kind: "ref", origin: t.origin, decl: d, ...(t.doc !== undefined ? { doc: t.doc } : {}) };
  };

  /** The type to put at a typed position: lifted when it is an object or a union. */
  const at = (t: Type, hint: Hint): Type => {
    if (t.kind === "object" || (t.kind === "union" && !isNullable(t))) return lift(t, hint);
    visit(t, hint);
    return t;
  };

  const step = (h: Hint, s: HintStep): Hint => ({ owner: h.owner, steps: [...h.steps, s] });

  /** Visits the typed positions inside t (t itself stays where it is). */
  const visit = (t: Type, hint: Hint): void => {
    switch (t.kind) {
      case "object":
        for (const p of t.properties) p.type = at(p.type, step(hint, { step: "property", key: p.name }));
        for (const pp of t.patterns) pp.type = at(pp.type, step(hint, { step: "pattern", source: pp.pattern.source }));
        if (t.extras.kind === "map") t.extras = { kind: "map", type: at(t.extras.type, step(hint, { step: "value" })) };
        return;
      case "array":
        t.prefix = t.prefix.map((x, index) => at(x, step(hint, { step: "prefix", index })));
        if (t.items !== undefined) t.items = at(t.items, step(hint, { step: "item" }));
        return;
      case "union":
        if (isNullable(t)) {
          t.variants = t.variants.map((v) => at(v, hint));
          return;
        }
        t.variants = t.variants.map((v, index) => at(v, step(hint, { step: "variant", union: t, index })));
        return;
      default:
        return;
    }
  };

  const visitRoot = (d: Decl): void => visit(d.type, { owner: d, steps: [] });

  let pending: Decl[] = [];
  for (const d of decls) {
    pending = [];
    if (d.constant === undefined) {
      lifted.set(d.type, d);
      visitRoot(d);
    }
    out.push(d, ...pending);
  }
  return { decls: out, hints };
}
