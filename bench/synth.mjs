// A seeded synthetic protocol of N closed object definitions, for the scale benchmarks (generation
// time, peak memory and output size as the number of definitions grows).
//   node bench/synth.mjs N [SEED] > file.json
// Every definition is a closed object (additionalProperties: false) of 4 to 9 properties, about
// half of them required: strings (some with length bounds, a pattern or a format), integers and
// numbers with bounds, booleans, enums, arrays of strings or of other definitions, and $refs to
// earlier definitions (so the protocol is connected, with no cycles needed). Every 25th definition
// is a union of three of them discriminated by a const `kind` member. The text depends only on N
// and the seed.
import { pathToFileURL } from "node:url";

/** mulberry32, as bench/ts/workload.ts. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "id",
  "name",
  "path",
  "size",
  "count",
  "kind",
  "label",
  "owner",
  "created",
  "limit",
  "offset",
  "tags",
  "items",
  "parent",
  "state",
  "score",
  "ratio",
  "flag",
  "note",
  "url",
];

export function synthSchema(n, seed = 1) {
  const r = rng(seed);
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const defs = {};
  const name = (i) => `Def${String(i).padStart(5, "0")}`;
  const objects = [];
  for (let i = 0; i < n; i++) {
    if (i % 25 === 24 && objects.length >= 3) {
      // a union of three earlier objects that have a `kind` const
      const members = [];
      for (let k = 0; k < 3; k++) members.push(objects[objects.length - 1 - k * 2]);
      defs[name(i)] = { description: `Union ${i}.`, oneOf: members.map((m) => ({ $ref: `#/$defs/${m}` })) };
      continue;
    }
    const props = { kind: { const: `k${i}` } };
    const required = ["kind"];
    const count = int(4, 9);
    for (let p = 0; p < count; p++) {
      const key = `${pick(WORDS)}_${p}`;
      const x = r();
      let s;
      if (x < 0.22) s = { type: "string" };
      else if (x < 0.3) s = { type: "string", minLength: 1, maxLength: int(8, 256) };
      else if (x < 0.35) s = { type: "string", pattern: "^[a-z][a-z0-9_-]*$" };
      else if (x < 0.38) s = { type: "string", format: "date-time" };
      else if (x < 0.48) s = { type: "integer", minimum: 0, ...(r() < 0.5 ? { maximum: int(10, 100000) } : {}) };
      else if (x < 0.53) s = { type: "number" };
      else if (x < 0.6) s = { type: "boolean" };
      else if (x < 0.67) s = { enum: ["alpha", "beta", "gamma", "delta"].slice(0, int(2, 4)) };
      else if (x < 0.74) s = { type: "array", items: { type: "string" }, ...(r() < 0.3 ? { maxItems: 16 } : {}) };
      else if (x < 0.8 && objects.length > 0) s = { type: "array", items: { $ref: `#/$defs/${pick(objects)}` } };
      else if (objects.length > 0) s = { $ref: `#/$defs/${objects[Math.max(0, objects.length - int(1, 40))]}` };
      else s = { type: "string" };
      s.description = `The ${key} of definition ${i}.`;
      props[key] = s;
      if (r() < 0.5) required.push(key);
    }
    defs[name(i)] = {
      description: `Object ${i}.`,
      type: "object",
      properties: props,
      required,
      additionalProperties: false,
    };
    objects.push(name(i));
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `Synthetic protocol of ${n} definitions (seed ${seed})`,
    $defs: defs,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.argv[2] ?? 1000);
  const seed = Number(process.argv[3] ?? 1);
  process.stdout.write(JSON.stringify(synthSchema(n, seed), null, 2) + "\n");
}
