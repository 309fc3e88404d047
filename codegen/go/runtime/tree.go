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

// wireTreeOpen is a container being parsed: where its children go in the arena
// (they are contiguous), how many are in, and where it starts in the text.
type wireTreeOpen struct {
	start int32
	kids  int32 // arena index of its first child
	keys  int32 // key arena index of its first member (objects)
	n     int32 // children so far
	obj   bool
}

// wireParseTreeAt parses the valid JSON value at b[i] and returns it and the
// index after it. A first pass counts the children of every container, so that
// the second fills one arena of values and one of keys, each child list a
// contiguous slice of it: memory is one wireValue per value and one wireKey per
// member, whatever the shape (a flat array or 2 million nested ones).
func wireParseTreeAt(b []byte, i, level int) (*wireValue, int) {
	counts, values, members, depth := wireTreeCount(b, i)
	arena := make([]wireValue, values)
	keyArena := make([]wireKey, members)
	next, nextKey, ci := int32(0), int32(0), 0
	stack := make([]wireTreeOpen, 0, depth)
	var scratch []byte
	for {
		// A value starts at b[i].
		var v wireValue
		lv := int32(level + len(stack))
		switch c := b[i]; c {
		case '{', '[':
			n := counts[ci]
			ci++
			if n == 0 {
				j := wireSkipWS(b, i+1)
				v = wireValue{Raw: b[i : j+1], Level: lv, Kind: wireKindArray}
				if c == '{' {
					v.Kind = wireKindObject
				}
				i = j + 1
				break
			}
			o := wireTreeOpen{start: int32(i), kids: next, obj: c == '{'}
			next += n
			if o.obj {
				o.keys = nextKey
				nextKey += n
			}
			stack = append(stack, o)
			i = wireSkipWS(b, i+1)
			if o.obj {
				i, scratch = wireTreeKey(b, i, &keyArena[o.keys], 0, scratch)
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
				root := new(wireValue)
				*root = v
				return root, i
			}
			top := &stack[len(stack)-1]
			arena[top.kids+top.n] = v
			top.n++
			i = wireSkipWS(b, i)
			if b[i] == ',' {
				i = wireSkipWS(b, i+1)
				if top.obj {
					i, scratch = wireTreeKey(b, i, &keyArena[top.keys+top.n], top.n, scratch)
				}
				break
			}
			// b[i] closes top
			kids := arena[top.kids : top.kids+top.n : top.kids+top.n]
			v = wireValue{Raw: b[top.start : i+1], Level: int32(level + len(stack) - 1), Kind: wireKindArray, Kids: kids}
			if top.obj {
				v.Kind = wireKindObject
				v.Keys, v.Kids = wireTreeOrder(keyArena[top.keys:top.keys+top.n:top.keys+top.n], kids)
			}
			stack = stack[:len(stack)-1]
			i++
		}
	}
}

// wireTreeCount scans the valid JSON value at b[i] and returns the number of
// children of each container in the order they open, the number of values
// inside the root, the number of object members and the deepest nesting of
// non-empty containers.
func wireTreeCount(b []byte, i int) (counts []int32, values, members int32, depth int) {
	var open []int32 // indices in counts of the open containers
	var objs []bool
	for {
		// A value starts at b[i].
		switch c := b[i]; c {
		case '{', '[':
			open = append(open, int32(len(counts)))
			objs = append(objs, c == '{')
			counts = append(counts, 0)
			i = wireSkipWS(b, i+1)
			if b[i] == '}' || b[i] == ']' {
				open, objs = open[:len(open)-1], objs[:len(objs)-1]
				i++
				break
			}
			counts[open[len(open)-1]]++
			values++
			depth = max(depth, len(open))
			if c == '{' {
				members++
				i = wireSkipWS(b, wireSkipStringAt(b, i))
				i = wireSkipWS(b, i+1) // ':'
			}
			continue
		case '"':
			i = wireSkipStringAt(b, i)
		case 't', 'n':
			i += 4
		case 'f':
			i += 5
		default:
			i = wireSkipNumberAt(b, i)
		}
		// After a value.
		for {
			if len(open) == 0 {
				return counts, values, members, depth
			}
			i = wireSkipWS(b, i)
			if b[i] == ',' {
				counts[open[len(open)-1]]++
				values++
				i = wireSkipWS(b, i+1)
				if objs[len(objs)-1] {
					members++
					i = wireSkipWS(b, wireSkipStringAt(b, i))
					i = wireSkipWS(b, i+1)
				}
				break
			}
			open, objs = open[:len(open)-1], objs[:len(objs)-1]
			i++
		}
	}
}

// wireTreeKey reads the key at b[i] (member number doc of its object) into k
// and returns the index of the member's value.
func wireTreeKey(b []byte, i int, k *wireKey, doc int32, scratch []byte) (int, []byte) {
	end := wireScanString(b, i)
	k.Name, k.Bad, scratch = wireTreeUnescape(b, i, end, scratch)
	k.Doc = doc
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
// the others in order of first occurrence. keys and vals are in document
// order; the result is a prefix of them, rearranged in place.
func wireTreeOrder(keys []wireKey, vals []wireValue) ([]wireKey, []wireValue) {
	n := len(keys)
	var seen map[string]int
	if n > 8 {
		seen = make(map[string]int, n)
	}
	out := 0 // members kept so far: keys[:out], vals[:out] (out <= m: nothing unread is overwritten)
	idx := false
	for m := 0; m < n; m++ {
		p := -1
		if seen != nil {
			if q, ok := seen[keys[m].Name]; ok {
				p = q
			}
		} else {
			for q := 0; q < out; q++ {
				if keys[q].Name == keys[m].Name {
					p = q
					break
				}
			}
		}
		if p >= 0 {
			vals[p] = vals[m] // the last value wins, at the first position
			continue
		}
		if seen != nil {
			seen[keys[m].Name] = out
		}
		keys[out], vals[out] = keys[m], vals[m]
		if _, ok := wireArrayIndex(keys[out].Name); ok {
			idx = true
		}
		out++
	}
	keys, vals = keys[:out:out], vals[:out:out]
	if idx {
		sort.Stable(wireTreeSorter{keys, vals})
	}
	return keys, vals
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
