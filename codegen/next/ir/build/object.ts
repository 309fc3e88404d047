// The object keywords of a subschema: properties, required, patternProperties, additionalProperties,
// and the object checks (min/maxProperties, dependentRequired, propertyNames, dependentSchemas).
import type { ObjectCheck, ObjectType, PatternProperty, Property, Extras } from "../types";
import type { Builder } from "./builder";
import { isObj, type SchemaReader } from "./reader";
import { buildSize } from "../../keywords/object-size";
import { buildDependencies } from "../../keywords/dependencies";
import { buildPropertyNames } from "../../keywords/property-names";
import { isTrivial } from "./node";

const emptyNames = () => ({ goField: "", local: "" });

export function buildObject(b: Builder, r: SchemaReader): ObjectType {
  const props = r.get("properties") ?? {};
  if (!isObj(props)) r.error("properties", "properties must be an object", "map property names to schemas");
  const required = r.names("required") ?? [];
  const declared = (k: string) => isObj(props) && Object.prototype.hasOwnProperty.call(props, k);
  const properties: Property[] = [];
  if (isObj(props)) {
    for (const key of Object.keys(props)) {
      const at = r.loc("properties", key);
      const p: Property = {
        name: key,
        type: b.child(at),
        required: required.includes(key),
        origin: at,
        names: emptyNames(),
      };
      const doc = p.type.doc;
      if (doc !== undefined) p.doc = doc;
      properties.push(p);
    }
  }
  // A required key that properties does not declare: its value is checked as any undeclared key's
  // (matchPatterns, then undeclaredTypes give its type)
  for (const key of required) {
    if (declared(key) || properties.some((p) => p.name === key)) continue;
    const at = r.loc("required");
    properties.push({
      name: key,
      type: { kind: "any", origin: at },
      required: true,
      origin: at,
      names: emptyNames(),
      undeclared: true,
    });
  }
  const patterns: PatternProperty[] = [];
  const pp = r.get("patternProperties");
  if (pp !== undefined) {
    if (!isObj(pp)) r.error("patternProperties", "patternProperties must be an object", "map patterns to schemas");
    else {
      for (const source of Object.keys(pp)) {
        const at = r.loc("patternProperties", source);
        const pattern = b.pattern(r, "patternProperties", source, at);
        if (pattern !== undefined) patterns.push({ pattern, type: b.child(at), origin: at });
      }
    }
  }
  const t: ObjectType = { kind: "object", origin: r.origin, properties, patterns, extras: extrasOf(b, r), checks: [] };
  matchPatterns(t);
  undeclaredTypes(t);
  if (t.extras.kind === "reject") {
    for (const key of required) {
      if (!declared(key) && !patterns.length)
        r.warn(
          "required",
          `required property "${key}" is not declared and additionalProperties is false: no object can be valid`,
        );
    }
  }
  const checks: ObjectCheck[] = t.checks;
  const size = buildSize(r);
  if (size !== undefined) checks.push(size);
  const deps = buildDependencies(r, b);
  checks.push(...deps.required);
  const names = buildPropertyNames(r, b);
  if (names !== undefined) checks.push(names);
  checks.push(...deps.schemas);
  return t;
}

function extrasOf(b: Builder, r: SchemaReader): Extras {
  if (!r.has("additionalProperties")) return { kind: "keep" };
  const type = b.child(r.loc("additionalProperties"));
  if (type.kind === "never") return { kind: "reject" };
  if (isTrivial(type)) return { kind: "keep", evaluated: true };
  return { kind: "map", type };
}

/**
 * The types of the required keys properties does not declare (Property.undeclared): additionalProperties
 * applies to those no pattern matches (false: never; a schema: that schema), patternProperties to the
 * others, through Property.patterns (seed 20261201 schema 853: {required: [kind], additionalProperties:
 * false} accepted {"kind": 1}).
 */
export function undeclaredTypes(t: ObjectType): void {
  for (const p of t.properties) {
    if (p.undeclared !== true) continue;
    const origin = p.type.origin;
    p.type =
      p.patterns !== undefined || t.extras.kind === "keep"
        ? { kind: "any", origin }
        : t.extras.kind === "reject"
          ? { kind: "never", origin }
          : t.extras.type;
  }
}

/** Records, on each declared property, the pattern properties whose pattern matches its name. */
export function matchPatterns(t: ObjectType): void {
  for (const p of t.properties) {
    const matching = t.patterns.flatMap((pp, i) => (new RegExp(pp.pattern.source, "u").test(p.name) ? [i] : []));
    if (matching.length > 0) p.patterns = matching;
    else delete p.patterns;
  }
}
