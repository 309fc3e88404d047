// Property-generated free-form objects large enough for every path of the Go raw-value code
// (codegen/go/runtime/raw.go, extras.go; the committed out/ts and out/go, which the new core generates): objects of up to 5 and of 17 to 40 members (esOrder keeps
// a list below 17 members and a map above), duplicate keys at any position (first, middle, last; also
// spelled with escapes), array-index keys and keys that only look like one, nesting, numbers and
// escapes that leave the fast path, and now and then a value either language must refuse. Each text
// goes through the TypeScript and the Go decoder (one long-lived Go process): same verdict, code,
// pointer and canonical bytes, and accepted texts are compared with JSON.stringify(JSON.parse(text)),
// the definition of the canonical form of a free-form value (codegen/SEMANTICS.md, "Encoding").
import fc from "fast-check";
import { resolve } from "path";
import { GoProcess } from "../../codegen/next/conformance/go";
import { loadShipped, runs, scale } from "../../codegen/next/conformance/harness";
import { describeOutcome, sameOutcome, type Outcome } from "../../codegen/next/conformance/vectors";

const ROOT = resolve(__dirname, "../..");
const RUNS = Math.round(100 * scale());

jest.setTimeout(600_000);

let go: GoProcess;
beforeAll(() => {
  go = GoProcess.start(ROOT);
});
afterAll(async () => {
  await go?.close();
});

const protocols = new Map(loadShipped(ROOT).map((p) => [p.name, p]));
const enc = new TextEncoder();
const counts: Record<string, number> = {};
const tally = (k: string): void => void (counts[k] = (counts[k] ?? 0) + 1);
afterAll(() => console.log(`free-form cases: ${JSON.stringify(counts)}`));

/** Keys that are array indices (JSON.parse moves them first, ascending), and keys that only look like one. */
const INDEX_KEYS = ["0", "1", "2", "9", "10", "16", "17", "42", "100", "4294967294"];
const NEAR_INDEX_KEYS = ["4294967295", "01", "-1", "1.0", "1e2", " 1", "00", "+1"];
const NAMED_KEYS = [
  "a",
  "b",
  "c",
  "id",
  "name",
  "x",
  "__proto__",
  "toString",
  "é",
  "😀",
  'a"b',
  "a/b",
  "~",
  "",
  "\u2028",
];

/** A key as raw JSON: usually plain, sometimes with a letter escaped (so "a" and "\u0061" are duplicates). */
function keyText(k: string, escape: boolean): string {
  if (!escape || k.length === 0) return JSON.stringify(k);
  const first = String.fromCodePoint(k.codePointAt(0)!);
  const units = [...Array(first.length).keys()]
    .map((i) => `\\u${first.charCodeAt(i).toString(16).padStart(4, "0")}`)
    .join("");
  return `"${units}${JSON.stringify(k.slice(first.length)).slice(1)}`;
}

const wellFormed = (t: string): boolean => (t as unknown as { isWellFormed(): boolean }).isWellFormed();

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INDEX_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...NEAR_INDEX_KEYS) },
  { weight: 3, arbitrary: fc.constantFrom(...NAMED_KEYS) },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 5000 }).map(String) },
);

/** Leaf values as raw JSON: plain ones (the fast path) and ones that leave it (exponents, long numbers, \u escapes). */
const leaf = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "0",
      "1",
      "-1",
      "42",
      "1.5",
      "-0",
      "0.1",
      "true",
      "false",
      "null",
      '"x"',
      '""',
      '"<>&"',
      '"\u2028"',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "1e2",
      "1E+21",
      "1e-7",
      "-0.0e0",
      "123456789012345678901234567890",
      "9007199254740993",
      "5e-324",
      "1" + "0".repeat(301),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"\\ud83d\\ude00"',
      '"\\u00e9\\u0000"',
      '"a\\nb\\"c\\\\"',
      '"\\u002F"',
      '"\\uDBFF\\uDFFF"',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => String(d)) },
);

/**
 * Values either language must refuse, wherever they are kept: a lone surrogate, a number beyond
 * doubles, nesting beyond 1000 levels (1000 arrays inside a value that is at level 2 or deeper).
 */
const DEEP = "[".repeat(1000) + "]".repeat(1000);
const refused = fc.constantFrom('"\\ud800"', '"x\\udc00"', "1e400", "-1e999", DEEP, `{"d":${DEEP}}`);
/** Keys either language must refuse (an unpaired surrogate): no duplicate makes them go away. */
const refusedKey = fc.constantFrom('"\\ud800"', '"a\\udfff"', '"\\udbff\\ud800"');

/**
 * Members of one object, `size` of them as written: distinct draws of keys, then (when there is any
 * member) at least one duplicate of an earlier key put first, last or in the middle, with its own value.
 */
function membersOf(size: fc.Arbitrary<number>, value: fc.Arbitrary<string>): fc.Arbitrary<[string, string][]> {
  return size.chain((n) =>
    fc
      .tuple(
        fc.uniqueArray(fc.tuple(key, fc.nat({ max: 7 }), value), { selector: (m) => m[0], minLength: n, maxLength: n }),
        // duplicates: [which member's key, where: 0 first, 1 last, else the middle, spelled with an escape, value]
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.boolean(), value), {
          minLength: n > 0 ? 1 : 0,
          maxLength: n > 0 ? 4 : 0,
        }),
      )
      .map(([ms, dups]) => {
        const out: [string, string][] = ms.map(([k, esc, v]) => [keyText(k, esc === 0), v]);
        for (const [which, where, esc, v] of dups) {
          const m: [string, string] = [keyText(ms[which % ms.length]![0], esc), v];
          if (where === 0) out.unshift(m);
          else if (where === 1) out.push(m);
          else out.splice(Math.floor(out.length / 2), 0, m);
        }
        return out;
      }),
  );
}

/**
 * Distinct keys drawn for an object, before 1 to 4 duplicates are added: few (at most 16 members as
 * written, the list path of esOrder) or many (17 to 40 as written, the map path; 17 distinct keys at
 * least from 17 on, which reaches the map path for extras too, whose duplicates are resolved first).
 */
const SMALL = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(12));
const LARGE = fc.oneof(fc.integer({ min: 16, max: 36 }), fc.constantFrom(16, 17));

/** Raw JSON values nested up to `depth` containers deep; `refuse`: now and then a value to refuse. */
function valueOf(depth: number, refuse: boolean): fc.Arbitrary<string> {
  const leaves = refuse ? fc.oneof({ weight: 80, arbitrary: leaf }, { weight: 1, arbitrary: refused }) : leaf;
  if (depth === 0) return leaves;
  const inner = valueOf(depth - 1, refuse);
  return fc.oneof(
    { weight: 6, arbitrary: leaves },
    {
      weight: 2,
      arbitrary: objectOf(fc.oneof({ weight: 3, arbitrary: SMALL }, { weight: 1, arbitrary: LARGE }), inner),
    },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 20 }).map((vs) => `[${vs.join(",")}]`) },
  );
}

function objectOf(size: fc.Arbitrary<number>, value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return membersOf(size, value).map(text);
}

const text = (ms: [string, string][]): string => `{${ms.map(([k, v]) => `${k}:${v}`).join(",")}}`;

/**
 * An object with one value to refuse at the top level, under the key of a member: put first, where a
 * later occurrence shadows it (accepted), or last, where it is kept (refused at that key); or values to
 * refuse now and then anywhere below (nested).
 */
function mixedObjectOf(size: fc.Arbitrary<number>): fc.Arbitrary<string> {
  return fc.oneof(
    membersOf(size, valueOf(2, false)).chain((ms) =>
      fc.tuple(fc.nat(), refused, fc.boolean()).map(([which, bad, kept]) => {
        if (ms.length === 0) return text(ms);
        const m: [string, string] = [ms[which % ms.length]![0], bad];
        return text(kept ? [...ms, m] : [m, ...ms]);
      }),
    ),
    membersOf(size, valueOf(2, false)).chain((ms) =>
      fc.tuple(fc.nat(), refusedKey, leaf).map(([at, k, v]) => {
        const out = [...ms];
        out.splice(at % (ms.length + 1), 0, [k, v]);
        return text(out);
      }),
    ),
    objectOf(size, valueOf(2, true)),
  );
}

/** The canonical form of a free-form value: JSON.stringify of what JSON.parse gives, or undefined when it must be refused. */
function canonicalFreeForm(text: string, level: number): string | undefined {
  const v = JSON.parse(text) as unknown;
  // level: the nesting level of x in its document (the root is 1); a container above 1000 is refused
  const bad = (x: unknown, level: number): boolean => {
    if (typeof x === "string") return !wellFormed(x);
    if (typeof x === "number") return !Number.isFinite(x);
    if (x === null || typeof x !== "object") return false;
    if (level > 1000) return true;
    return Object.entries(x).some(([k, y]) => !wellFormed(k) || bad(y, level + 1));
  };
  return bad(v, level) ? undefined : JSON.stringify(v);
}

interface Host {
  protocol: string;
  type: string;
  /** The document around a generated object (or its members, for extras). */
  wrap: (object: string) => string;
  /** The canonical document for an accepted object, from its free-form canonical form. */
  canonical: (object: string) => string | undefined;
}

const HOSTS: Host[] = [
  {
    protocol: "runner",
    type: "ToolCall",
    wrap: (o) => `{"id":"x","name":"n","arguments":${o}}`,
    canonical: (o) => {
      const c = canonicalFreeForm(o, 2);
      return c === undefined ? undefined : `{"id":"x","name":"n","arguments":${c}}`;
    },
  },
  {
    protocol: "runner",
    type: "RunnerFrame",
    wrap: (o) => `{"attachment":"a","id":"1","result":${o}}`,
    canonical: (o) => {
      const c = canonicalFreeForm(o, 2);
      return c === undefined ? undefined : `{"attachment":"a","id":"1","result":${c}}`;
    },
  },
  {
    // extra members of an open object (AddExtra, CheckExtras, AppendExtras): the object's members
    // spliced after the declared ones, whose keys are kept out of the extras
    protocol: "jsonl",
    type: "HarnessEvent",
    wrap: (o) => `{"type":"text","text":"t"${o === "{}" ? "" : "," + o.slice(1, -1)}}`,
    canonical: (o) => {
      const c = canonicalFreeForm(o, 1); // the members are the document's own, their values at level 2
      if (c === undefined) return undefined;
      const extras = JSON.parse(c) as Record<string, unknown>;
      const rest = JSON.stringify(extras).slice(1, -1);
      return `{"type":"text","text":"t"${rest === "" ? "" : "," + rest}}`;
    },
  },
];

/** Objects whose top-level keys leave out the host's declared keys (for extras). */
const withoutDeclared = (o: string, declared: string[]): boolean => {
  const keys = Object.keys(JSON.parse(o) as object);
  return !keys.some((k) => declared.includes(k));
};

describe.each(HOSTS.map((h) => [`${h.protocol}/${h.type}`, h] as const))("free-form objects in %s", (_name, host) => {
  const p = protocols.get(host.protocol)!;
  const declared = host.type === "HarnessEvent" ? ["type", "text"] : [];

  async function check(object: string, label: string): Promise<void> {
    const text = host.wrap(object);
    const bytes = enc.encode(text);
    const t = p.ts.decode(host.type, bytes);
    const g = await go.decode(host.protocol, host.type, bytes);
    const show = (o: Outcome): string => describeOutcome(o).slice(0, 300);
    if ("fault" in t || "fault" in g || !sameOutcome(t, g))
      throw new Error(`${text.slice(0, 400)}\nTS ${show(t)}\nGo ${show(g)}`);
    const want = host.canonical(object);
    tally(`${host.type}.${label}.${want === undefined ? "refused" : "accepted"}`);
    if (want === undefined) {
      if (!("code" in t))
        throw new Error(`${text.slice(0, 400)}: accepted, but it holds a value that must be refused: ${show(t)}`);
    } else if (!("canonical" in t) || t.canonical !== want)
      throw new Error(`${text.slice(0, 400)}\ngot  ${show(t)}\nwant ${want.slice(0, 300)}`);
  }

  for (const [size, label] of [
    [LARGE, "17 to 40 members as written"],
    [SMALL, "0 to 16 members as written"],
  ] as const) {
    test(`${label}, with a duplicate key: both languages write JSON.stringify(JSON.parse(x)), byte for byte`, async () => {
      await fc.assert(
        fc.asyncProperty(
          objectOf(size, valueOf(2, false)).filter((o) => withoutDeclared(o, declared)),
          async (o) => {
            const keys = topLevelKeys(o);
            const large = size === LARGE;
            // the shape is what the test says: the esOrder path (list or map) and a duplicate
            if (keys.length > 16 !== large || (keys.length > 0 && new Set(keys).size === keys.length))
              throw new Error(`not the intended shape: ${keys.length} keys`);
            await check(o, large ? "large" : "small");
          },
        ),
        runs(RUNS),
      );
    });

    test(`${label}, holding values to refuse, kept or shadowed by a duplicate: the same error, code and pointer`, async () => {
      await fc.assert(
        fc.asyncProperty(
          mixedObjectOf(size).filter((o) => withoutDeclared(o, declared)),
          (o) => check(o, size === LARGE ? "large-mixed" : "small-mixed"),
        ),
        runs(RUNS),
      );
    });
  }
});

// The encoders on the same objects: TypeScript encodes what JSON.parse gives, Go the raw bytes as
// written (duplicates included) in ToolCall.arguments (AppendRaw); now and then arguments that are not
// an object. Same outcome, and an accepted value is written as the decoders write it.
describe("free-form objects given to the encoders (runner/ToolCall, rule 18)", () => {
  const p = protocols.get("runner")!;
  const PROBE = '{"id":"x","name":"n","arguments":{}}';
  const args = fc.oneof(
    { weight: 4, arbitrary: mixedObjectOf(fc.oneof(SMALL, LARGE)) },
    { weight: 4, arbitrary: objectOf(LARGE, valueOf(2, false)) },
    { weight: 1, arbitrary: fc.constantFrom("[]", "[1,2]", '"x"', "1", "null", "true") },
  );
  test("TypeScript and Go encode them alike, byte for byte or with the same error", async () => {
    await fc.assert(
      fc.asyncProperty(args, async (a) => {
        const text = `{"id":"x","name":"n","arguments":${a}}`;
        const t = p.ts.encode("ToolCall", JSON.parse(text));
        const g = await go.encode("runner", "ToolCall", text, PROBE);
        const show = (o: Outcome): string => describeOutcome(o).slice(0, 300);
        if ("fault" in t || "fault" in g || !sameOutcome(t, g))
          throw new Error(`${text.slice(0, 400)}\nTS ${show(t)}\nGo ${show(g)}`);
        const decoded = p.ts.decode("ToolCall", enc.encode(text));
        tally(`ToolCall.encode.${"canonical" in t ? "accepted" : "refused"}`);
        // what the encoder writes is what the decoder gives, or the same refusal (an array is a type error for both)
        if (!sameOutcome(t, decoded))
          throw new Error(`${text.slice(0, 400)}\nencode ${show(t)}\ndecode ${show(decoded)}`);
      }),
      runs(RUNS),
    );
  });
});

/** The top-level keys of an object text as written (duplicates included, escapes resolved). */
function topLevelKeys(o: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < o.length; i++) {
    const c = o[i];
    if (c === '"') {
      let j = i + 1;
      while (o[j] !== '"') j += o[j] === "\\" ? 2 : 1;
      const s = o.slice(i, j + 1);
      let k = j + 1;
      while (o[k] === " ") k++;
      if (depth === 1 && o[k] === ":") keys.push(JSON.parse(s) as string);
      i = j;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return keys;
}
