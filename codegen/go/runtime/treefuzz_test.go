package wire

import (
	"strings"
	"testing"
)

// stringifyTree writes a tree as JSON.stringify writes what JSON.parse gave: property order.
func stringifyTree(dst []byte, v *wireValue) []byte {
	switch v.Kind {
	case wireKindObject:
		dst = append(dst, '{')
		for m := range v.Kids {
			if m > 0 {
				dst = append(dst, ',')
			}
			dst = wireAppendQuotedJS(dst, v.Keys[m].Name, v.Keys[m].Bad)
			dst = append(dst, ':')
			dst = stringifyTree(dst, &v.Kids[m])
		}
		return append(dst, '}')
	case wireKindArray:
		dst = append(dst, '[')
		for i := range v.Kids {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = stringifyTree(dst, &v.Kids[i])
		}
		return append(dst, ']')
	}
	return wireAppendCanon(dst, v)
}

// FuzzTreeMatchesRawWalker: the tree and the free-form walker of raw.go (wireCheckRaw,
// wireCanonicalRaw) are independent implementations of the same JSON.parse view; they must agree
// on the free-form verdict and, for accepted values, on the property-order text.
func FuzzTreeMatchesRawWalker(f *testing.F) {
	for _, s := range []string{
		`{"b":1,"2":2,"a":[1,{"x":"\u00e9"}],"b":3,"0":null}`, `[1e400]`, `{"\ud800":1}`, `["\udc00"]`,
		`{"01":1,"1":2,"4294967295":3,"4294967294":4}`, `{"a":1,"a":{"c":1,"b":2,"c":3}}`, `[-0,0.1,1e21,5e-324]`,
		strings.Repeat("[", 1001) + strings.Repeat("]", 1001), `{"__proto__":{"0":1}}`, `" \u2028\u0000"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if wireCheckText(b) != nil {
			return
		}
		tree := wireParseTree(b, 1)
		got, want := wireFreeTree(tree, wireAnyKind), wireCheckRaw(b, 1)
		if (got == nil) != (want == nil) || (got != nil && (got.Code != want.Code || got.Pointer != want.Pointer)) {
			t.Fatalf("%q: tree %v, raw walker %v", s, got, want)
		}
		if got != nil {
			return
		}
		canon, err := wireCanonicalRaw(b)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if text := stringifyTree(nil, tree); string(text) != string(canon) {
			t.Fatalf("%q: tree writes %s, raw walker %s", s, text, canon)
		}
	})
}
