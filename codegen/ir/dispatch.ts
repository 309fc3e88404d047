// Decides how a union picks its variant without trial decoding (wire rule 19), or refuses it.
import { SchemaError } from "../errors";
import type { Dispatch, JsonKind, ObjectType, Origin, Type } from "./types";

type Scalar = string | number | boolean | null;

export interface Candidate {
  index: number;
  type: Type;
  /** The variant's object type when it is (a reference to) an object. */
  object?: ObjectType;
}

function kindOf(t: Type): JsonKind | "mixed" {
  switch (t.kind) {
    case "integer":
      return "number";
    case "any":
      return t.kinds?.length === 1 ? t.kinds[0]! : "mixed";
    case "union":
    case "ref":
      return "mixed";
    default:
      return t.kind;
  }
}

function constOf(t: Type): { value: Scalar } | undefined {
  if ((t.kind === "string" || t.kind === "integer" || t.kind === "number" || t.kind === "boolean") && t.const !== undefined) {
    return { value: t.const };
  }
  if (t.kind === "null") return { value: null };
  return undefined;
}

type KeyStatus = "const" | "required" | "optional" | "absent-closed" | "absent-open";

function statusOf(obj: ObjectType, key: string): { status: KeyStatus; value?: Scalar } {
  const prop = obj.properties.find((p) => p.name === key);
  if (prop === undefined) return { status: obj.extras === "reject" ? "absent-closed" : "absent-open" };
  if (!prop.required) return { status: "optional" };
  const c = constOf(prop.type);
  return c === undefined ? { status: "required" } : { status: "const", value: c.value };
}

export function buildDispatch(cands: Candidate[], explicitKeys: string[] | undefined, origin: Origin): Dispatch {
  const refuse = (why: string): never => {
    throw new SchemaError(origin.file, origin.pointer, `oneOf/anyOf cannot be decided without trial decoding: ${why}`, "give every variant a required property with a distinct \"const\" (and list it in x-discriminator), or make the variants differ by required keys that the others do not declare (with additionalProperties: false)");
  };
  const byKind = new Map<JsonKind, Candidate[]>();
  for (const c of cands) {
    const k = c.object !== undefined ? "object" : kindOf(c.type);
    if (k === "mixed") refuse(`variant ${c.index} may be of several JSON kinds`);
    else byKind.set(k, [...(byKind.get(k) ?? []), c]);
  }
  const forKind = (kind: JsonKind, group: Candidate[]): Dispatch => {
    if (kind === "object" && group.every((c) => c.object !== undefined)) return byKeys(group, explicitKeys, refuse);
    if (group.length === 1) return { by: "leaf", variant: group[0]!.index };
    return refuse(`${group.length} variants are of JSON kind ${kind} and cannot be told apart`);
  };
  if (byKind.size === 1) {
    const [kind, group] = [...byKind][0]!;
    return forKind(kind, group);
  }
  return { by: "kind", cases: [...byKind].map(([kind, group]) => ({ kind, next: forKind(kind, group) })) };
}

function inferKeys(cands: Candidate[]): string[] {
  const all: string[] = [];
  for (const c of cands) for (const p of c.object!.properties) if (!all.includes(p.name)) all.push(p.name);
  const constEverywhere = all.filter((k) => cands.every((c) => statusOf(c.object!, k).status === "const"));
  return [...constEverywhere, ...all.filter((k) => !constEverywhere.includes(k))];
}

function byKeys(cands: Candidate[], explicitKeys: string[] | undefined, refuse: (why: string) => never): Dispatch {
  const keys = explicitKeys ?? inferKeys(cands);
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
        return { by: "const", key, cases: cases.map((x) => ({ value: x.value, next: rec(x.members, i + 1, new Set([...known, key])) })) };
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
          refuse(`x-discriminator key "${key}" is optional or allowed as an extra member in variant ${ambiguous[0]!.index}`);
        }
        continue;
      }
      if (present.length === 0) continue;
      const absent = group.filter((c) => !present.includes(c));
      return { by: "presence", key, present: rec(present, i, new Set([...known, key])), absent: rec(absent, i + 1, known) };
    }
    if (group.length === 1) return { by: "leaf", variant: group[0]!.index };
    return refuse(`variants ${group.map((c) => c.index).join(", ")} are not told apart by ${keys.length ? keys.map((k) => `"${k}"`).join(", ") : "any key"}`);
  };
  return rec(cands, 0);
}
