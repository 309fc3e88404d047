// Vectors of a fixture protocol that uses every keyword family (tests/fixtures/keywords/): the
// shipped protocols use almost none of them, so this is where both languages are compared on
// maxLength, multipleOf, maximum, maps, unions by their exact meaning, if/then/else and the rest.
// Each input has its outcome pinned in vectors.jsonl (the format of vectors/README.md: valid with
// its canonical re-encoding, or the code and JSON Pointer). TypeScript and Go must give exactly that
// outcome, and two independent validators the same verdict: ajv (draft 2020-12) and
// santhosh-tekuri/jsonschema (Go), the latter with formats asserted as the schema asks.
// `make bless` rewrites vectors.jsonl from the TypeScript decoder; review its diff.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { emitGo } from "../../codegen/next/go/emit";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import type { Decl } from "../../codegen/next/ir/types";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";
import { goRun, scratchGoModule, writeGoPackage } from "./helpers/go-module";

const ROOT = join(__dirname, "../..");
const DIR = join(ROOT, "tests/fixtures/keywords");
const bless = process.env.UPDATE_GOLDEN === "1";
if (bless && process.env.CI !== undefined && process.env.CI !== "") throw new Error("refusing to re-bless under CI");

type Input = [id: string, definition: string, rule: number, text: string, note: string];
const inputs = (JSON.parse(readFileSync(join(DIR, "inputs.json"), "utf8")) as { inputs: Input[] }).inputs;
const schemaFiles = readdirSync(join(DIR, "schema"))
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({
    name: f,
    path: `tests/fixtures/keywords/schema/${f}`,
    text: readFileSync(join(DIR, "schema", f), "utf8"),
  }));
const protocol = protocolFromFiles("keywords", schemaFiles);

interface Vector {
  id: string;
  rule: number;
  note: string;
  type: string;
  via: "decode";
  input: { text: string };
  expect: { ok: true; canonical: string } | { ok: false; code: string; pointer: string };
}

function declOf(def: string): Decl {
  const d = protocol.decls.find((x) => x.origin.pointer === `/$defs/${def}`);
  if (d === undefined) throw new Error(`no definition ${def} in the fixture`);
  return d;
}

/** "ok <canonical>" or "<code> <pointer>". */
const outcomeOf = (e: Vector["expect"]): string => (e.ok ? `ok ${e.canonical}` : `${e.code} ${e.pointer}`);

function tsOutcomes(): string[] {
  const mod = loadGenerated(emitTypeScript(protocol));
  return inputs.map(([, def, , text]) => {
    const d = declOf(def);
    try {
      const v = (mod[d.names.ts.decode] as (s: string) => unknown)(text);
      return `ok ${(mod[d.names.ts.encode] as (v: unknown) => string)(v)}`;
    } catch (e) {
      const x = e as { code?: string; pointer?: string };
      if (x.code === undefined) throw e;
      return `${x.code} ${x.pointer}`;
    }
  });
}

/** The generated Go package, decoding and re-encoding each input, and santhosh-tekuri/jsonschema's verdict. */
function goResults(): { outcome: string; valid: boolean }[] {
  const sum = readFileSync(join(ROOT, "tests/go/go.sum"), "utf8")
    .split("\n")
    .filter((l) => /^(github\.com\/santhosh-tekuri\/jsonschema\/v6|golang\.org\/x\/text) /.test(l));
  const dir = scratchGoModule(
    "wire-codegen-keywords",
    "module keywordvectors\n\ngo 1.23\n\nrequire github.com/santhosh-tekuri/jsonschema/v6 v6.0.2\n\nrequire golang.org/x/text v0.14.0 // indirect\n",
    sum.join("\n") + "\n",
  );
  writeGoPackage(join(dir, "keywords"), "keywords", emitGo(protocol, { pkg: "keywords", source: "tests/fixtures/keywords/schema" }));
  mkdirSync(join(dir, "keywords/schema"));
  for (const f of schemaFiles) writeFileSync(join(dir, "keywords/schema", f.name), f.text);
  const fileOf = (def: string) =>
    schemaFiles.find((f) => (JSON.parse(f.text) as { $defs: object }).$defs.hasOwnProperty(def))!.name;
  writeFileSync(
    join(dir, "keywords/inputs.json"),
    JSON.stringify(inputs.map(([, def, , text]) => ({ def, file: fileOf(def), text }))),
  );
  writeFileSync(join(dir, "keywords/vectors_test.go"), GO_HARNESS);
  goRun(dir, ["vet", "./..."]);
  goRun(dir, ["test", "-count=1", "./..."]);
  return JSON.parse(readFileSync(join(dir, "keywords/results.json"), "utf8")) as { outcome: string; valid: boolean }[];
}

const GO_HARNESS = `package keywords

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestVectors(t *testing.T) {
	b, err := os.ReadFile("inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []struct{ Def, File, Text string }
	if err := json.Unmarshal(b, &inputs); err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	files, _ := filepath.Glob("schema/*.json")
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("https://keywords.invalid/"+filepath.Base(f), doc); err != nil {
			t.Fatal(err)
		}
	}
	type result struct {
		Outcome string \`json:"outcome"\`
		Valid   bool   \`json:"valid"\`
	}
	var out []result
	for _, in := range inputs {
		var r result
		codec := Codecs[in.Def]
		v, err := codec.Decode([]byte(in.Text))
		var de *DecodeError
		switch {
		case err == nil:
			enc, err := codec.Encode(v)
			if err != nil {
				t.Fatalf("%s: encode: %v", in.Def, err)
			}
			r.Outcome = "ok " + string(enc)
		case errors.As(err, &de):
			r.Outcome = de.Code + " " + de.Pointer
		default:
			t.Fatalf("%s: %v", in.Def, err)
		}
		sch, err := c.Compile("https://keywords.invalid/" + in.File + "#/$defs/" + in.Def)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(in.Text))
		if err != nil {
			t.Fatal(err)
		}
		r.Valid = sch.Validate(inst) == nil
		out = append(out, r)
	}
	res, _ := json.Marshal(out)
	if err := os.WriteFile("results.json", res, 0o644); err != nil {
		t.Fatal(err)
	}
}
`;

/** ajv's verdicts; formats are annotations for ajv here (ajv-formats is not a dependency), so those inputs are left to the Go validator. */
function ajvVerdicts(): (boolean | undefined)[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const f of schemaFiles) ajv.addSchema(JSON.parse(f.text) as object, f.name);
  return inputs.map(([, def, , text]) => {
    const file = schemaFiles.find((f) => (JSON.parse(f.text) as { $defs: object }).$defs.hasOwnProperty(def))!;
    if (file.text.includes('"x-assert-format": true')) return undefined;
    return ajv.validate(`${file.name}#/$defs/${def}`, JSON.parse(text)) as boolean;
  });
}

const ts = tsOutcomes();
const VECTORS = join(DIR, "vectors.jsonl");
if (bless)
  writeFileSync(
    VECTORS,
    inputs
      .map(([id, def, rule, text, note], i) => {
        const o = ts[i]!;
        const expect = o.startsWith("ok ")
          ? { ok: true, canonical: o.slice(3) }
          : { ok: false, code: o.slice(0, o.indexOf(" ")), pointer: o.slice(o.indexOf(" ") + 1) };
        return JSON.stringify({ id: `keywords-${id}`, rule, note, type: def, via: "decode", input: { text }, expect });
      })
      .join("\n") + "\n",
  );
const pinned = readFileSync(VECTORS, "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as Vector);

describe("keyword vectors (tests/fixtures/keywords)", () => {
  it("pins one vector per input, in order", () => {
    expect(pinned.map((v) => [v.id, v.type, v.input.text])).toEqual(
      inputs.map(([id, def, , text]) => [`keywords-${id}`, def, text]),
    );
    expect(pinned.length).toBe(81);
  });

  it("TypeScript gives every pinned outcome, canonical bytes included", () => {
    const wrong = pinned.map((v, i) => [v.id, outcomeOf(v.expect), ts[i]]).filter(([, want, got]) => want !== got);
    expect(wrong).toEqual([]);
  });

  it("both valid and invalid inputs for every definition of the fixture", () => {
    const defs = new Set(
      protocol.decls.filter((d) => /^\/\$defs\/[^/]+$/.test(d.origin.pointer)).map((d) => d.origin.pointer.slice(7)),
    );
    defs.delete("Named"); // a part of Person, decoded through it
    defs.delete("Nothing"); // the schema false has no valid value
    for (const def of defs) {
      const mine = pinned.filter((v) => v.type === def);
      expect([def, mine.some((v) => v.expect.ok), mine.some((v) => !v.expect.ok)]).toEqual([def, true, true]);
    }
  });

  it("ajv gives every pinned verdict but where it computes multipleOf in binary floating point", () => {
    const ajv = ajvVerdicts();
    const wrong = pinned.filter((v, i) => ajv[i] !== undefined && ajv[i] !== v.expect.ok).map((v) => v.id);
    // 19.99 / 0.01 is 1998.9999999999998 in doubles: ajv says no multiple; the decimal reading of
    // codegen/SEMANTICS.md ("Numbers") and santhosh-tekuri/jsonschema (big rationals) say it is one
    expect(wrong).toEqual(["keywords-price-decimal"]);
    expect(ajv.filter((x) => x !== undefined).length).toBe(76);
  });

  it("Go gives every pinned outcome, and santhosh-tekuri/jsonschema every pinned verdict", () => {
    const go = goResults();
    const wrong = pinned
      .map((v, i) => [v.id, outcomeOf(v.expect), go[i]!.outcome])
      .filter(([, want, got]) => want !== got);
    expect(wrong).toEqual([]);
    const verdicts = pinned.filter((v, i) => go[i]!.valid !== v.expect.ok).map((v) => v.id);
    expect(verdicts).toEqual([]);
  }, 300_000);
});
