// Runs the shared test vectors (vectors/<protocol>/*.jsonl, format in vectors/README.md) against the
// generated Go packages under out/go. tests/ts/next-vectors.test.ts runs the same files unchanged.
package vectors_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"example.com/wiretypes/jsonl"
	"example.com/wiretypes/runner"
	"example.com/wiretypes/tests/cmd/xcheck"
)

const vectorsDir = "../../vectors"
const schemaDir = "../../schema"

// codecs maps each vectors/<protocol> folder to the Codecs of its generated Go package.
var codecs = map[string]map[string]runner.Codec{
	"runner": runner.Codecs,
	"jsonl":  asRunnerCodecs(jsonl.Codecs),
}

// asRunnerCodecs converts another package's Codecs: every generated Codec has the same fields, and
// xcheck.Normalized turns its DecodeError and EncodeError into runner's (each generated package
// declares its own, with the same fields), so one runner serves all.
// Codecs readers of a protocol without a frame limit (jsonl) use a 64 MiB safety cap, as the TS runner does.
func asRunnerCodecs(m map[string]jsonl.Codec) map[string]runner.Codec {
	out := make(map[string]runner.Codec, len(m))
	for k, c := range m {
		out[k] = runner.Codec(xcheck.Normalized(xcheck.Codec(c)))
	}
	return out
}

// requiredRules are the wire rules (shared/WIRE-RULES.md) that need at least one vector; the
// others are listed with the reason they are exempt. Keep in step with tests/ts/next-vectors.test.ts.
var requiredRules = map[int]string{
	1: "", 2: "", 3: "", 4: "", 5: "", 6: "", 7: "", 8: "", 9: "", 10: "",
	11: "", 12: "", 13: "", 14: "", 15: "", 16: "", 17: "", 18: "", 20: "",
	19: "exempt: generator-level, an undecidable oneOf is refused at generation time",
}

// chunkSizes are the read sizes a stream vector is fed with; 0 means the whole input in one read.
var chunkSizes = []int{1, 7, 4096, 65536, 0}

// oneByteMax: longer streams are not fed one byte at a time.
const oneByteMax = 256 * 1024

// sevenBytesMax: longer streams (the 64 MiB safety-cap vectors) are not fed 7 bytes at a time either,
// as in tests/ts/next-vectors.test.ts, where that would take minutes.
const sevenBytesMax = 16 << 20

type repeatSpec struct {
	Prefix string `json:"prefix"`
	Unit   string `json:"unit"`
	Count  int    `json:"count"`
	Suffix string `json:"suffix"`
}

func (r repeatSpec) text() string { return r.Prefix + strings.Repeat(r.Unit, r.Count) + r.Suffix }

type input struct {
	Text   *string     `json:"text"`
	Base64 *string     `json:"base64"`
	Repeat *repeatSpec `json:"repeat"`
}

type outcome struct {
	Ok        *bool           `json:"ok"`
	Canonical json.RawMessage `json:"canonical"`
	Code      string          `json:"code"`
	Pointer   string          `json:"pointer"`
	Ignored   bool            `json:"ignored"`
}

type vector struct {
	ID     string          `json:"id"`
	Rule   *int            `json:"rule"`
	Note   string          `json:"note"`
	Type   string          `json:"type"`
	Via    string          `json:"via"`
	Input  input           `json:"input"`
	Expect json.RawMessage `json:"expect"`

	protocol, file string
	line           int
}

// result is an outcome in comparable form.
type result struct {
	kind      string // "ok", "error" or "ignored"
	canonical string
	code      string
	pointer   string
}

func (r result) String() string {
	switch r.kind {
	case "ok":
		return "ok " + short(r.canonical)
	case "error":
		return fmt.Sprintf("error code=%s pointer=%q", r.code, r.pointer)
	}
	return r.kind
}

func short(s string) string {
	if len(s) <= 300 {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", s[:120], len(s), s[len(s)-120:])
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	var out []vector
	protocols, err := os.ReadDir(vectorsDir)
	if err != nil {
		t.Fatalf("reading %s: %v", vectorsDir, err)
	}
	for _, p := range protocols {
		if !p.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join(vectorsDir, p.Name(), "*.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(files)
		for _, f := range files {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(fh)
			sc.Buffer(make([]byte, 1<<20), 64<<20)
			n := 0
			for sc.Scan() {
				n++
				line := sc.Bytes()
				if len(bytes.TrimSpace(line)) == 0 {
					continue
				}
				var v vector
				dec := json.NewDecoder(bytes.NewReader(line))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&v); err != nil {
					t.Fatalf("%s:%d: %v", f, n, err)
				}
				v.protocol, v.file, v.line = p.Name(), filepath.Base(f), n
				out = append(out, v)
			}
			if err := sc.Err(); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			fh.Close()
		}
	}
	if len(out) == 0 {
		t.Fatal("no vectors found")
	}
	return out
}

func inputBytes(in input) ([]byte, error) {
	switch {
	case in.Text != nil && in.Base64 == nil && in.Repeat == nil:
		return []byte(*in.Text), nil
	case in.Base64 != nil && in.Text == nil && in.Repeat == nil:
		return base64.StdEncoding.DecodeString(*in.Base64)
	case in.Repeat != nil && in.Text == nil && in.Base64 == nil:
		return []byte(in.Repeat.text()), nil
	}
	return nil, errors.New("input must have exactly one of text, base64, repeat")
}

func expected(raw json.RawMessage) (result, error) {
	var o outcome
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return result{}, err
	}
	switch {
	case o.Ignored:
		return result{kind: "ignored"}, nil
	case o.Ok != nil && *o.Ok:
		var s string
		if err := json.Unmarshal(o.Canonical, &s); err == nil {
			return result{kind: "ok", canonical: s}, nil
		}
		var r struct {
			Repeat repeatSpec `json:"repeat"`
		}
		if err := json.Unmarshal(o.Canonical, &r); err != nil {
			return result{}, fmt.Errorf("canonical: %v", err)
		}
		return result{kind: "ok", canonical: r.Repeat.text()}, nil
	case o.Ok != nil && !*o.Ok:
		return result{kind: "error", code: o.Code, pointer: o.Pointer}, nil
	}
	return result{}, errors.New("outcome must be ok true, ok false or ignored")
}

// schemaWords: declared keys, const and enum strings and definition names, which a message may name.
func schemaWords(protocol string) map[string]bool {
	words := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(schemaDir, protocol, "*.json"))
	var visit func(n any)
	visit = func(n any) {
		switch x := n.(type) {
		case []any:
			for _, e := range x {
				visit(e)
			}
		case map[string]any:
			for k, v := range x {
				if k == "properties" || k == "$defs" {
					if m, ok := v.(map[string]any); ok {
						for w := range m {
							words[w] = true
						}
					}
				}
				if s, ok := v.(string); ok && k == "const" {
					words[s] = true
				}
				if a, ok := v.([]any); ok && k == "enum" {
					for _, e := range a {
						if s, ok := e.(string); ok {
							words[s] = true
						}
					}
				}
				visit(v)
			}
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var doc any
		if json.Unmarshal(b, &doc) == nil {
			visit(doc)
		}
	}
	return words
}

var surrogateEscape = regexp.MustCompile(`(?i)\\ud[89a-f][0-9a-f]{2}`)

// quotedStrings: distinctive string values and undeclared keys of the input (8+ characters, not a
// word of the schema), which an error message must never contain (rule 16, codegen/SEMANTICS.md).
func quotedStrings(in []byte, words map[string]bool) []string {
	if !utf8.Valid(in) || surrogateEscape.Match(in) {
		// Go would turn unpaired surrogates into U+FFFD: collect nothing rather than something wrong.
		return nil
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(in))
	if err := dec.Decode(&doc); err != nil {
		return nil
	}
	var found []string
	stack := []any{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := n.(type) {
		case string:
			if utf8.RuneCountInString(x) >= 8 && !words[x] {
				found = append(found, x)
			}
		case []any:
			stack = append(stack, x...)
		case map[string]any:
			for k, v := range x {
				if utf8.RuneCountInString(k) >= 8 && !words[k] {
					found = append(found, k)
				}
				stack = append(stack, v)
			}
		}
	}
	return found
}

func fromError(err error, secrets []string) (result, error) {
	var de *runner.DecodeError
	if !errors.As(err, &de) {
		return result{}, fmt.Errorf("not a *runner.DecodeError: %T %v", err, err)
	}
	for _, s := range secrets {
		// The message, not Error(): Error() also shows the pointer, which names keys by design.
		if strings.Contains(de.Message, s) {
			return result{}, fmt.Errorf("rule 16: the error message quotes a string of the input: %s", short(de.Message))
		}
	}
	return result{kind: "error", code: de.Code, pointer: de.Pointer}, nil
}

// canonical encodes v and checks that the canonical text decodes and re-encodes to itself.
func canonical(c runner.Codec, v any) (result, error) {
	if v == nil {
		return result{kind: "ignored"}, nil
	}
	first, err := c.Encode(v)
	if err != nil {
		return result{}, fmt.Errorf("encoding the decoded value: %v", err)
	}
	v2, err := c.Decode(first)
	if err != nil {
		return result{}, fmt.Errorf("decoding the canonical form %s: %v", short(string(first)), err)
	}
	again, err := c.Encode(v2)
	if err != nil {
		return result{}, fmt.Errorf("re-encoding: %v", err)
	}
	if !bytes.Equal(first, again) {
		return result{}, fmt.Errorf("not idempotent: %s re-encodes as %s", short(string(first)), short(string(again)))
	}
	return result{kind: "ok", canonical: string(first)}, nil
}

func sameResults(a, b []result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestVectorFiles(t *testing.T) {
	vs := loadVectors(t)
	// every file holds exactly the number of vectors vectors/counts.json gives
	b, err := os.ReadFile(filepath.Join(vectorsDir, "counts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var counts struct {
		Files map[string]int `json:"files"`
	}
	if err := json.Unmarshal(b, &counts); err != nil {
		t.Fatal(err)
	}
	found := map[string]int{}
	for _, v := range vs {
		found[v.protocol+"/"+v.file]++
	}
	if !reflect.DeepEqual(found, counts.Files) {
		t.Errorf("vectors per file: got %v, vectors/counts.json says %v", found, counts.Files)
	}
	seen := map[string]string{}
	covered := map[int]bool{}
	kebab := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, v := range vs {
		at := fmt.Sprintf("%s/%s:%d", v.protocol, v.file, v.line)
		if prev, ok := seen[v.ID]; ok {
			t.Errorf("%s: id %s also at %s", at, v.ID, prev)
		}
		seen[v.ID] = at
		if !kebab.MatchString(v.ID) {
			t.Errorf("%s: id %q is not kebab-case", at, v.ID)
		}
		if v.Rule == nil || *v.Rule < 0 {
			t.Errorf("%s: rule must be a whole number", at)
		} else {
			covered[*v.Rule] = true
		}
		if v.Note == "" {
			t.Errorf("%s: note is missing", at)
		}
		if v.Via != "decode" && v.Via != "stream" && v.Via != "encode" {
			t.Errorf("%s: via must be decode, stream or encode", at)
		}
		if v.Via == "encode" && v.Input.Text == nil {
			t.Errorf("%s: an encode vector's input is text", at)
		}
		if _, err := inputBytes(v.Input); err != nil {
			t.Errorf("%s: %v", at, err)
		}
	}
	for rule, why := range requiredRules {
		if why == "" && !covered[rule] {
			t.Errorf("wire rule %d has no vector", rule)
		}
	}
}

func TestVectors(t *testing.T) {
	vs := loadVectors(t)
	wordsByProtocol := map[string]map[string]bool{}
	for _, v := range vs {
		v := v
		name := fmt.Sprintf("%s/%s", v.protocol, v.ID)
		t.Run(name, func(t *testing.T) {
			where := fmt.Sprintf("%s/%s:%d (rule %d): %s", v.protocol, v.file, v.line, *v.Rule, v.Note)
			cs, ok := codecs[v.protocol]
			if !ok {
				t.Fatalf("%s: no Go package for protocol %q", where, v.protocol)
			}
			c, ok := cs[v.Type]
			if !ok {
				t.Fatalf("%s: %s has no codec %q", where, v.protocol, v.Type)
			}
			words, ok := wordsByProtocol[v.protocol]
			if !ok {
				words = schemaWords(v.protocol)
				wordsByProtocol[v.protocol] = words
			}
			in, err := inputBytes(v.Input)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			secrets := quotedStrings(in, words)
			switch v.Via {
			case "decode":
				want, err := expected(v.Expect)
				if err != nil {
					t.Fatalf("%s: expect: %v", where, err)
				}
				var got result
				val, derr := c.Decode(in)
				if derr != nil {
					got, err = fromError(derr, secrets)
				} else {
					got, err = canonical(c, val)
				}
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if got != want {
					t.Fatalf("%s\n got: %s\nwant: %s", where, got, want)
				}
			case "stream":
				var raws []json.RawMessage
				if err := json.Unmarshal(v.Expect, &raws); err != nil {
					t.Fatalf("%s: a stream vector expects an array: %v", where, err)
				}
				want := make([]result, len(raws))
				for i, r := range raws {
					if want[i], err = expected(r); err != nil {
						t.Fatalf("%s: expect[%d]: %v", where, i, err)
					}
				}
				if c.NewReader == nil {
					t.Fatalf("%s: %s has no reader", where, v.Type)
				}
				for _, size := range chunkSizes {
					if size == 1 && len(in) > oneByteMax {
						continue
					}
					if size == 7 && len(in) > sevenBytesMax {
						continue
					}
					if size == 0 && len(in) <= 65536 {
						continue
					}
					next := c.NewReader(xcheck.ChunkReader(in, size))
					var got []result
					for {
						val, rerr := next()
						if rerr == io.EOF {
							break
						}
						var r result
						if rerr != nil {
							r, err = fromError(rerr, secrets)
						} else {
							r, err = canonical(c, val)
						}
						if err != nil {
							t.Fatalf("%s: chunks of %d: frame %d: %v", where, size, len(got), err)
						}
						got = append(got, r)
						if len(got) > len(want)+10 {
							break
						}
					}
					if !sameResults(got, want) {
						t.Fatalf("%s: chunks of %d bytes\n got: %v\nwant: %v", where, size, got, want)
					}
				}
			case "encode":
				want, err := expected(v.Expect)
				if err != nil {
					t.Fatalf("%s: expect: %v", where, err)
				}
				zero, ok := encodeTypes[v.Type]
				if !ok {
					t.Fatalf("%s: add %s to encodeTypes in this file", where, v.Type)
				}
				val, err := xcheck.BuildValue(*v.Input.Text, reflect.TypeOf(zero))
				if err != nil {
					t.Fatalf("%s: building the Go value: %v", where, err)
				}
				var got result
				text, eerr := c.Encode(val.Interface())
				if eerr != nil {
					var ee *runner.EncodeError
					if !errors.As(eerr, &ee) {
						t.Fatalf("%s: not a *runner.EncodeError: %T %v", where, eerr, eerr)
					}
					got = result{kind: "error", code: ee.Code, pointer: ee.Pointer}
				} else {
					dv, derr := c.Decode(text)
					if derr != nil {
						t.Fatalf("%s: the encoder wrote %s, which its decoder rejects: %v", where, short(string(text)), derr)
					}
					if got, err = canonical(c, dv); err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					if got.canonical != string(text) {
						t.Fatalf("%s: encoding %s is not canonical: %s", where, short(string(text)), short(got.canonical))
					}
				}
				if got != want {
					t.Fatalf("%s\n got: %s\nwant: %s", where, got, want)
				}
			default:
				t.Fatalf("%s: via must be decode, stream or encode", where)
			}
		})
	}
}

// encodeTypes gives the Go type of each definition that encode vectors use (Codecs work on untyped
// values, so the type cannot be looked up by name).
var encodeTypes = map[string]any{
	"NativeFile":       runner.NativeFile{},
	"Usage":            runner.Usage{},
	"Config":           runner.Config{},
	"HarnessOptions":   runner.HarnessOptions{},
	"AssistantMessage": runner.AssistantMessage{},
	"PromptResult":     runner.PromptResult{},
	"Text":             runner.Text{},
	"Provider":         runner.Provider{},
	"ToolCall":         runner.ToolCall{},
	// jsonl
	"CapabilitySettings": jsonl.CapabilitySettings{},
}
