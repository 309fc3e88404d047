package wire

import (
	"bytes"
	"math"
	"sort"
	"strconv"
	"unsafe"
)

// wireValue is one JSON value exactly as JSON.parse gives it, for the generated
// tree validators (the Go twins of the TypeScript checks on parsed values).
// Object members are in ECMAScript property order with duplicates resolved (a
// repeated key keeps its first position and takes its last value), as
// Object.keys lists them. Strings and keys are unescaped; an unpaired
// surrogate escape is kept in its 3-byte generalized UTF-8 form (as the
// decoder writes it) and marks the string or key Bad (not well-formed).
//
// A tree views the bytes it was parsed from (Raw, and Str or key names
// without escapes): it is valid while those bytes are unchanged, so copy what
// outlives the decoding call.
type wireValue struct {
	Raw   []byte      // the value's exact bytes, a slice of the document
	Str   string      // string: the contents, unescaped
	Kids  []wireValue // array: the elements; object: the member values, in property order
	Keys  []wireKey   // object: the member keys, parallel to Kids
	Num   float64     // number: the nearest double, ±Inf when the literal overflows (as JSON.parse), -0 kept
	Level int32       // nesting level in the document (its root is level 1)
	Kind  wireKind
	Bad   bool // string: holds an unpaired surrogate
	True  bool // boolean: its value
}

// wireKey is an object member's key.
type wireKey struct {
	Name string // unescaped
	Doc  int32  // index of its first occurrence among the object's members in the document
	Bad  bool   // holds an unpaired surrogate
}

// Len is the number of elements or members (0 for a scalar).
func (v *wireValue) Len() int { return len(v.Kids) }

// Get returns the value of the member key (nil when absent or v is no object).
// It scans the members: objects with many members and many lookups should
// walk Keys instead.
func (v *wireValue) Get(key string) *wireValue {
	for i := range v.Keys {
		if v.Keys[i].Name == key {
			return &v.Kids[i]
		}
	}
	return nil
}

// Finite reports a number that is not ±Inf.
func (v *wireValue) Finite() bool { return !math.IsInf(v.Num, 0) }

// wireParseTree parses a syntactically valid JSON value (surrounding whitespace
// allowed) whose root sits at nesting level `level` of its document (the
// document's root is level 1). It is iterative: nesting costs heap, not stack.
func wireParseTree(b []byte, level int) *wireValue {
	v, _ := wireParseTreeAt(b, wireSkipWS(b, 0), level)
	return v
}

// wireTreeOpen is a container being parsed: its members so far, in document order.
type wireTreeOpen struct {
	start int
	obj   bool
	kids  []wireValue
	keys  []wireKey
}

// wireParseTreeAt parses the valid JSON value at b[i] and returns it and the index after it.
func wireParseTreeAt(b []byte, i, level int) (*wireValue, int) {
	var stack []wireTreeOpen
	var scratch []byte
	for {
		// A value starts at b[i].
		var v wireValue
		lv := int32(level + len(stack))
		switch c := b[i]; c {
		case '{', '[':
			j := wireSkipWS(b, i+1)
			if b[j] == '}' || b[j] == ']' {
				v = wireValue{Raw: b[i : j+1], Level: lv, Kind: wireKindArray}
				if c == '{' {
					v.Kind = wireKindObject
				}
				i = j + 1
				break
			}
			stack = append(stack, wireTreeOpen{start: i, obj: c == '{'})
			i = j
			if c == '{' {
				i, scratch = wireTreeKey(b, i, &stack[len(stack)-1], scratch)
			}
			continue
		case '"':
			end := wireScanString(b, i)
			v = wireValue{Raw: b[i:end], Level: lv, Kind: wireKindString}
			v.Str, v.Bad, scratch = wireTreeUnescape(b, i, end, scratch)
			i = end
		case 't':
			v = wireValue{Raw: b[i : i+4], Level: lv, Kind: wireKindBoolean, True: true}
			i += 4
		case 'f':
			v = wireValue{Raw: b[i : i+5], Level: lv, Kind: wireKindBoolean}
			i += 5
		case 'n':
			v = wireValue{Raw: b[i : i+4], Level: lv, Kind: wireKindNull}
			i += 4
		default:
			end := wireSkipNumberAt(b, i)
			v = wireValue{Raw: b[i:end], Level: lv, Kind: wireKindNumber}
			// ParseFloat gives ±Inf (and an error) on overflow, as JSON.parse gives Infinity.
			v.Num, _ = strconv.ParseFloat(unsafe.String(&b[i], end-i), 64)
			i = end
		}
		// After a value: it belongs to the innermost open container, or is the result.
		for {
			if len(stack) == 0 {
				return &v, i
			}
			top := &stack[len(stack)-1]
			top.kids = append(top.kids, v)
			i = wireSkipWS(b, i)
			if b[i] == ',' {
				i = wireSkipWS(b, i+1)
				if top.obj {
					i, scratch = wireTreeKey(b, i, top, scratch)
				}
				break
			}
			// b[i] closes top
			v = wireValue{Raw: b[top.start : i+1], Level: int32(level + len(stack) - 1), Kind: wireKindArray, Kids: top.kids}
			if top.obj {
				v.Kind = wireKindObject
				v.Keys, v.Kids = wireTreeOrder(top.keys, top.kids)
			}
			stack = stack[:len(stack)-1]
			i++
		}
	}
}

// wireTreeKey reads the key at b[i] into o and returns the index of the member's value.
func wireTreeKey(b []byte, i int, o *wireTreeOpen, scratch []byte) (int, []byte) {
	end := wireScanString(b, i)
	var k wireKey
	k.Name, k.Bad, scratch = wireTreeUnescape(b, i, end, scratch)
	k.Doc = int32(len(o.keys))
	o.keys = append(o.keys, k)
	i = wireSkipWS(b, end)
	return wireSkipWS(b, i+1), scratch // after ':'
}

// wireTreeUnescape unescapes the valid string b[i:end] (quotes included): a view
// of b when it holds no escape, else a new string.
func wireTreeUnescape(b []byte, i, end int, scratch []byte) (string, bool, []byte) {
	body := b[i+1 : end-1]
	if bytes.IndexByte(body, '\\') < 0 {
		if len(body) == 0 {
			return "", false, scratch
		}
		return unsafe.String(&body[0], len(body)), false, scratch
	}
	out, bad, _ := wireUnescape(scratch[:0], b, i+1)
	return string(out), bad, out
}

// wireTreeOrder resolves duplicate keys (first position, last value) and puts
// the members in ECMAScript property order: array-index keys ascending, then
// the others in order of first occurrence. keys and vals are in document order.
func wireTreeOrder(keys []wireKey, vals []wireValue) ([]wireKey, []wireValue) {
	n := len(keys)
	outK := make([]wireKey, 0, n)
	outV := make([]wireValue, 0, n)
	var seen map[string]int
	if n > 8 {
		seen = make(map[string]int, n)
	}
	for m := 0; m < n; m++ {
		p := -1
		if seen != nil {
			if q, ok := seen[keys[m].Name]; ok {
				p = q
			}
		} else {
			for q := range outK {
				if outK[q].Name == keys[m].Name {
					p = q
					break
				}
			}
		}
		if p >= 0 {
			outV[p] = vals[m] // the last value wins, at the first position
			continue
		}
		if seen != nil {
			seen[keys[m].Name] = len(outK)
		}
		outK = append(outK, keys[m])
		outV = append(outV, vals[m])
	}
	idx := 0
	for q := range outK {
		if _, ok := wireArrayIndex(outK[q].Name); ok {
			idx++
		}
	}
	if idx == 0 {
		return outK, outV
	}
	sort.Stable(wireTreeSorter{outK, outV})
	return outK, outV
}

// wireTreeSorter orders members as JSON.parse does: index keys first, ascending; a stable sort keeps the rest in place.
type wireTreeSorter struct {
	k []wireKey
	v []wireValue
}

func (s wireTreeSorter) Len() int { return len(s.k) }
func (s wireTreeSorter) Swap(a, b int) {
	s.k[a], s.k[b] = s.k[b], s.k[a]
	s.v[a], s.v[b] = s.v[b], s.v[a]
}
func (s wireTreeSorter) Less(a, b int) bool {
	x, xok := wireArrayIndex(s.k[a].Name)
	y, yok := wireArrayIndex(s.k[b].Name)
	if xok != yok {
		return xok
	}
	return xok && x < y
}

// wireTreePropertyOrder renumbers every member's Doc as its position in
// property order, so that "first in document order" becomes "first in
// property order" (what a typed result decoder needs: codegen/SEMANTICS.md).
func wireTreePropertyOrder(v *wireValue) {
	stack := []*wireValue{v}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for k := range n.Keys {
			n.Keys[k].Doc = int32(k)
		}
		for k := range n.Kids {
			if c := &n.Kids[k]; len(c.Kids) > 0 {
				stack = append(stack, c)
			}
		}
	}
}
