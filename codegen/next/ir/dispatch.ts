// The dispatch pass: for each union, whether a value's variant can be decided without trial
// decoding (wire rule 19: by JSON kind, by the presence of keys that the other variants cannot
// have, or by the value of a const key), and how. A union without such a dispatch keeps its exact
// meaning (trial in schema order). x-discriminator asks for a dispatch: failing it is an error.
import type { Problems } from "./build/problems";
import { constOf, everyType, kindsAccepted, objectOf } from "./query";
import type { Decl, Dispatch, Kind, ObjectType, Type, UnionType } from "./types";

type Scalar = string | number | boolean | null;

interface Candidate {
  index: number;
  type: Type;
  object?: ObjectType;
  kinds: Kind[];
}

export function decideDispatch(decls: readonly Decl[], problems: Problems): void {
  everyType(decls, (t) => {
    if (t.kind !== "union") return;
    const result = dispatchOf(t);
    if (typeof result !== "string") {
      t.dispatch = result;
      return;
    }
    delete t.dispatch;
    if (t.discriminator !== undefined || t.open) {
      problems.error(
        t.origin,
        `${t.mode} cannot be decided without trial decoding: ${result}`,
        'give every variant a required property with a distinct "const" (and list it in x-discriminator), or make the variants differ by required keys that the others do not allow (additionalProperties: false)',
      );
    }
  });
}

type KeyStatus = "const" | "required" | "optional" | "absent-closed" | "absent-open";

function statusOf(obj: ObjectType, key: string): { status: KeyStatus; value?: Scalar } {
  const prop = obj.properties.find((p) => p.name === key);
  if (prop === undefined) {
    const closed =
      obj.extras.kind === "reject" && !obj.patterns.some((p) => new RegExp(p.pattern.source, "u").test(key));
    return { status: closed ? "absent-closed" : "absent-open" };
  }
  if (!prop.required) return { status: "optional" };
  const c = constOf(prop.type);
  return c === undefined ? { status: "required" } : { status: "const", value: c.value };
}

/** The dispatch of a union, or why there is none. */
export function dispatchOf(u: UnionType): Dispatch | string {
  const cands: Candidate[] = u.variants.map((type, index) => {
    const c: Candidate = { index, type, kinds: kindsAccepted(type) };
    const obj = objectOf(type);
    if (obj !== undefined) c.object = obj;
    return c;
  });
  const byKind = new Map<Kind, Candidate[]>();
  for (const c of cands) for (const k of c.kinds) byKind.set(k, [...(byKind.get(k) ?? []), c]);
  const forKind = (kind: Kind, group: Candidate[]): Dispatch | string => {
    if (kind === "object" && group.every((c) => c.object !== undefined && c.kinds.length === 1))
      return byKeys(group, u.discriminator);
    if (group.length === 1) return { by: "leaf", variant: group[0]!.index };
    return `${group.length} variants accept a value of JSON kind ${kind} and cannot be told apart`;
  };
  const cases: { kind: Kind; next: Dispatch }[] = [];
  for (const [kind, group] of byKind) {
    const next = forKind(kind, group);
    if (typeof next === "string") return next;
    cases.push({ kind, next });
  }
  if (cases.length === 1 && cands.every((c) => c.kinds.length === 1)) return cases[0]!.next;
  return { by: "kind", cases };
}

function inferKeys(cands: Candidate[]): string[] {
  const all: string[] = [];
  for (const c of cands) for (const p of c.object!.properties) if (!all.includes(p.name)) all.push(p.name);
  const constEverywhere = all.filter((k) => cands.every((c) => statusOf(c.object!, k).status === "const"));
  return [...constEverywhere, ...all.filter((k) => !constEverywhere.includes(k))];
}

function byKeys(cands: Candidate[], explicitKeys: string[] | undefined): Dispatch | string {
  const keys = explicitKeys ?? inferKeys(cands);
  class Refusal {
    constructor(readonly why: string) {}
  }
  const rec = (group: Candidate[], from: number, known: ReadonlySet<string> = new Set()): Dispatch => {
    if (group.length === 0) return { by: "none" };
    for (let i = from; i < keys.length; i++) {
      const key = keys[i]!;
      const st = group.map((c) => statusOf(c.object!, key));
      if (st.every((s) => s.status === "const")) {
        const cases: { value: Scalar; members: Candidate[] }[] = [];
        group.forEach((c, j) => {
          const v = st[j]!.value!;
          const found = cases.find((x) => x.value === v);
          if (found) found.members.push(c);
          else cases.push({ value: v, members: [c] });
        });
        return {
          by: "const",
          key,
          cases: cases.map((x) => ({ value: x.value, next: rec(x.members, i + 1, new Set([...known, key])) })),
        };
      }
      if (st.every((s) => s.status === "const" || s.status === "required")) {
        // A declared discriminator key must be present even when only one variant is left,
        // so that an object with none of the keys is unknown_variant, not a guess.
        if (explicitKeys !== undefined && group.length === 1 && !known.has(key)) {
          return { by: "presence", key, present: rec(group, i + 1, new Set([...known, key])), absent: { by: "none" } };
        }
        continue;
      }
      const present = group.filter((_, j) => st[j]!.status === "const" || st[j]!.status === "required");
      const ambiguous = group.filter((_, j) => st[j]!.status === "optional" || st[j]!.status === "absent-open");
      if (ambiguous.length > 0) {
        if (explicitKeys !== undefined && present.length > 0) {
          throw new Refusal(
            `x-discriminator key "${key}" is optional or allowed as an extra member in variant ${ambiguous[0]!.index}`,
          );
        }
        continue;
      }
      if (present.length === 0) continue;
      const absent = group.filter((c) => !present.includes(c));
      return {
        by: "presence",
        key,
        present: rec(present, i, new Set([...known, key])),
        absent: rec(absent, i + 1, known),
      };
    }
    if (group.length === 1) return { by: "leaf", variant: group[0]!.index };
    throw new Refusal(
      `variants ${group.map((c) => c.index).join(", ")} are not told apart by ${keys.length ? keys.map((k) => `"${k}"`).join(", ") : "any key"}`,
    );
  };
  try {
    return rec(cands, 0);
  } catch (e) {
    if (e instanceof Refusal) return e.why;
    throw e;
  }
}
