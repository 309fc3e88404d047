// Wire rule 13 (codegen/SEMANTICS.md, "Per type"): a container nested deeper than 1000 levels
// is `depth` at that container, also inside typed recursive definitions (before, TypeScript accepted
// a Tree 1,001 levels deep and threw RangeError at 20,000). The fixture (tests/fixtures/depth/) has
// a recursive definition of every container kind: an object through an array (Tree), arrays only
// (Nest), two objects in turn ending in a leaf object (Ping, Pong, Leaf), a typed map (Dir), a union
// dispatched by kind (Expr), a union of overlapping objects by its exact meaning (Wrap: Go checks it
// on the value's tree), applicators checked on the value as a whole (Checked) and `not` of a
// recursive definition (NotTree, NotWrap: within the limit the value is what it must not be, `not`;
// beyond it, the free-form value is too deep, which is found first in both languages). Each is
// decoded at the limit (valid, canonical), one level beyond it and 20,000 levels deep (`depth` at
// the first container beyond the limit, found here by walking the value), in both languages; and
// encoded one level beyond it (the same error as an EncodeError).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitGo } from "../../codegen/next/go/emit";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";
import { GO_OUTCOME, goRun, scratchGoModule, tsOutcome, writeGoPackage } from "./helpers/go-module";

const ROOT = join(__dirname, "../..");
const FILE = "tests/fixtures/depth/schema/depth.json";
const protocol = protocolFromFiles("depth", [{ path: FILE, text: readFileSync(join(ROOT, FILE), "utf8") }]);
const LIMIT = 1000;

/** Each definition's value whose deepest container is at level n (the root is level 1), in canonical form. */
const BUILD: Record<string, (n: number) => string> = {
  Tree: (n) => {
    // Trees at odd levels, children arrays at even ones
    const trees = Math.ceil(n / 2);
    const inner = n % 2 === 1 ? '{"value":1}' : '{"value":1,"children":[]}';
    return '{"value":1,"children":['.repeat(trees - 1) + inner + "]}".repeat(trees - 1);
  },
  Nest: (n) => "[".repeat(n) + "]".repeat(n),
  Ping: (n) => {
    // Pings at odd levels, Pongs at even ones; the deepest container (odd n) is a Leaf under a Pong
    const pairs = (n - 3) / 2;
    return '{"pong":{"ping":'.repeat(pairs) + '{"pong":{"leaf":{"n":1}}}' + "}}".repeat(pairs);
  },
  Dir: (n) => '{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1),
  Expr: (n) => '{"neg":'.repeat(n) + "1" + "}".repeat(n),
  Wrap: (n) => '{"in":'.repeat(n) + "1" + "}".repeat(n),
  Checked: (n) => BUILD.Tree!(n),
  NotTree: (n) => BUILD.Tree!(n),
  NotWrap: (n) => BUILD.Wrap!(n),
};
// (Ping's levels are odd: its deepest container is a Leaf.)
const LEVELS: Record<string, number[]> = {
  Tree: [LIMIT, LIMIT + 1, 20_000],
  Nest: [LIMIT, LIMIT + 1, 20_000],
  Ping: [LIMIT - 1, LIMIT + 1, 20_001],
  Dir: [LIMIT, LIMIT + 1, 20_000],
  Expr: [LIMIT, LIMIT + 1, 20_000],
  Wrap: [LIMIT, LIMIT + 1, 20_000],
  Checked: [LIMIT, LIMIT + 1, 20_000],
  NotTree: [LIMIT, LIMIT + 1, 20_000],
  NotWrap: [LIMIT, LIMIT + 1, 20_000],
};

/** The pointer of the first container (depth first) whose level exceeds the limit, or undefined. */
function tooDeep(v: unknown, p = "", level = 1): string | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  if (level > LIMIT) return p;
  const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
  for (const [k, x] of entries) {
    const q = tooDeep(x, `${p}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, level + 1);
    if (q !== undefined) return q;
  }
  return undefined;
}

interface Input {
  def: string;
  level: number;
  text: string;
  expect: string;
}
const inputs: Input[] = Object.entries(LEVELS).flatMap(([def, levels]) =>
  levels.map((level) => {
    const text = BUILD[def]!(level);
    const deep = tooDeep(JSON.parse(text));
    // NotTree: a Tree within the limit is what it must not be; beyond it, not a Tree, and too deep
    const fine = def.startsWith("Not") ? "not " : `ok ${text}`;
    return { def, level, text, expect: deep === undefined ? fine : `depth ${deep}` };
  }),
);

const decl = (def: string) => protocol.decls.find((d) => d.origin.pointer === `/$defs/${def}`)!;
const mod = loadGenerated(emitTypeScript(protocol));
const DecodeError = mod.DecodeError as abstract new () => object;
const EncodeError = mod.EncodeError as abstract new () => object;

describe("rule 13 in recursive definitions", () => {
  it("builds inputs at, just beyond and far beyond the limit", () => {
    expect(inputs.length).toBe(27);
    // the deepest container of each input is at its level; only those beyond the limit are errors
    for (const x of inputs) expect(x.expect.startsWith("depth ")).toBe(x.level > LIMIT);
  });

  it("TypeScript decodes each as the rule says", () => {
    const got = inputs.map((x) => {
      const d = decl(x.def).names.ts;
      let canonical = "";
      const o = tsOutcome(() => {
        const v = (mod[d.decode] as (s: string) => unknown)(x.text);
        canonical = (mod[d.encode] as (v: unknown) => string)(v);
      }, DecodeError);
      return o === "valid" ? `ok ${canonical}` : o;
    });
    expect(got).toEqual(inputs.map((x) => x.expect));
  });

  it("TypeScript refuses to encode a value beyond the limit, at the same pointer", () => {
    const beyond = inputs.filter((x) => x.level === LEVELS[x.def]![1]);
    const got = beyond.map((x) =>
      tsOutcome(() => (mod[decl(x.def).names.ts.encode] as (v: unknown) => string)(JSON.parse(x.text)), EncodeError),
    );
    expect(got).toEqual(beyond.map((x) => x.expect));
  });

  it("Go decodes each exactly as TypeScript does, and refuses to encode beyond the limit", () => {
    const dir = scratchGoModule("wire-codegen-depth", "module depthcheck\n\ngo 1.23\n");
    writeGoPackage(
      join(dir, "depth"),
      "depth",
      emitGo(protocol, { pkg: "depth", source: "tests/fixtures/depth/schema" }),
    );
    writeFileSync(join(dir, "depth/inputs.json"), JSON.stringify(inputs));
    writeFileSync(join(dir, "depth/depth_test.go"), GO_HARNESS);
    goRun(dir, ["vet", "./..."]);
    goRun(dir, ["test", "-count=1", "./..."]);
    const got = JSON.parse(readFileSync(join(dir, "depth/results.json"), "utf8")) as {
      decode: string[];
      encode: Record<string, string>;
    };
    expect(got.decode).toEqual(inputs.map((x) => x.expect));
    // values built by encoding/json (which nests up to 10,000 levels), one level beyond the limit
    const beyond = (def: string) => inputs.find((x) => x.def === def && x.level === LEVELS[def]![1])!.expect;
    expect(got.encode).toEqual({ Tree: beyond("Tree"), Nest: beyond("Nest"), Ping: beyond("Ping") });
  });
});

const GO_HARNESS = `package depth

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

${GO_OUTCOME}

func encodeOutcome(err error) string {
	var ee *EncodeError
	if errors.As(err, &ee) {
		return ee.Code + " " + ee.Pointer
	}
	if err == nil {
		return "valid"
	}
	return "threw " + err.Error()
}

func TestDepth(t *testing.T) {
	b, err := os.ReadFile("inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []struct {
		Def, Text string
		Level     int
	}
	if err := json.Unmarshal(b, &inputs); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Decode []string          \`json:"decode"\`
		Encode map[string]string \`json:"encode"\`
	}
	res.Encode = map[string]string{}
	for _, in := range inputs {
		codec := Codecs[in.Def]
		v, err := codec.Decode([]byte(in.Text))
		o := outcomeOf(err)
		if err == nil {
			enc, err := codec.Encode(v)
			if err != nil {
				t.Fatalf("%s: encode: %v", in.Def, err)
			}
			o = "ok " + string(enc)
		}
		res.Decode = append(res.Decode, o)
		if in.Level != 1001 {
			continue
		}
		var typed any
		switch in.Def {
		case "Tree":
			var x Tree
			err = json.Unmarshal([]byte(in.Text), &x)
			typed = x
		case "Nest":
			var x Nest
			err = json.Unmarshal([]byte(in.Text), &x)
			typed = x
		case "Ping":
			var x Ping
			err = json.Unmarshal([]byte(in.Text), &x)
			typed = x
		default:
			continue
		}
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", in.Def, err)
		}
		_, err = codec.Encode(typed)
		res.Encode[in.Def] = encodeOutcome(err)
	}
	out, _ := json.Marshal(res)
	if err := os.WriteFile("results.json", out, 0o644); err != nil {
		t.Fatal(err)
	}
}
`;
