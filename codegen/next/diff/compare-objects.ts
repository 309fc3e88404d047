// Objects: what happens to undeclared keys (additionalProperties: rejected, kept, or a typed map),
// the declared properties (added, removed, changed), the pattern properties by pattern, then the
// object keyword families (minProperties/maxProperties, dependentRequired, dependentSchemas,
// propertyNames). Whether an added or removed property breaks a side depends on what the other
// side does with that key when it is not declared: rejects it, keeps it, or checks it.
import type { ObjectType, Origin, Property, Type } from "../ir/types";
import { diffDoc } from "./compare-docs";
import type { TypeDiffer } from "./compare-types";
import { runFamilies } from "./families";
import { kindName } from "./names";
import { atKey, atKeyword, code, type Sink } from "./report";
import type { RuleId } from "./rules";

/** The type of an undeclared key's value that matches no pattern; undefined when such keys are rejected. */
function extrasType(o: ObjectType): Type | undefined {
  if (o.extras.kind === "reject") return undefined;
  return o.extras.kind === "map" ? o.extras.type : { kind: "any", origin: o.origin };
}

/** The types an undeclared `key` must have (its patterns', else the extras'); undefined: rejected. */
function slotsOf(o: ObjectType, key: string): Type[] | undefined {
  const patterns = o.patterns.filter((p) => new RegExp(p.pattern.source, "u").test(key));
  if (patterns.length > 0) return patterns.map((p) => p.type);
  const extra = extrasType(o);
  return extra === undefined ? undefined : [extra];
}

/** Whether an object that does not declare `key` accepts every value of type `t` there. */
function acceptsUndeclared(td: TypeDiffer, o: ObjectType, key: string, t: Type, depth: number): boolean {
  const slots = slotsOf(o, key);
  if (slots === undefined) return false;
  return slots.every((s) => {
    if (s.kind === "any" && s.kinds === undefined && s.also === undefined) return true;
    const e = td.effectOf(t, s, depth);
    return e === "none" || e === "widen";
  });
}

const prefixed =
  (sink: Sink, prefix: string): Sink =>
  (r) =>
    sink({ ...r, message: prefix + r.message });

export function diffObject(
  td: TypeDiffer,
  loc: string,
  b: ObjectType,
  h: ObjectType,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  diffExtras(td, loc, b, h, at, sink, depth);
  const bProps = new Map(b.properties.map((p) => [p.name, p]));
  const hProps = new Map(h.properties.map((p) => [p.name, p]));
  const propAt = (p: Property): { at?: Origin } => (at === undefined ? {} : { at: p.origin });
  for (const hp of h.properties) {
    const bp = bProps.get(hp.name);
    const ploc = `${loc}.${hp.name}`;
    if (bp === undefined) {
      // An old reader sees the new key as unknown (closed in the base) or keeps it (open in the base).
      const open = acceptsUndeclared(td, b, hp.name, hp.type, depth);
      const rule: RuleId = hp.required
        ? open
          ? "property-added-open-required"
          : "property-added-required"
        : open
          ? "property-added-open-optional"
          : "property-added-optional";
      const message = `${hp.required ? "required" : "optional"} property ${hp.name} (${kindName(hp.type)}) added`;
      sink({ rule, location: ploc, message, ...propAt(hp) });
      continue;
    }
    diffProperty(td, ploc, bp, hp, propAt(hp), sink, depth);
  }
  for (const bp of b.properties) {
    if (hProps.has(bp.name)) continue;
    // A new reader sees what an old writer still sends as unknown (closed in the head) or keeps it (open in the head).
    const open = acceptsUndeclared(td, h, bp.name, bp.type, depth);
    const rule: RuleId = bp.required
      ? open
        ? "property-removed-open-required"
        : "property-removed-required"
      : open
        ? "property-removed-open-optional"
        : "property-removed-optional";
    const where = at === undefined ? {} : { at: { file: at.file, pointer: bp.origin.pointer } };
    const message = `${bp.required ? "required" : "optional"} property ${bp.name} removed`;
    sink({ rule, location: `${loc}.${bp.name}`, message, ...where });
  }
  diffPatterns(td, loc, b, h, at, sink, depth);
  runFamilies("object", b, h, td.checkDiff(loc, at, sink, depth));
}

function diffProperty(
  td: TypeDiffer,
  loc: string,
  b: Property,
  h: Property,
  at: { at?: Origin },
  sink: Sink,
  depth: number,
): void {
  if (b.required !== h.required) {
    const rule: RuleId = h.required ? "property-now-required" : "property-now-optional";
    const message = h.required ? "now required" : "now optional";
    sink({ rule, location: loc, message, ...at, before: b.required, after: h.required });
  }
  diffDoc(loc, b.doc, h.doc, at.at, sink);
  td.diffType(loc, b.type, h.type, at.at, sink, depth + 1);
}

/** Undeclared keys: rejected on one side only, or kept or checked (a map) on both. */
function diffExtras(
  td: TypeDiffer,
  loc: string,
  b: ObjectType,
  h: ObjectType,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  const [bk, hk] = [b.extras.kind, h.extras.kind];
  const where = atKey(at, "additionalProperties");
  const [bt, ht] = [extrasType(b), extrasType(h)];
  if (bt === undefined && ht !== undefined) {
    const message =
      h.extras.kind === "map"
        ? `extra members now allowed, each ${kindName(ht)} (additionalProperties)`
        : "extra members now allowed (additionalProperties)";
    sink({ rule: "extras-opened", location: loc, message, ...where, before: bk, after: hk });
  } else if (bt !== undefined && ht === undefined) {
    const message = "extra members now rejected (additionalProperties: false)";
    sink({ rule: "extras-closed", location: loc, message, ...where, before: bk, after: hk });
  } else if (bt !== undefined && ht !== undefined && (bk === "map" || hk === "map")) {
    td.diffType(`${loc}{}`, bt, ht, atKeyword(at, "additionalProperties"), sink, depth + 1);
  }
}

/** patternProperties, matched by pattern source: a pattern on one side only governs keys the other side's extras govern. */
function diffPatterns(
  td: TypeDiffer,
  loc: string,
  b: ObjectType,
  h: ObjectType,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  const bPatterns = new Map(b.patterns.map((p) => [p.pattern.source, p]));
  const hPatterns = new Map(h.patterns.map((p) => [p.pattern.source, p]));
  for (const hp of h.patterns) {
    const source = hp.pattern.source;
    const ploc = `${loc}{${source}}`;
    const where = atKeyword(at, "patternProperties", source);
    const bp = bPatterns.get(source);
    if (bp !== undefined) {
      td.diffType(ploc, bp.type, hp.type, where, sink, depth + 1);
      continue;
    }
    const before = extrasType(b);
    if (before === undefined) {
      const message = `pattern property ${code(source)} (${kindName(hp.type)}) added`;
      sink({ rule: "pattern-property-added", location: ploc, message, ...(where && { at: where }) });
    } else
      td.diffType(ploc, before, hp.type, where, prefixed(sink, `pattern property ${code(source)} added: `), depth + 1);
  }
  for (const bp of b.patterns) {
    const source = bp.pattern.source;
    if (hPatterns.has(source)) continue;
    const ploc = `${loc}{${source}}`;
    const where = at === undefined ? undefined : { file: at.file, pointer: bp.origin.pointer };
    const after = extrasType(h);
    if (after === undefined) {
      const message = `pattern property ${code(source)} removed`;
      sink({ rule: "pattern-property-removed", location: ploc, message, ...(where && { at: where }) });
    } else
      td.diffType(ploc, bp.type, after, where, prefixed(sink, `pattern property ${code(source)} removed: `), depth + 1);
  }
}
