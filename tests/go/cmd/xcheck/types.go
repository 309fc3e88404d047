package xcheck

import (
	"reflect"
	"strings"
)

// Types describes the Go types of one generated package for BuildValue, where reflection alone
// cannot: which named types there are (a union's variants are the named types that implement its
// interface), which Go field holds each wire key of a struct, and how to learn the variant of a
// union value (its definition's Codec). A harness that generates a package (tests/ts/next-*.test.ts,
// codegen/next/conformance/gobatch.ts) writes this table from the IR; without it, fields are matched
// by name and unions are built by trying each variant type.
type Types struct {
	// Named: every named type of the package (definitions, union wrapper types) by Go name.
	Named map[string]reflect.Type
	// Fields: per struct type, the Go field of each wire key; "" for a key the struct does not
	// store (a required const property, implied by the type).
	Fields map[reflect.Type]map[string]string
	// Extra: per struct type, the field holding the members the schema does not declare.
	Extra map[reflect.Type]string
	// Wraps: per wrapper type of a union variant (type X T), the type it wraps, built and converted.
	Wraps map[reflect.Type]reflect.Type
	// Tuples: per tuple struct (prefixItems), the Go field of each prefix element by index, and
	// the field of the elements after them ("" when the schema forbids them).
	Tuples map[reflect.Type]TupleFields
	// Codecs: the package's Codecs (a union's is under its interface's name), to learn a variant.
	Codecs map[string]Codec
}

// TupleFields names the fields of a tuple struct: Items[i] holds the element at index i, Rest
// the elements after len(Items).
type TupleFields struct {
	Items []string
	Rest  string
}

func (ts *Types) tuple(t reflect.Type) (TupleFields, bool) {
	if ts == nil || ts.Tuples == nil {
		return TupleFields{}, false
	}
	f, ok := ts.Tuples[t]
	return f, ok
}

// Package is one generated package as the cross-language checks see it.
type Package struct {
	Codecs map[string]Codec
	Types  *Types
}

func (ts *Types) field(t reflect.Type, key string) (string, bool) {
	if ts == nil || ts.Fields == nil {
		return "", false
	}
	m, ok := ts.Fields[t]
	if !ok {
		return "", false
	}
	f, ok := m[key]
	return f, ok
}

func (ts *Types) fieldsOf(t reflect.Type) (map[string]string, bool) {
	if ts == nil || ts.Fields == nil {
		return nil, false
	}
	m, ok := ts.Fields[t]
	return m, ok
}

func (ts *Types) extra(t reflect.Type) string {
	if ts != nil && ts.Extra != nil {
		if f, ok := ts.Extra[t]; ok {
			return f
		}
	}
	return "Extra"
}

// variants lists the named types that implement interface t, by value or by pointer (pointer
// receivers: struct variants), in name order.
func (ts *Types) variants(t reflect.Type) []reflect.Type {
	if ts == nil {
		return nil
	}
	names := make([]string, 0, len(ts.Named))
	for n := range ts.Named {
		names = append(names, n)
	}
	sortStrings(names)
	var out []reflect.Type
	for _, n := range names {
		c := ts.Named[n]
		if c.Kind() == reflect.Interface {
			continue
		}
		if c.Implements(t) {
			out = append(out, c)
		} else if reflect.PointerTo(c).Implements(t) {
			out = append(out, reflect.PointerTo(c))
		}
	}
	return out
}

// isNullable: a Nullable[T] of the runtime (fields Value and Valid).
func isNullable(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || !strings.HasPrefix(t.Name(), "Nullable[") {
		return false
	}
	_, v := t.FieldByName("Value")
	_, ok := t.FieldByName("Valid")
	return v && ok
}

// isOrderedMap: an OrderedMap[T] of the runtime (Set on its pointer).
func isOrderedMap(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || !strings.HasPrefix(t.Name(), "OrderedMap[") {
		return false
	}
	_, ok := reflect.PointerTo(t).MethodByName("Set")
	return ok
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
