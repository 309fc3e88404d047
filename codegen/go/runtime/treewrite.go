package wire

import "encoding/json"

// Writers of raw-kept values in schema order (codegen/SEMANTICS.md, "Encoding"). A value the
// generated code keeps as its bytes (json.RawMessage: a tuple, a pattern property's member)
// although its schema declares object properties somewhere inside is first written canonically as
// a free-form value (ECMAScript property order), then parsed and written again by the generated
// writer of its schema (the wrt functions, the Go twins of the TypeScript writeX functions), which
// puts each object's declared members first, in schema order, and its other members after them in
// ECMAScript property order. A writer only reorders members: it is given the tree of canonical text
// and copies its scalars and the values it has no writer for as they are.

// wireWrite writes the tree value v (parsed from canonical text) in schema order.
type wireWrite func(b []byte, v *wireValue) []byte

// wireAppendRawOrdered is wireAppendRawChecked for a value whose schema orders members: checked as
// a whole, written canonically, then written again in schema order by write.
func wireAppendRawOrdered(b []byte, raw json.RawMessage, lvl int, check wireCheck, write wireWrite) ([]byte, *EncodeError) {
	t, err := wireRawTree(raw, lvl, check)
	if err != nil {
		return b, err
	}
	start := len(b)
	if b, err = wireAppendRaw(b, raw, lvl, wireAnyKind); err != nil {
		return b, err
	}
	if string(b[start:]) != string(raw) {
		// the tree of the canonical text (the checked one views raw, whose text differs)
		return wireRewrite(b, start, lvl, write), nil
	}
	return wireRewriteTree(b, start, t, write), nil
}

// wireRewrite writes b[start:] (canonical text of a value at nesting level lvl) again in schema order.
func wireRewrite(b []byte, start, lvl int, write wireWrite) []byte {
	return wireRewriteTree(b, start, wireParseTree(b[start:], lvl), write)
}

// wireRewriteTree replaces b[start:], which t views, by write's text of t (of the same length).
func wireRewriteTree(b []byte, start int, t *wireValue, write wireWrite) []byte {
	out := write(make([]byte, 0, len(b)-start), t)
	return append(b[:start], out...)
}

// wireWriteObject writes the object v in schema order: the declared members present (names, in
// schema order; writers[i] writes the value of names[i], nil: as it is), then the others in v's
// order (ECMAScript property order), each written by rest(key) (nil, or nil returned: as it is).
// A value that is not an object is written as it is.
func wireWriteObject(b []byte, v *wireValue, names []string, writers []wireWrite, rest func(string) wireWrite) []byte {
	if v.Kind != wireKindObject {
		return append(b, v.Raw...)
	}
	var index map[string]int
	if len(names) > 8 {
		index = make(map[string]int, len(names))
		for i, n := range names {
			index[n] = i
		}
	}
	declared := func(k string) int {
		if index != nil {
			if i, ok := index[k]; ok {
				return i
			}
			return -1
		}
		for i, n := range names {
			if n == k {
				return i
			}
		}
		return -1
	}
	var small [8]int32
	at := small[:0] // at[i]: 1 + the index in v of the member names[i], 0 when absent
	if len(names) <= len(small) {
		at = small[:len(names)]
	} else {
		at = make([]int32, len(names))
	}
	for i := range v.Keys {
		if j := declared(v.Keys[i].Name); j >= 0 {
			at[j] = int32(i + 1)
		}
	}
	b = append(b, '{')
	n := 0
	member := func(key string, x *wireValue, w wireWrite) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = wireAppendQuoted(b, key)
		b = append(b, ':')
		if w == nil {
			b = append(b, x.Raw...)
		} else {
			b = w(b, x)
		}
	}
	for j, p := range at {
		if p > 0 {
			member(names[j], &v.Kids[p-1], writers[j])
		}
	}
	for i := range v.Keys {
		k := v.Keys[i].Name
		if declared(k) >= 0 {
			continue
		}
		var w wireWrite
		if rest != nil {
			w = rest(k)
		}
		member(k, &v.Kids[i], w)
	}
	return append(b, '}')
}

// wireWriteArray writes the array v in schema order: element i by prefix[i] (a tuple's element
// schemas), the elements after the prefix by rest; nil writes an element as it is. A value that is
// not an array is written as it is.
func wireWriteArray(b []byte, v *wireValue, prefix []wireWrite, rest wireWrite) []byte {
	if v.Kind != wireKindArray {
		return append(b, v.Raw...)
	}
	b = append(b, '[')
	for i := range v.Kids {
		if i > 0 {
			b = append(b, ',')
		}
		w := rest
		if i < len(prefix) {
			w = prefix[i]
		}
		if w == nil {
			b = append(b, v.Kids[i].Raw...)
		} else {
			b = w(b, &v.Kids[i])
		}
	}
	return append(b, ']')
}
