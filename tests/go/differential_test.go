// Differential testing of the Go decoders against an independent JSON Schema validator,
// github.com/santhosh-tekuri/jsonschema/v6 (draft 2020-12), on the same schema files: the verdicts
// must be equal except where tests/differential-exceptions.json lists a deliberate difference
// (tests/ts/differential.test.ts does the same for TypeScript and ajv, and for both languages on
// inputs generated from the IR). Inputs: every vector input of a definition and systematic
// mutations of it (each member dropped, each key's case changed, each value replaced by values of
// other kinds and boundary numbers).
package vectors_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"example.com/wiretypes/tests/cmd/xcheck"
)

var replacements = []string{`null`, `0`, `-1`, `1.5`, `9007199254740993`, `1e400`, `1.0000000000000001`, `""`, `"\ud800"`, `[]`, `{}`, `true`, `"x"`, `[[[[1]]]]`}

// variants are single mutations of a JSON text (at most limit of them).
func variants(raw []byte, limit int) [][]byte {
	var out [][]byte
	add := func(b []byte) bool {
		if len(out) >= limit {
			return false
		}
		out = append(out, b)
		return true
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	switch raw[0] {
	case '{':
		members, err := orderedObject(raw)
		if err != nil {
			return nil
		}
		write := func(ms []objMember) []byte {
			var b bytes.Buffer
			b.WriteByte('{')
			for i, m := range ms {
				if i > 0 {
					b.WriteByte(',')
				}
				k, _ := json.Marshal(m.key)
				b.Write(k)
				b.WriteByte(':')
				b.Write(m.value)
			}
			b.WriteByte('}')
			return b.Bytes()
		}
		with := func(i int, m objMember) []byte {
			ms := append([]objMember(nil), members...)
			ms[i] = m
			return write(ms)
		}
		add(write(append(append([]objMember(nil), members...), objMember{"unknown_key", json.RawMessage(`1`)})))
		for i, m := range members {
			dropped := append(append([]objMember(nil), members[:i]...), members[i+1:]...)
			if !add(write(dropped)) || !add(with(i, objMember{strings.ToUpper(m.key), m.value})) {
				return out
			}
			for _, r := range replacements {
				if !add(with(i, objMember{m.key, json.RawMessage(r)})) {
					return out
				}
			}
			for _, v := range variants(m.value, limit-len(out)) {
				if !add(with(i, objMember{m.key, v})) {
					return out
				}
			}
		}
	case '[':
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return nil
		}
		for i := range items {
			for _, v := range variants(items[i], limit-len(out)) {
				c := append([]json.RawMessage(nil), items...)
				c[i] = v
				b, _ := json.Marshal(c)
				if !add(b) {
					return out
				}
			}
		}
	default:
		for _, r := range replacements {
			if !add([]byte(r)) {
				return out
			}
		}
	}
	return out
}

type objMember struct {
	key   string
	value json.RawMessage
}

func orderedObject(raw []byte) ([]objMember, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	if _, err := d.Token(); err != nil {
		return nil, err
	}
	var out []objMember
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, objMember{k.(string), v})
	}
	return out, nil
}

// schemaDefs lists the $defs of schema/<protocol>/*.json.
func schemaDefs(t *testing.T, protocol string) map[string]map[string]any {
	files, _ := filepath.Glob(filepath.Join(schemaDir, protocol, "*.json"))
	defs := map[string]map[string]any{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Defs map[string]map[string]any `json:"$defs"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		for n, d := range doc.Defs {
			defs[n] = d
		}
	}
	return defs
}

func TestDifferentialSanthoshTekuri(t *testing.T) {
	exceptions, err := xcheck.LoadExceptions("../differential-exceptions.json")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, protocol := range []string{"runner", "jsonl"} {
		vs, err := xcheck.NewValidators("../..", protocol)
		if err != nil {
			t.Fatal(err)
		}
		defs := schemaDefs(t, protocol)
		byType := map[string][][]byte{}
		for _, s := range fuzzSeeds(t, protocol) {
			if !s.stream {
				byType[s.typ] = append(byType[s.typ], s.data)
			}
		}
		types := make([]string, 0, len(byType))
		for typ := range byType {
			types = append(types, typ)
		}
		sort.Strings(types)
		for _, typ := range types {
			def, ok := defs[typ]
			c, hasCodec := xcheck.Protocols[protocol][typ]
			if !ok || !hasCodec || def["x-constant"] != nil {
				continue
			}
			open := def["x-open"] == true
			discriminators := discriminatorsOf(defs, def)
			var inputs [][]byte
			for _, in := range byType[typ] {
				inputs = append(inputs, in)
				inputs = append(inputs, variants(in, 25)...)
			}
			for _, in := range inputs {
				v, derr := c.Decode(in)
				verdict := xcheck.Verdict{Kind: "ok"}
				if derr != nil {
					de, ok := xcheck.AsDecodeError(derr)
					if !ok {
						t.Fatalf("%s/%s %q: not a *DecodeError: %v", protocol, typ, in, derr)
					}
					verdict = xcheck.Verdict{Kind: "error", Code: de.Code, Pointer: de.Pointer}
				} else if xcheck.IsNil(v) {
					verdict = xcheck.Verdict{Kind: "ignored"}
				}
				r, err := vs.Check(typ, in)
				if err != nil {
					t.Fatal(err)
				}
				counts[protocol+".cases"]++
				c := xcheck.Case{
					Input: in, Decoder: verdict, Valid: r.Valid, ValidatorPointers: r.Pointers, OpenUnion: open, Discriminators: discriminators,
					Revalidate: func(b []byte) bool {
						again, err := vs.Check(typ, b)
						if err != nil {
							t.Fatal(err)
						}
						return again.Valid
					},
				}
				if c.Agrees() {
					continue
				}
				if id := xcheck.Explain(exceptions, "go", c); id != "" {
					counts[id]++
					continue
				}
				t.Errorf("%s/%s: unexplained disagreement: decoder %+v, santhosh-tekuri valid=%v at %q (%s)\n  input: %s", protocol, typ, verdict, r.Valid, r.Pointers, firstLine(r.Detail), short(string(in)))
			}
		}
	}
	t.Log(fmt.Sprintf("differential cases and exceptions: %v", counts))
	if counts["runner.cases"] == 0 || counts["jsonl.cases"] == 0 {
		t.Fatalf("no cases: %v", counts)
	}
}

// discriminatorsOf gives, for a union definition, each x-discriminator key and the const values its
// variants ($refs to definitions of the same protocol) have there.
func discriminatorsOf(defs map[string]map[string]any, def map[string]any) map[string][]any {
	keys, _ := def["x-discriminator"].([]any)
	var variants []any
	for _, k := range []string{"oneOf", "anyOf"} {
		if vs, ok := def[k].([]any); ok {
			variants = append(variants, vs...)
		}
	}
	out := map[string][]any{}
	for _, k := range keys {
		key, _ := k.(string)
		for _, v := range variants {
			ref, _ := v.(map[string]any)["$ref"].(string)
			target := defs[ref[strings.LastIndex(ref, "/")+1:]]
			props, _ := target["properties"].(map[string]any)
			prop, _ := props[key].(map[string]any)
			if c, ok := prop["const"]; ok {
				out[key] = append(out[key], c)
			}
		}
	}
	return out
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
