// The encoder refuses what its decoder would reject, with the same code and pointer
// (codegen/SEMANTICS.md, "Encoding"), for the values Go keeps as bytes beside an object's declared
// properties: the members pattern properties match and the additionalProperties values beside them
// (Go's Extra of json.RawMessage values), declared properties a pattern also matches (a required
// const among them, which Go's struct has no field for), the unknown keys of a closed object of
// patterns (of one pattern: Go keeps its members as a typed map, whose values the pattern
// schema's encoder checks as it writes them), and a tuple's elements (a tuple was kept raw too; it is now a struct whose elements
// are checked by their own encoders, in order). Before, Go's encoder wrote such members with the free-form
// writer only: it encoded `Pat{Extra: {"x1": {"a":"no"}}}`, which its decoder and TypeScript's
// encoder refuse (`type` at /x1/a). The first error is the one TypeScript's check reports first
// (codegen/next/ts/check.ts): unknown keys, then the properties in schema order (each by its own
// schema, then by the patterns that match it), then the extra members in property order (each by
// the patterns matching it, else by additionalProperties), each value in its schema's order (a
// lone surrogate in a later member of the value does not hide a wrong type in an earlier one). Each
// case is decoded (from its JSON text) and encoded (as a value the host built) in both languages,
// with the same outcome.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitGo } from "../../codegen/next/go/emit";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";
import { GO_ENCODE_OUTCOME, GO_OUTCOME, goRun, scratchGoModule, tsOutcome, writeGoPackage } from "./helpers/go-module";

const ROOT = join(__dirname, "../..");
const FILE = "tests/fixtures/encpat/schema/encpat.json";
const protocol = protocolFromFiles("encpat", [{ path: FILE, text: readFileSync(join(ROOT, FILE), "utf8") }]);

/**
 * A value as a Go host builds it (`m(key, value, ...)` is a []Member of raw values, `om[T](keys,
 * values...)` the OrderedMap[T] of a closed object of one pattern) and as the JSON
 * text TypeScript's host value is parsed from and both decoders read; the outcome of each:
 * `ok <canonical>` or `<code> <pointer>`.
 */
const CASES: { name: string; type: string; go: string; json: string; expect: string }[] = [
  {
    name: "a pattern member's property",
    type: "Pat",
    go: 'Pat{Extra: m(`x1`, `{"a":"no"}`)}',
    json: '{"x1":{"a":"no"}}',
    expect: "type /x1/a",
  },
  {
    name: "a pattern member in its schema's order",
    type: "Pat",
    go: 'Pat{Extra: m(`x1`, `{"b":"\\ud800","a":"no"}`)}',
    json: '{"x1":{"b":"\\ud800","a":"no"}}',
    expect: "type /x1/a",
  },
  {
    name: "a pattern member with a lone surrogate",
    type: "Pat",
    go: 'Pat{Extra: m(`x1`, `{"b":"\\ud800","a":1}`)}',
    json: '{"x1":{"b":"\\ud800","a":1}}',
    expect: "utf8 /x1/b",
  },
  {
    name: "the first failing member in property order",
    type: "Pat",
    go: 'Pat{Extra: m(`x2`, `{"a":"no"}`, `x1`, `{"a":1.5}`)}',
    json: '{"x2":{"a":"no"},"x1":{"a":1.5}}',
    expect: "type /x2/a",
  },
  {
    name: "index keys first in property order",
    type: "Num",
    go: 'Num{Extra: m(`2`, `"x"`, `1`, `"y"`)}',
    json: '{"2":"x","1":"y"}',
    expect: "type /1",
  },
  {
    name: "pattern members that pass, written canonically",
    type: "Pat",
    go: 'Pat{Extra: m(`x1`, `{ "b" : "s", "a": 1e0 }`, `x0`, `{}`)}',
    json: '{"x1":{ "b" : "s", "a": 1e0 },"x0":{}}',
    expect: 'ok {"x1":{"a":1,"b":"s"},"x0":{}}',
  },
  {
    name: "additionalProperties beside patterns",
    type: "PatAdd",
    go: 'PatAdd{Extra: m(`x1`, `1`, `y`, `{"a":"no"}`)}',
    json: '{"x1":1,"y":{"a":"no"}}',
    expect: "type /y/a",
  },
  {
    name: "a pattern member beside additionalProperties",
    type: "PatAdd",
    go: 'PatAdd{K: ptr(int64(1)), Extra: m(`y`, `{"a":1}`, `x1`, `"s"`)}',
    json: '{"k":1,"y":{"a":1},"x1":"s"}',
    expect: "type /x1",
  },
  {
    name: "additionalProperties of no declared property",
    type: "PatAddPlain",
    go: 'PatAddPlain{Extra: m(`x`, `5`, `y`, `"long"`)}',
    json: '{"x":5,"y":"long"}',
    expect: "length /y",
  },
  {
    name: "a pattern of no declared property",
    type: "PatAddPlain",
    go: 'PatAddPlain{Extra: m(`y`, `"s"`, `x`, `9`)}',
    json: '{"y":"s","x":9}',
    expect: "range /x",
  },
  {
    name: "a required const a pattern refuses",
    type: "ConstPat",
    go: "ConstPat{}",
    json: '{"a":"x"}',
    expect: "length /a",
  },
  {
    name: "a required const a pattern accepts",
    type: "ConstPatOk",
    go: "ConstPatOk{}",
    json: '{"a":"x"}',
    expect: 'ok {"a":"x"}',
  },
  {
    name: "declared properties a pattern matches, in schema order",
    type: "DeclPat",
    go: "DeclPat{S: ptr(`long`), N: 9}",
    json: '{"n":9,"s":"long"}',
    expect: "length /s",
  },
  {
    name: "a required property a pattern matches",
    type: "DeclPat",
    go: 'DeclPat{N: 9, Extra: m(`z1`, `"s"`)}',
    json: '{"z1":"s","n":9}',
    expect: "range /n",
  },
  {
    name: "declared properties before the extra members",
    type: "DeclPat",
    go: 'DeclPat{N: 1, Extra: m(`z1`, `"s"`)}',
    json: '{"n":1,"z1":"s"}',
    expect: "type /z1",
  },
  {
    name: "an unknown key of a closed object of patterns",
    type: "Closed",
    go: 'Closed{K: 1, Extra: om[int64]([]string{"x1", "y"}, 2, 1)}',
    json: '{"k":1,"x1":2,"y":1}',
    expect: "unknown_field /y",
  },
  {
    name: "an unknown key before a failing member",
    type: "Closed",
    go: 'Closed{K: 1, Extra: om[int64]([]string{"x1", "y"}, 9, 1)}',
    json: '{"k":1,"x1":9,"y":1}',
    expect: "unknown_field /y",
  },
  {
    name: "a closed object's pattern member",
    type: "Closed",
    go: 'Closed{K: 1, Extra: om[int64]([]string{"x1"}, 9)}',
    json: '{"k":1,"x1":9}',
    expect: "range /x1",
  },
  {
    name: "a closed object's first failing member in property order",
    type: "Closed",
    go: 'Closed{K: 1, Extra: om[int64]([]string{"x2", "x1"}, 7, 9)}',
    json: '{"k":1,"x2":7,"x1":9}',
    expect: "range /x2",
  },
  {
    name: "a closed object's typed members, written in property order",
    type: "Closed",
    go: 'Closed{K: 1, Extra: om[int64]([]string{"x2", "x1"}, 1, 2)}',
    json: '{"x2":1,"k":1,"x1":2}',
    expect: 'ok {"k":1,"x2":1,"x1":2}',
  },
  {
    name: "an unknown key of a closed object of two patterns",
    type: "ClosedRaw",
    go: 'ClosedRaw{Extra: m(`y1`, `"s"`, `z`, `1`, `x1`, `"s"`)}',
    json: '{"y1":"s","z":1,"x1":"s"}',
    expect: "unknown_field /z",
  },
  {
    name: "a closed object of two patterns' member",
    type: "ClosedRaw",
    go: 'ClosedRaw{Extra: m(`y1`, `"s"`, `x1`, `"s"`)}',
    json: '{"y1":"s","x1":"s"}',
    expect: "type /x1",
  },
  {
    name: "pattern members inside a property",
    type: "Holder",
    go: 'Holder{Pat: &Pat{Extra: m(`x1`, `{"a":"no"}`)}}',
    json: '{"pat":{"x1":{"a":"no"}}}',
    expect: "type /pat/x1/a",
  },
  {
    name: "additionalProperties inside a property",
    type: "Holder",
    go: 'Holder{Add: &PatAddPlain{Extra: m(`y`, `"long"`)}}',
    json: '{"add":{"y":"long"}}',
    expect: "length /add/y",
  },
  {
    name: "a tuple's elements, each by its own encoder",
    type: "Tup",
    go: 'Tup{Item1: ptr(int64(1)), Item2: ptr("\\xed\\xa0\\x80")}',
    json: '[1,"\\ud800"]',
    expect: "utf8 /1",
  },
];

const decl = (def: string) => protocol.decls.find((d) => d.origin.pointer === `/$defs/${def}`)!;
const mod = loadGenerated(emitTypeScript(protocol));
const DecodeError = mod.DecodeError as abstract new () => object;
const EncodeError = mod.EncodeError as abstract new () => object;
const expected = CASES.map((c) => `${c.name}: ${c.expect}`);

describe("encoders refuse the extra members (and the declared properties) their decoders would", () => {
  it("TypeScript decodes each case's text as it says", () => {
    const got = CASES.map((c) => {
      const d = decl(c.type).names.ts;
      let canonical = "";
      const o = tsOutcome(() => {
        canonical = (mod[d.encode] as (x: unknown) => string)((mod[d.decode] as (s: string) => unknown)(c.json));
      }, DecodeError);
      return `${c.name}: ${o === "valid" ? `ok ${canonical}` : o}`;
    });
    expect(got).toEqual(expected);
  });

  it("TypeScript encodes each case's host value as it says", () => {
    const got = CASES.map((c) => {
      let out = "";
      const o = tsOutcome(() => {
        out = (mod[decl(c.type).names.ts.encode] as (x: unknown) => string)(JSON.parse(c.json));
      }, EncodeError);
      return `${c.name}: ${o === "valid" ? `ok ${out}` : o}`;
    });
    expect(got).toEqual(expected);
  });

  it("Go decodes each case's text and encodes its host value exactly as TypeScript does", () => {
    const dir = scratchGoModule("wire-codegen-encpat", "module encpatcheck\n\ngo 1.23\n");
    writeGoPackage(
      join(dir, "encpat"),
      "encpat",
      emitGo(protocol, { pkg: "encpat", source: "tests/fixtures/encpat/schema" }),
    );
    writeFileSync(join(dir, "encpat/encpat_test.go"), goHarness());
    goRun(dir, ["vet", "./..."]);
    goRun(dir, ["test", "-count=1", "./..."]);
    const got = JSON.parse(readFileSync(join(dir, "encpat/results.json"), "utf8")) as {
      decode: string[];
      encode: string[];
    };
    expect(got.decode).toEqual(expected);
    expect(got.encode).toEqual(expected);
  });
});

function goHarness(): string {
  const cases = CASES.map(
    (c) =>
      `\t\t{${JSON.stringify(c.name)}, ${JSON.stringify(c.type)}, ${JSON.stringify(c.json)}, func() ([]byte, error) { return Codecs[${JSON.stringify(c.type)}].Encode(${c.go}) }},`,
  );
  return `package encpat

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

${GO_OUTCOME}

${GO_ENCODE_OUTCOME}

func ptr[T any](v T) *T { return &v }

// m is the members of its arguments, key and raw value in turn.
func m(kv ...string) []Member {
	var out []Member
	for i := 0; i < len(kv); i += 2 {
		out = append(out, Member{Key: kv[i], Value: json.RawMessage(kv[i+1])})
	}
	return out
}

// om is the typed map of keys and their values (the extras of a closed object of one pattern).
func om[T any](keys []string, vals ...T) OrderedMap[T] {
	var out OrderedMap[T]
	for i, k := range keys {
		out.Set(k, vals[i])
	}
	return out
}

func TestEncodePatterns(t *testing.T) {
	var res struct {
		Decode []string \`json:"decode"\`
		Encode []string \`json:"encode"\`
	}
	for _, c := range []struct {
		name, typ, json string
		build           func() ([]byte, error)
	}{
${cases.join("\n")}
	} {
		codec := Codecs[c.typ]
		v, err := codec.Decode([]byte(c.json))
		o := outcomeOf(err)
		if err == nil {
			o = encodeOutcome(codec.Encode(v))
		}
		res.Decode = append(res.Decode, c.name+": "+o)
		res.Encode = append(res.Encode, c.name+": "+encodeOutcome(c.build()))
	}
	out, _ := json.Marshal(res)
	if err := os.WriteFile("results.json", out, 0o644); err != nil {
		t.Fatal(err)
	}
}
`;
}
