// The differential exceptions themselves (tests/differential-exceptions.json, xcheck.Explain), on
// hand-made disagreements: each one explains only what happens at the pointer where the verdicts
// differ. tests/ts/differential.test.ts checks codegen/next/conformance/exceptions.ts on the same cases.
package vectors_test

import (
	"strings"
	"testing"

	"example.com/wiretypes/tests/cmd/xcheck"
)

func TestExceptionsAtThePointer(t *testing.T) {
	exceptions, err := xcheck.LoadExceptions("../differential-exceptions.json")
	if err != nil {
		t.Fatal(err)
	}
	validators := map[string]*xcheck.Validators{}
	for _, p := range []string{"runner", "jsonl"} {
		if validators[p], err = xcheck.NewValidators("../..", p); err != nil {
			t.Fatal(err)
		}
	}
	ok := xcheck.Verdict{Kind: "ok"}
	ignored := xcheck.Verdict{Kind: "ignored"}
	fail := func(code, pointer string) xcheck.Verdict {
		return xcheck.Verdict{Kind: "error", Code: code, Pointer: pointer}
	}
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	open := map[string][]any{"type": {"text", "usage"}}
	cases := []struct {
		protocol, typ, input string
		decoder              xcheck.Verdict
		openUnion            bool
		want                 string // the exception's id, "" for none, "agrees"
	}{
		// ieee-double-numbers: an inexact number elsewhere explains nothing
		{"runner", "ToolCall", `{"id":"c","arguments":{"x":0.1}}`, ok, false, ""},
		{"runner", "Usage", `{"input":1.0000000000000001}`, ok, false, ""},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"x":0.1}}`, fail("range", "/id"), false, ""},
		{"runner", "Usage", `{"input":1,"output":10}`, fail("range", "/output"), false, ""},
		// ... the inexact number at the pointer, read as its double, is the whole difference
		{"runner", "Usage", `{"input":1.0000000000000001,"output":0}`, ok, false, "ieee-double-numbers"},
		{"runner", "Usage", `{"input":1,"output":-1e-400}`, ok, false, "ieee-double-numbers"},
		// ignored is a verdict of its own: never for a valid line, nor for a known discriminator
		{"jsonl", "HarnessEvent", `{"type":"text","text":"hi"}`, ignored, true, ""},
		{"jsonl", "HarnessEvent", `{"type":"text"}`, ignored, true, ""},
		{"jsonl", "HarnessEvent", `{"type":"nope"}`, ignored, true, "open-union-ignored"},
		{"jsonl", "HarnessEvent", `{"type":1}`, ignored, true, "open-union-ignored"},
		{"jsonl", "HarnessEvent", `not json`, ignored, true, "open-union-ignored"},
		{"jsonl", "HarnessEvent", "{\"type\":\"text\",\"text\":\"\xff\"}", ignored, true, "open-union-ignores-ill-formed-bytes"},
		{"jsonl", "HarnessEvent", `{"type":"text","text":"hi"}`, ok, true, "agrees"},
		// ill-formed text, nesting and numbers out of range: at the decoder's pointer only
		{"runner", "Text", `{"text":"\ud800"}`, fail("utf8", "/text"), false, "unpaired-surrogate"},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"\ud800":1}}`, fail("utf8", "/arguments"), false, "unpaired-surrogate"},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"a":"\ud800"}}`, fail("utf8", "/arguments"), false, ""},
		{"runner", "ToolCall", `{"id":"\ud800x","name":"n","arguments":{}}`, fail("utf8", "/name"), false, ""},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"a":` + deep(1000) + `}}`, fail("depth", "/arguments/a"+strings.Repeat("/0", 998)), false, "nesting-limit"},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"a":` + deep(1000) + `}}`, fail("depth", "/arguments/a"+strings.Repeat("/0", 990)), false, ""},
		{"runner", "Usage", `{"input":9007199254740993,"output":0}`, fail("range", "/input"), false, "integer-range"},
		{"runner", "Usage", `{"input":9007199254740993,"output":0}`, fail("range", "/output"), false, ""},
		// a union that rejects a number out of range may report another variant's error (any code but range)
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"x":1e400}}`, fail("unknown_field", "/arguments/x"), false, "integer-range-in-a-rejected-union"},
		{"runner", "ToolCall", `{"id":"c","name":"n","arguments":{"x":1}}`, fail("unknown_field", "/arguments/x"), false, ""},
	}
	for _, tc := range cases {
		vs := validators[tc.protocol]
		r, err := vs.Check(tc.typ, []byte(tc.input))
		if err != nil {
			t.Fatal(err)
		}
		c := xcheck.Case{
			Input: []byte(tc.input), Decoder: tc.decoder, Valid: r.Valid, ValidatorPointers: r.Pointers, OpenUnion: tc.openUnion,
			Revalidate: func(b []byte) bool {
				again, err := vs.Check(tc.typ, b)
				if err != nil {
					t.Fatal(err)
				}
				return again.Valid
			},
		}
		if tc.openUnion {
			c.Discriminators = open
		}
		got := "agrees"
		if !c.Agrees() {
			got = xcheck.Explain(exceptions, "go", c)
		}
		if got != tc.want {
			t.Errorf("%s %s, decoder %+v, santhosh-tekuri valid=%v at %q: explained by %q, want %q", tc.typ, short(tc.input), tc.decoder, r.Valid, r.Pointers, got, tc.want)
		}
	}
}
