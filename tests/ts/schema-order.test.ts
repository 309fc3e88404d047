// The canonical encoding (codegen/SEMANTICS.md, "Encoding": objects in schema order, declared
// properties first) of values whose schemas declare object properties somewhere inside: tuples
// (prefixItems; items as an array and additionalItems before 2020-12) and the members pattern
// properties (and additionalProperties beside them) match. Go once kept both as bytes and wrote them
// with the free-form writer, in ECMAScript property order (tests/next-fuzz-cases.json:
// fuzz-go-tuple-member-order, fuzz-go-pattern-member-order); pattern members are still kept raw
// and written again in schema order (but for a closed object of one pattern, whose members are a
// typed map written by the pattern schema's encoder), tuples are now structs (codegen/SEMANTICS.md, "Go types of
// tuples") whose elements are written by their own encoders. The fixture (tests/fixtures/order/)
// has them at every depth: objects inside arrays inside tuple elements, a tuple's rest items,
// pattern members whose schema is a $ref to an object definition or a tuple, patterns inside
// patterns, additionalProperties beside patterns, a closed object of patterns, unions (dispatched,
// by exact meaning, nullable) and a typed map inside a tuple, tuples and pattern objects held by a
// struct's properties; and two definitions whose values hold no declared property (Plain,
// PlainPat). Each vector is decoded and encoded again in both languages, and encoded as a value
// the host built (both encoders), with the same outcome.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitGo } from "../../codegen/next/go/emit";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";
import { GO_ENCODE_OUTCOME, GO_OUTCOME, goRun, scratchGoModule, tsOutcome, writeGoPackage } from "./helpers/go-module";

const ROOT = join(__dirname, "../..");
const FILES = ["tests/fixtures/order/schema/order.json", "tests/fixtures/order/schema/order-draft7.json"];
const protocol = protocolFromFiles(
  "order",
  FILES.map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") })),
);
interface Vector {
  type: string;
  input: string;
  canonical?: string;
  error?: string;
}
const vectors = (
  JSON.parse(readFileSync(join(ROOT, "tests/fixtures/order/vectors.json"), "utf8")) as { vectors: Vector[] }
).vectors;
const expected = vectors.map((v) => (v.canonical !== undefined ? `ok ${v.canonical}` : v.error!));
/**
 * Values a Go host builds (not decoded), with the JSON text TypeScript's host value is parsed from:
 * members of pattern properties and additionalProperties, and free-form members inside tuple
 * elements, whose bytes are not canonical; tuples of objects built as their structs.
 */
const HOST: { name: string; type: string; go: string; json: string; expect: string }[] = [
  {
    name: "pattern members",
    type: "Pat",
    go: 'Pat{K: &one, Extra: []Member{{Key: "w", Value: json.RawMessage(`{ "x" : 1, "y": 2 }`)}, {Key: "x1", Value: json.RawMessage(`{"a":1,"z":2,"inner":{"a":1,"z":{"b":1,"a":2}}}`)}, {Key: "t", Value: json.RawMessage(`[{"a":1,"z":2}, "s"]`)}}}',
    json: '{"k":1,"w":{ "x" : 1, "y": 2 },"x1":{"a":1,"z":2,"inner":{"a":1,"z":{"b":1,"a":2}}},"t":[{"a":1,"z":2}, "s"]}',
    expect: 'ok {"k":1,"w":{"y":2,"x":1},"x1":{"z":2,"a":1,"inner":{"z":{"b":1,"a":2},"a":1}},"t":[{"z":2,"a":1},"s"]}',
  },
  {
    name: "closed object of patterns",
    type: "Closed",
    go: 'func() (c Closed) { c.Extra.Set("7", ClosedMatch{A: json.RawMessage("1"), B: json.RawMessage("2"), Extra: []Member{{Key: "c", Value: json.RawMessage("0")}}}); c.Extra.Set("1", ClosedMatch{}); return }()',
    json: '{"7":{"c":0,"a":1,"b":2},"1":{}}',
    expect: 'ok {"1":{},"7":{"b":2,"a":1,"c":0}}',
  },
  {
    name: "a struct holding a tuple and a pattern object",
    type: "Holder",
    go: 'Holder{Tuple: &HolderTuple{Item1: &Pat{Extra: []Member{{Key: "t", Value: json.RawMessage(`[{"a":1,"10":2}]`)}}}}, Pat: &Pat{Extra: []Member{{Key: "x", Value: json.RawMessage(`{"inner":{},"a":1}`)}}}}',
    json: '{"tuple":[{"t":[{"a":1,"10":2}]}],"pat":{"x":{"inner":{},"a":1}}}',
    expect: 'ok {"pat":{"x":{"a":1,"inner":{}}},"tuple":[{"t":[{"10":2,"a":1}]}]}',
  },
  {
    name: "a tuple element the schema refuses",
    type: "Holder",
    go: 'Holder{Pair: &Pair{Item1: &Obj{}, Item2: []Obj{}, Rest: []PairItem{{Q: json.RawMessage("1")}}}}',
    json: '{"pair":[{},[],{"q":1}]}',
    expect: "missing_field /pair/2/r",
  },
  {
    name: "a tuple of objects, its rest items included",
    type: "Pair",
    go: 'Pair{Item1: &Obj{Z: json.RawMessage(`{"b":1,"a":2}`), A: &one}, Item2: []Obj{{X10: json.RawMessage("2"), A: &one}}, Rest: []PairItem{{R: json.RawMessage(`{"y":1,"x":2}`), Q: json.RawMessage("0"), Extra: []Member{{Key: "e", Value: json.RawMessage(`{ "k" : 1 }`)}}}}}',
    json: '[{"a":1,"z":{"b":1,"a":2}},[{"a":1,"10":2}],{"e":{ "k" : 1 },"q":0,"r":{"y":1,"x":2}}]',
    expect: 'ok [{"z":{"b":1,"a":2},"a":1},[{"10":2,"a":1}],{"r":{"y":1,"x":2},"q":0,"e":{"k":1}}]',
  },
  {
    name: "a tuple of unions",
    type: "Variants",
    go: 'Variants{Item1: &VariantsItem1B{V: json.RawMessage("1"), W: json.RawMessage("2")}, Item2: VariantsItem2Integer(3)}',
    json: '[{"kind":"b","v":1,"w":2},3]',
    expect: 'ok [{"kind":"b","w":2,"v":1},3]',
  },
  {
    name: "a tuple of free-form elements",
    type: "Plain",
    go: 'Plain{Item1: json.RawMessage(`{"b":1,"a":2}`), Item2: []PlainItem2Item{}, Rest: []json.RawMessage{json.RawMessage(`{"z":1}`)}}',
    json: '[{"b":1,"a":2},[],{"z":1}]',
    expect: 'ok [{"b":1,"a":2},[],{"z":1}]',
  },
  {
    name: "a tuple of draft 7 (items as an array, additionalItems)",
    type: "Old",
    go: 'Old{Item1: &OldItem1{A: json.RawMessage("1"), B: json.RawMessage("2")}, Item2: &one, Rest: []OldItem{{C: json.RawMessage("3")}}}',
    json: '[{"a":1,"b":2},1,{"c":3}]',
    expect: 'ok [{"b":2,"a":1},1,{"c":3}]',
  },
];

const decl = (name: string) => protocol.decls.find((d) => d.name === name)!;
const mod = loadGenerated(emitTypeScript(protocol));
const DecodeError = mod.DecodeError as abstract new () => object;
const EncodeError = mod.EncodeError as abstract new () => object;
const go = emitGo(protocol, { pkg: "order", source: "tests/fixtures/order/schema" });

describe("raw-kept values are written in schema order (declared members first)", () => {
  it("TypeScript decodes and encodes each vector as it says", () => {
    const got = vectors.map((v) => {
      const d = decl(v.type).names.ts;
      let canonical = "";
      const o = tsOutcome(() => {
        canonical = (mod[d.encode] as (x: unknown) => string)((mod[d.decode] as (s: string) => unknown)(v.input));
      }, DecodeError);
      return o === "valid" ? `ok ${canonical}` : o;
    });
    expect(got).toEqual(expected);
  });

  it("TypeScript encodes the host-built values", () => {
    const encode = (type: string, text: string): string => {
      let out = "";
      const o = tsOutcome(() => {
        out = (mod[decl(type).names.ts.encode] as (x: unknown) => string)(JSON.parse(text));
      }, EncodeError);
      return o === "valid" ? `ok ${out}` : o;
    };
    expect(HOST.map((h) => `${h.name}: ${encode(h.type, h.json)}`)).toEqual(HOST.map((h) => `${h.name}: ${h.expect}`));
  });

  it("Go writes a writer only where a raw-kept schema orders members: tuples are structs, the others keep the plain raw path", () => {
    const encode = go.get("encode.go")!;
    const fn = (name: string) => encode.slice(encode.indexOf(`func enc${name}(`)).split("\n}\n")[0]!;
    expect(fn("Plain")).toContain("enc_Plain(");
    // (the members of a pattern are checked by its schema, then written: with no writer, pick is nil)
    expect(fn("PlainPat")).toMatch(/wireAppendExtrasChecked\(.*, nil\); err != nil/);
    expect(fn("Pair")).toContain("enc_Pair(");
    expect(fn("Pat")).toMatch(/wireAppendExtrasChecked\(.*, wrtKey_Pat\); err != nil/);
    expect([...go.values()].join("\n")).not.toMatch(/func wrt\w*Plain/);
  });

  it("Go decodes and encodes each vector exactly as TypeScript does, and encodes host-built values the same", () => {
    const dir = scratchGoModule("wire-codegen-order", "module ordercheck\n\ngo 1.23\n");
    writeGoPackage(join(dir, "order"), "order", go);
    writeFileSync(join(dir, "order/vectors.json"), JSON.stringify(vectors));
    writeFileSync(join(dir, "order/order_test.go"), goHarness());
    goRun(dir, ["vet", "./..."]);
    goRun(dir, ["test", "-count=1", "./..."]);
    const got = JSON.parse(readFileSync(join(dir, "order/results.json"), "utf8")) as {
      decode: string[];
      host: string[];
    };
    expect(got.decode).toEqual(expected);
    expect(got.host).toEqual(HOST.map((h) => `${h.name}: ${h.expect}`));
  });
});

function goHarness(): string {
  const hosts = HOST.map(
    (h) =>
      `\t\t{${JSON.stringify(h.name)}, func() ([]byte, error) { return Codecs[${JSON.stringify(h.type)}].Encode(${h.go}) }},`,
  );
  return `package order

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

${GO_OUTCOME}

${GO_ENCODE_OUTCOME}

func ptr[T any](v T) *T { return &v }

func TestOrder(t *testing.T) {
	b, err := os.ReadFile("vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct{ Type, Input string }
	if err := json.Unmarshal(b, &vectors); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Decode []string \`json:"decode"\`
		Host   []string \`json:"host"\`
	}
	for _, in := range vectors {
		codec := Codecs[in.Type]
		v, err := codec.Decode([]byte(in.Input))
		o := outcomeOf(err)
		if err == nil {
			o = encodeOutcome(codec.Encode(v))
		}
		res.Decode = append(res.Decode, o)
	}
	one := int64(1)
	for _, h := range []struct {
		name  string
		build func() ([]byte, error)
	}{
${hosts.join("\n")}
	} {
		res.Host = append(res.Host, h.name+": "+encodeOutcome(h.build()))
	}
	out, _ := json.Marshal(res)
	if err := os.WriteFile("results.json", out, 0o644); err != nil {
		t.Fatal(err)
	}
}
`;
}
