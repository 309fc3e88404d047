package vectors_test

import (
	"bytes"
	"testing"
)

// A union variant's one allocation also holds the strings of a short text: its room is the rest of
// the text less the variant's skeleton (codegen/next/go/skeleton.ts), the bytes no decode copies.
// Were a skeleton too large, a text would need another allocation for its strings that the same
// text with spaces after it (more room, the same strings) does not: every valid decode vector
// decodes with as many allocations either way.
func TestVariantRoomHoldsTheStrings(t *testing.T) {
	const shareLimit = 1024 // wireShareLimit: longer texts copy each string on its own
	n := 0
	for _, v := range loadVectors(t) {
		c, ok := codecs[v.protocol][v.Type]
		want, err := expected(v.Expect)
		if !ok || v.Via != "decode" || err != nil || want.kind != "ok" {
			continue
		}
		line, err := inputBytes(v.Input)
		if err != nil || len(line)+64 > shareLimit {
			continue
		}
		padded := append(bytes.Clone(line), bytes.Repeat([]byte(" "), shareLimit-len(line))...)
		decode := func(b []byte) func() {
			return func() {
				if _, err := c.Decode(b); err != nil {
					t.Fatalf("%s: %v", v.ID, err)
				}
			}
		}
		tight, roomy := testing.AllocsPerRun(3, decode(line)), testing.AllocsPerRun(3, decode(padded))
		if tight != roomy {
			t.Errorf("%s (%s:%d): %v allocations, %v with spaces after the text: a skeleton is larger than the text's", v.ID, v.file, v.line, tight, roomy)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d vectors checked", n)
	}
}
