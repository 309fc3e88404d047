package wire

import (
	"sort"
	"unicode/utf8"
)

// wireCheckRaw checks a syntactically valid free-form value whose root sits at
// nesting level `level` (the document root is level 1) as JSON.parse gives it:
// in ECMAScript property order with duplicate keys resolved, the first
// container deeper than MaxDepth → depth, key with an unpaired surrogate →
// utf8 at its object, string with one → utf8, non-finite number → range.
// Pointers are relative to the value.
func wireCheckRaw(b []byte, level int) *DecodeError {
	if !wireSuspicious(b, level) {
		return nil
	}
	var w wireRawWalker
	w.build(b, level)
	return w.walk(0, level)
}

// wireSuspicious is the fast path of CheckRaw: a plain scan that finds no escape
// that may be a surrogate, no number that may overflow and no deep nesting.
func wireSuspicious(b []byte, level int) bool {
	depth := level - 1
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; ; i++ {
				// eight bytes at a time to the next quote, backslash or control character
				if i = wireStringStop(b, i); i >= len(b) {
					return true
				}
				if b[i] == '"' {
					break
				}
				if b[i] == '\\' {
					i++
					if b[i] == 'u' && (b[i+1]|0x20) == 'd' && b[i+2] >= '8' {
						// a high surrogate escape followed by a low one is a pair
						if !wireLowAfter(b, i) {
							return true
						}
						i += 10
					}
				}
			}
		case '{', '[':
			depth++
			if depth > wireMaxDepth {
				return true
			}
		case '}', ']':
			depth--
		case 't', 'n':
			i += 3
		case 'f':
			i += 4
		default:
			if c == '-' || wireIsDigit(c) {
				j, e := i, false
				for j < len(b) && wireClass[b[j]]&wireClsNumber != 0 {
					e = e || b[j]|0x20 == 'e'
					j++
				}
				if j-i > 300 {
					return true
				}
				if e {
					if _, ok := wireParseNumber(b[i:j]); !ok {
						return true
					}
				}
				i = j - 1
			}
		}
	}
	return false
}

// wireLowAfter reports that the escape \\uXXXX at b[i-1:], a high surrogate
// (\\uD800 to \\uDBFF, in either case), is followed by a low surrogate's
// escape (\\uDC00 to \\uDFFF); b is a valid JSON text.
func wireLowAfter(b []byte, i int) bool {
	if c := b[i+2] | 0x20; c != '8' && c != '9' && c != 'a' && c != 'b' {
		return false // a low surrogate: lone
	}
	if i+10 >= len(b) || b[i+5] != '\\' || b[i+6] != 'u' || b[i+7]|0x20 != 'd' {
		return false
	}
	c := b[i+8] | 0x20
	return c == 'c' || c == 'd' || c == 'e' || c == 'f'
}

type wireRawNode struct {
	kind   byte // '{', '[', '"', '0' (number), 't', 'f', 'n', 'D' (container too deep)
	bad    bool // string or key with an unpaired surrogate
	start  int32
	end    int32
	child  int32 // first child, -1 if none
	next   int32 // next sibling, -1 if none
	keyBad bool
	key    string // member key, unescaped
}

type wireRawWalker struct {
	b       []byte
	nodes   []wireRawNode
	scratch []byte
	out     []byte
	write   bool
}

// build parses the valid JSON value b into w.nodes (node 0 is the root).
// Containers deeper than MaxDepth are not entered.
func (w *wireRawWalker) build(b []byte, level int) {
	w.b = b
	w.nodes = w.nodes[:0]
	w.node(wireSkipWS(b, 0), level)
}

func (w *wireRawWalker) node(i, level int) int {
	b := w.b
	idx := len(w.nodes)
	w.nodes = append(w.nodes, wireRawNode{start: int32(i), child: -1, next: -1})
	n := &w.nodes[idx]
	switch c := b[i]; c {
	case '{', '[':
		if level > wireMaxDepth {
			n.kind = 'D'
			var d wireDecoder
			d.b, d.i = b, i
			d.Skip()
			n.end = int32(d.i)
			return d.i
		}
		n.kind = c
		close := byte(']')
		if c == '{' {
			close = '}'
		}
		i = wireSkipWS(b, i+1)
		prev := -1
		for b[i] != close {
			var key string
			keyBad := false
			if c == '{' {
				end := wireScanString(b, i)
				var kb []byte
				kb, keyBad, _ = wireUnescapeInto(w.scratch[:0], b, i)
				w.scratch = kb
				key = string(kb)
				i = wireSkipWS(b, end)
				i = wireSkipWS(b, i+1) // ':'
			}
			child := len(w.nodes)
			i = w.node(i, level+1)
			if c == '{' {
				w.nodes[child].key = key
				w.nodes[child].keyBad = keyBad
			}
			if prev < 0 {
				w.nodes[idx].child = int32(child)
			} else {
				w.nodes[prev].next = int32(child)
			}
			prev = child
			i = wireSkipWS(b, i)
			if b[i] == ',' {
				i = wireSkipWS(b, i+1)
			}
		}
		w.nodes[idx].end = int32(i + 1)
		return i + 1
	case '"':
		end := wireSkipStringAt(b, i)
		n.kind = '"'
		n.end = int32(end)
		for k := i + 1; k < end-1; k++ {
			if b[k] == '\\' {
				k++
				if b[k] == 'u' {
					// decode to learn about lone surrogates
					_, bad, _ := wireUnescapeInto(w.scratch[:0], b, i)
					w.nodes[idx].bad = bad
					break
				}
			}
		}
		return end
	case 't':
		n.kind, n.end = 't', int32(i+4)
	case 'f':
		n.kind, n.end = 'f', int32(i+5)
	case 'n':
		n.kind, n.end = 'n', int32(i+4)
	default:
		n.kind, n.end = '0', int32(wireSkipNumberAt(b, i))
	}
	return int(w.nodes[idx].end)
}

// wireUnescapeInto decodes the string opening at b[i] into dst.
func wireUnescapeInto(dst, b []byte, i int) ([]byte, bool, int) {
	return wireUnescape(dst, b, i+1)
}

// wireArrayIndex reports whether k is a canonical array index (0 … 2^32 − 2) and its value.
func wireArrayIndex(k string) (uint64, bool) {
	if len(k) == 0 || len(k) > 10 || (k[0] == '0' && len(k) > 1) {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(k); i++ {
		if !wireIsDigit(k[i]) {
			return 0, false
		}
		v = v*10 + uint64(k[i]-'0')
	}
	return v, v <= 4294967294
}

// wireEsOrder resolves duplicate keys (last value, first position) and returns,
// in ECMAScript property order, the index of the member whose value is kept.
func wireEsOrder(n int, key func(int) string) []int {
	out := make([]int, 0, n)
	keys := make([]string, 0, n)
	var seen map[string]int
	if n > 16 {
		seen = make(map[string]int, n)
	}
	for i := 0; i < n; i++ {
		k := key(i)
		j := -1
		if seen != nil {
			if p, ok := seen[k]; ok {
				j = p
			}
		} else {
			for p, q := range keys {
				if q == k {
					j = p
					break
				}
			}
		}
		if j >= 0 {
			out[j] = i
			continue
		}
		if seen != nil {
			seen[k] = len(out)
		}
		keys = append(keys, k)
		out = append(out, i)
	}
	type slot struct {
		idx   uint64
		isIdx bool
		pos   int
		val   int
	}
	slots := make([]slot, len(out))
	anyIdx := false
	for p, v := range out {
		x, ok := wireArrayIndex(keys[p])
		slots[p] = slot{x, ok, p, v}
		anyIdx = anyIdx || ok
	}
	if !anyIdx {
		return out
	}
	sort.SliceStable(slots, func(a, b int) bool {
		sa, sb := slots[a], slots[b]
		if sa.isIdx != sb.isIdx {
			return sa.isIdx
		}
		if sa.isIdx {
			return sa.idx < sb.idx
		}
		return sa.pos < sb.pos
	})
	for p := range slots {
		out[p] = slots[p].val
	}
	return out
}

// walk checks (and, when w.write, writes canonically) node n at nesting level `level`.
func (w *wireRawWalker) walk(n int32, level int) *DecodeError {
	nd := &w.nodes[n]
	switch nd.kind {
	case 'D':
		return wireFail(wireCodeDepth, wireDepthMessage)
	case '[':
		if w.write {
			w.out = append(w.out, '[')
		}
		i := 0
		for c := nd.child; c >= 0; c = w.nodes[c].next {
			if w.write && i > 0 {
				w.out = append(w.out, ',')
			}
			if err := w.walk(c, level+1); err != nil {
				return err.at(i)
			}
			i++
		}
		if w.write {
			w.out = append(w.out, ']')
		}
	case '{':
		var kids []int32
		for c := nd.child; c >= 0; c = w.nodes[c].next {
			kids = append(kids, c)
		}
		order := wireEsOrder(len(kids), func(i int) string { return w.nodes[kids[i]].key })
		if w.write {
			w.out = append(w.out, '{')
		}
		for p, o := range order {
			c := kids[o]
			cn := &w.nodes[c]
			if cn.keyBad {
				return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
			}
			if w.write {
				if p > 0 {
					w.out = append(w.out, ',')
				}
				w.out = wireAppendQuoted(w.out, cn.key)
				w.out = append(w.out, ':')
			}
			if err := w.walk(c, level+1); err != nil {
				return err.in(cn.key)
			}
		}
		if w.write {
			w.out = append(w.out, '}')
		}
	case '"':
		if nd.bad {
			return wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
		}
		if w.write {
			s, _, _ := wireUnescapeInto(w.scratch[:0], w.b, int(nd.start))
			w.scratch = s
			w.out = wireAppendQuotedBytes(w.out, s)
		}
	case '0':
		f, ok := wireParseNumber(w.b[nd.start:nd.end])
		if !ok {
			return wireFail(wireCodeRange, "number is not finite")
		}
		if w.write {
			w.out = wireAppendES(w.out, f)
		}
	case 't':
		if w.write {
			w.out = append(w.out, "true"...)
		}
	case 'f':
		if w.write {
			w.out = append(w.out, "false"...)
		}
	case 'n':
		if w.write {
			w.out = append(w.out, "null"...)
		}
	}
	return nil
}

// wireAppendRaw writes a free-form value canonically (as JSON.stringify writes
// what JSON.parse gives): it refuses invalid UTF-8 (utf8), bytes that are not
// one JSON value (syntax), a top-level kind outside kinds (type) and whatever
// CheckRaw refuses. level is the nesting level of the value in its document.
func wireAppendRaw(dst []byte, raw []byte, level int, kinds wireKinds) ([]byte, *EncodeError) {
	if wireCanonical(raw, level, kinds) {
		return append(dst, raw...), nil
	}
	return wireAppendRawExact(dst, raw, level, kinds)
}

// wireAppendRawExact is wireAppendRaw without its shortcut for a value already canonical.
func wireAppendRawExact(dst []byte, raw []byte, level int, kinds wireKinds) ([]byte, *EncodeError) {
	if !utf8.Valid(raw) {
		return dst, wireEncodeFail(wireCodeUTF8, "free-form value is not valid UTF-8")
	}
	if !wireValidJSON(raw, nil) {
		return dst, wireEncodeFail(wireCodeSyntax, "free-form value is not one JSON value")
	}
	var d wireDecoder
	d.b = raw
	if k := d.Kind(); kinds&(1<<k) == 0 {
		return dst, wireEncodeFail(wireCodeType, "unexpected "+k.String())
	}
	w := wireRawWalker{out: dst, write: true}
	w.build(raw, level)
	if err := w.walk(0, level); err != nil {
		return dst, wireToEncodeError(err)
	}
	return w.out, nil
}

// wireCanonicalRaw returns the canonical form of a free-form value at the document root.
func wireCanonicalRaw(raw []byte) ([]byte, *EncodeError) {
	return wireAppendRaw(nil, raw, 1, wireAnyKind)
}

// wireAppendExtras writes the extra members of an open object (after its declared
// members, so each is preceded by a comma when needsComma) in ECMAScript
// property order with duplicates resolved, as free-form values. level is the
// level of the values. declared reports keys that the object declares: such an
// extra is refused. (An object with pattern properties: wireAppendExtrasChecked.)
func wireAppendExtras(dst []byte, extras []Member, needsComma bool, level int, declared func(string) bool) ([]byte, *EncodeError) {
	for _, o := range wireEsOrder(len(extras), func(i int) string { return extras[i].Key }) {
		m := &extras[o]
		if err := wireExtraRefused(m, declared); err != nil {
			return dst, err
		}
		dst = wireAppendExtraKey(dst, m.Key, needsComma)
		needsComma = true
		var err *EncodeError
		if dst, err = wireAppendRaw(dst, m.Value, level, wireAnyKind); err != nil {
			return dst, err.in(m.Key)
		}
	}
	return dst, nil
}

// wireExtraRefused is the error of an extra member that cannot be written at
// all: its key is not UTF-8 or repeats a declared property, or it has no value.
func wireExtraRefused(m *Member, declared func(string) bool) *EncodeError {
	switch {
	case !utf8.ValidString(m.Key):
		return wireEncodeFail(wireCodeUTF8, "extra member's key is not valid UTF-8")
	case declared(m.Key):
		return wireEncodeFail(wireCodeType, "extra member repeats a declared property").in(m.Key)
	case m.Value == nil:
		return wireEncodeFail(wireCodeSyntax, "extra member has no value").in(m.Key)
	}
	return nil
}

// wireAppendExtraKey writes an extra member's key and colon, after a comma unless it is the first member.
func wireAppendExtraKey(dst []byte, key string, needsComma bool) []byte {
	if needsComma {
		dst = append(dst, ',')
	}
	return append(wireAppendQuoted(dst, key), ':')
}
