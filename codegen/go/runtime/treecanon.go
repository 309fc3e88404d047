package wire

import (
	"sort"
	"unicode/utf8"
)

// wireCanon is the canonical text of a value for equality (≈ $canon): object
// members sorted by key in UTF-16 code unit order (JavaScript's `<` on
// strings), everything written as JSON.stringify writes it: numbers as
// Number::toString (-0 as 0, and ±Inf as null, as JSON.stringify writes
// Infinity), strings escaped as JSON.stringify escapes them, an unpaired
// surrogate as a lowercase \udxxx escape.
func wireCanon(v *wireValue) string { return string(wireAppendCanon(nil, v)) }

// wireAppendCanon appends wireCanon(v) to dst. It is iterative.
func wireAppendCanon(dst []byte, v *wireValue) []byte {
	type open struct {
		v     *wireValue
		order []int // objects: member indices in key order
		next  int
	}
	var stack []open
	for cur := v; ; {
		switch cur.Kind {
		case wireKindObject, wireKindArray:
			if len(cur.Kids) == 0 {
				if cur.Kind == wireKindObject {
					dst = append(dst, '{', '}')
				} else {
					dst = append(dst, '[', ']')
				}
				break
			}
			o := open{v: cur}
			if cur.Kind == wireKindObject {
				dst = append(dst, '{')
				o.order = wireSortedKeys(cur.Keys)
			} else {
				dst = append(dst, '[')
			}
			stack = append(stack, o)
		case wireKindString:
			dst = wireAppendQuotedJS(dst, cur.Str, cur.Bad)
		case wireKindNumber:
			if cur.Finite() {
				dst = wireAppendES(dst, cur.Num)
			} else {
				dst = append(dst, "null"...)
			}
		case wireKindBoolean:
			dst = wireAppendBool(dst, cur.True)
		default:
			dst = wireAppendNull(dst)
		}
		// Move to the next value to write, closing finished containers.
		for {
			if len(stack) == 0 {
				return dst
			}
			top := &stack[len(stack)-1]
			if top.next < len(top.v.Kids) {
				if top.next > 0 {
					dst = append(dst, ',')
				}
				k := top.next
				if top.order != nil {
					k = top.order[k]
					key := &top.v.Keys[k]
					dst = wireAppendQuotedJS(dst, key.Name, key.Bad)
					dst = append(dst, ':')
				}
				top.next++
				cur = &top.v.Kids[k]
				break
			}
			if top.order != nil {
				dst = append(dst, '}')
			} else {
				dst = append(dst, ']')
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// wireSortedKeys returns the member indices of keys in UTF-16 code unit order.
func wireSortedKeys(keys []wireKey) []int {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return wireCompareUTF16(keys[order[a]].Name, keys[order[b]].Name) < 0 })
	return order
}

// wireCompareUTF16 compares two (generalized UTF-8) strings by their UTF-16
// code units, as JavaScript compares strings: byte order, except where a
// supplementary character (a surrogate pair) meets a BMP character at or
// above U+D800.
func wireCompareUTF16(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return wireCmp(len(a), len(b)) // a byte prefix is a code unit prefix
	}
	for i > 0 && a[i]&0xC0 == 0x80 {
		i-- // to the start of the character holding the difference
	}
	ra, _ := wireDecodeRuneG(a, i)
	rb, _ := wireDecodeRuneG(b, i)
	if (ra < 0x10000) == (rb < 0x10000) {
		return wireCmp(int(ra), int(rb))
	}
	ua, ub := wireUTF16(a[i:]), wireUTF16(b[i:])
	for k := 0; k < len(ua) && k < len(ub); k++ {
		if ua[k] != ub[k] {
			return wireCmp(int(ua[k]), int(ub[k]))
		}
	}
	return wireCmp(len(ua), len(ub))
}

func wireCmp(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// wireDecodeRuneG decodes the character at s[i] of a generalized UTF-8 string,
// where a lone surrogate is its 3-byte form (ED A0..BF xx).
func wireDecodeRuneG(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	if s[i] == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

// wireUTF16 returns the UTF-16 code units of a generalized UTF-8 string.
func wireUTF16(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		r, n := wireDecodeRuneG(s, i)
		i += n
		if r >= 0x10000 {
			r -= 0x10000
			out = append(out, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		} else {
			out = append(out, uint16(r))
		}
	}
	return out
}

// wireAppendQuotedJS writes s as JSON.stringify does, including a string that
// is not well-formed (bad): each unpaired surrogate as \udxxx.
func wireAppendQuotedJS(dst []byte, s string, bad bool) []byte {
	if !bad {
		return wireAppendQuoted(dst, s)
	}
	dst = append(dst, '"')
	for {
		j := 0
		for j < len(s) && !(s[j] == 0xED && j+2 < len(s) && s[j+1] >= 0xA0) {
			j++
		}
		// the part before the surrogate, escaped, without wireAppendQuoted's quotes
		n := len(dst)
		dst = wireAppendQuoted(dst, s[:j])
		dst = append(dst[:n], dst[n+1:len(dst)-1]...)
		if j == len(s) {
			return append(dst, '"')
		}
		r := 0xD000 | int(s[j+1]&0x3F)<<6 | int(s[j+2]&0x3F)
		dst = append(dst, '\\', 'u', wireHexDigits[r>>12], wireHexDigits[r>>8&0xF], wireHexDigits[r>>4&0xF], wireHexDigits[r&0xF])
		s = s[j+3:]
	}
}

// wireOneOfValues is const or enum (the keyword the schema wrote: code) of any
// JSON values, given by their canonical texts (≈ $oneOfValues): deep equality.
func wireOneOfValues(v *wireValue, canon []string, code string) *DecodeError {
	c := wireCanon(v)
	for _, w := range canon {
		if c == w {
			return nil
		}
	}
	if code == wireCodeConst {
		return wireFail(wireCodeConst, "not the expected constant")
	}
	return wireFail(wireCodeEnum, "not one of the enum values")
}

// wireUnique is uniqueItems (≈ $unique): the first element equal to an
// earlier one is `unique` at that element. v is an array (else nil).
func wireUnique(v *wireValue) *DecodeError {
	if v.Kind != wireKindArray || len(v.Kids) < 2 {
		return nil
	}
	seen := make(map[string]struct{}, len(v.Kids))
	var buf []byte
	for i := range v.Kids {
		buf = wireAppendCanon(buf[:0], &v.Kids[i])
		if _, ok := seen[string(buf)]; ok {
			return wireFail(wireCodeUnique, "element equals an earlier element").at(i)
		}
		seen[string(buf)] = struct{}{}
	}
	return nil
}
