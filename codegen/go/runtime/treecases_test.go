package wire

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The cases of tests/tree-cases.json, which tests/ts/tree-cases.test.ts runs against the
// TypeScript runtime's twins of these helpers.

type treeCase struct {
	Op           string          `json:"op"`
	JSON         json.RawMessage `json:"json"`
	At           *string         `json:"at"`
	Keys         []string        `json:"keys"`
	Values       []string        `json:"values"`
	Code         string          `json:"code"`
	Canon        json.RawMessage `json:"canon"`
	Error        json.RawMessage `json:"error"`
	X, M         string
	Multiple     bool            `json:"multiple"`
	Kinds        []string        `json:"kinds"`
	Known        []string        `json:"known"`
	PropertyOrer bool            `json:"propertyOrder"`
	Schema       json.RawMessage `json:"schema"`
	Ev           bool            `json:"ev"`
	Docs         [][2]string     `json:"docs"`
}

// caseText decodes a text field: a string, or parts (a string, or [string, count] repeated).
func caseText(t *testing.T, raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		t.Fatalf("text field %s: %v", raw, err)
	}
	var b strings.Builder
	for _, p := range parts {
		if json.Unmarshal(p, &s) == nil {
			b.WriteString(s)
			continue
		}
		var rep []json.RawMessage
		var n int
		if json.Unmarshal(p, &rep) != nil || len(rep) != 2 || json.Unmarshal(rep[0], &s) != nil || json.Unmarshal(rep[1], &n) != nil {
			t.Fatalf("text part %s", p)
		}
		b.WriteString(strings.Repeat(s, n))
	}
	return b.String()
}

// caseVerdict writes an error as the TypeScript test does: "ok" or "code @pointer", the pointer
// as JSON.stringify writes a string (lone surrogates escaped), without the quotes.
func caseVerdict(e *DecodeError) string {
	if e == nil {
		return "ok"
	}
	q := wireAppendQuotedJS(nil, e.Pointer, true)
	return e.Code + " @" + string(q[1:len(q)-1])
}

func loadTreeCases(t *testing.T) []treeCase {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "tree-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []treeCase }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

// caseTree parses a case's document as the decoder's exact path would (checked first).
func caseTree(t *testing.T, text string) *wireValue {
	if err := wireCheckText([]byte(text)); err != nil {
		t.Fatalf("case text %.60q: %v", text, err)
	}
	return wireParseTree([]byte(text), 1)
}

func kindsOf(names []string) wireKinds {
	if names == nil {
		return wireAnyKind
	}
	var k wireKinds
	for _, n := range names {
		for i, name := range wireKindNames {
			if name == n {
				k |= 1 << i
			}
		}
	}
	return k
}

// onCase runs check on the value at c.At (or the root), prefixing the error as a caller does.
func onCase(t *testing.T, c treeCase, check func(*wireValue) *DecodeError) string {
	v := caseTree(t, caseText(t, c.JSON))
	if c.At == nil {
		return caseVerdict(check(v))
	}
	if e := check(v.Get(*c.At)); e != nil {
		return caseVerdict(e.in(*c.At))
	}
	return "ok"
}

func runTreeCase(t *testing.T, c treeCase) (got, want any) {
	switch c.Op {
	case "order":
		v := caseTree(t, caseText(t, c.JSON))
		keys, vals := []string{}, []string{}
		for m, k := range v.Keys {
			keys = append(keys, string(wireAppendQuotedJS(nil, k.Name, k.Bad)))
			vals = append(vals, wireCanon(&v.Kids[m]))
		}
		if c.Keys == nil {
			c.Keys, c.Values = []string{}, []string{}
		}
		return [2][]string{keys, vals}, [2][]string{c.Keys, c.Values}
	case "canon":
		return wireCanon(caseTree(t, caseText(t, c.JSON))), caseText(t, c.Canon)
	case "unique":
		return onCase(t, c, wireUnique), caseText(t, c.Error)
	case "oneOfValues":
		var canon []string
		for _, text := range c.Values {
			canon = append(canon, wireCanon(caseTree(t, text)))
		}
		return onCase(t, c, func(v *wireValue) *DecodeError { return wireOneOfValues(v, canon, c.Code) }), caseText(t, c.Error)
	case "multipleOf":
		// beyond the doubles is ±Inf, as JSON.parse gives (strconv says so with ErrRange)
		x, err1 := strconv.ParseFloat(c.X, 64)
		m, err2 := strconv.ParseFloat(c.M, 64)
		if (err1 != nil && !errors.Is(err1, strconv.ErrRange)) || (err2 != nil && !errors.Is(err2, strconv.ErrRange)) {
			t.Fatalf("multipleOf case %s / %s", c.X, c.M)
		}
		return wireMultipleOf(x, m), c.Multiple
	case "free":
		return onCase(t, c, func(v *wireValue) *DecodeError { return wireFreeTree(v, kindsOf(c.Kinds)) }), caseText(t, c.Error)
	case "check":
		check := compileCase(t, wireParseTree(c.Schema, 1), c.Ev)
		var got [][2]string
		for _, d := range c.Docs {
			got = append(got, [2]string{d[0], onCase(t, treeCase{JSON: json.RawMessage(strconv.Quote(d[0]))}, func(v *wireValue) *DecodeError {
				return check(v, &wireEv{})
			})})
		}
		return got, c.Docs
	case "closed":
		known := func(k string) bool {
			for _, n := range c.Known {
				if n == k {
					return true
				}
			}
			return false
		}
		return onCase(t, c, func(v *wireValue) *DecodeError {
			if c.PropertyOrer {
				wireTreePropertyOrder(v)
			}
			if v.Kind != wireKindObject {
				return wireFail(wireCodeType, "expected object")
			}
			return wireClosedTree(v, known)
		}), caseText(t, c.Error)
	}
	t.Fatalf("unknown op %q", c.Op)
	return nil, nil
}

func TestTreeCases(t *testing.T) {
	cases := loadTreeCases(t)
	ops := map[string]int{}
	for i, c := range cases {
		ops[c.Op]++
		got, want := runTreeCase(t, c)
		if !reflect.DeepEqual(got, want) {
			g, w := strings.TrimSpace(strings.ReplaceAll(toText(got), "/0/0/0/0", "…")), toText(want)
			t.Errorf("case %d (%s %.80s): got %.300s, want %.300s", i, c.Op, caseText(t, orNull(c.JSON)), g, strings.ReplaceAll(w, "/0/0/0/0", "…"))
		}
	}
	if len(ops) != 8 {
		t.Errorf("ops: %v", ops)
	}
}

func orNull(r json.RawMessage) json.RawMessage {
	if r == nil {
		return json.RawMessage(`""`)
	}
	return r
}

func toText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
