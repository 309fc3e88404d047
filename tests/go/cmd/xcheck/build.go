package xcheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// BuildValue makes a Go value of type t from a JSON text in wire shape, without any check (the
// encoder is what is tested): struct fields are matched by key with underscores dropped,
// case-insensitively (append_only -> AppendOnly). Unpaired surrogate escapes become the invalid
// UTF-8 bytes of the surrogate in strings (ED A0 80 for \ud800) and stay escapes in free-form raw
// values, as vectors/README.md describes for `via: "encode"`. Without a Types table, unions
// (interfaces) are not supported; see BuildValueWith.
func BuildValue(text string, t reflect.Type) (reflect.Value, error) {
	return BuildValueWith(text, t, nil)
}

// BuildValueWith is BuildValue with the package's Types: struct fields by wire key (implied const
// properties skipped), Nullable[T] (null is Valid false), OrderedMap[T] (members in document order,
// a duplicate keeps its first position and takes its last value, as JSON.parse does), union
// interfaces (the variant is the one the union's own decoder picks for the value; for a value it
// rejects, the first variant type, in name order, that the value can be built as), and wrapper
// types of variants (named scalars, slices, boxed interfaces).
func BuildValueWith(text string, t reflect.Type, types *Types) (reflect.Value, error) {
	v := reflect.New(t).Elem()
	b := builder{types: types}
	if err := b.fill(v, json.RawMessage(markSurrogates(text))); err != nil {
		return reflect.Value{}, err
	}
	return v, nil
}

type builder struct {
	types *Types
}

var (
	rawMessageType   = reflect.TypeOf(json.RawMessage(nil))
	surrogateEscapes = regexp.MustCompile(`\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}`)
)

// Unpaired surrogate escapes travel through encoding/json as private-use placeholders.
const placeholderBase = 0xF0000

func markSurrogates(text string) string {
	return surrogateEscapes.ReplaceAllStringFunc(text, func(m string) string {
		if len(m) == 12 {
			return m
		}
		cp, _ := strconv.ParseUint(m[2:], 16, 32)
		return string(rune(placeholderBase + cp - 0xD800))
	})
}

func unmark(s string, raw bool) string {
	var b strings.Builder
	for _, r := range s {
		if r >= placeholderBase && r < placeholderBase+0x800 {
			cp := 0xD800 + int(r-placeholderBase)
			if raw {
				fmt.Fprintf(&b, `\u%04x`, cp)
			} else {
				b.Write([]byte{0xED, byte(0x80 | (cp>>6)&0x3F), byte(0x80 | cp&0x3F)})
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (b builder) fill(v reflect.Value, raw json.RawMessage) error {
	t := v.Type()
	trimmed := bytes.TrimSpace(raw)
	if t == rawMessageType {
		v.SetBytes([]byte(unmark(string(trimmed), true)))
		return nil
	}
	if _, isStruct := b.types.fieldsOf(t); t.Kind() == reflect.Struct && t.NumField() == 0 && !isStruct && (b.types == nil || t.Name() == "Null") { // Null
		if string(trimmed) != "null" {
			return fmt.Errorf("%s needs null", t)
		}
		return nil
	}
	if b.types != nil && b.types.Wraps != nil {
		if w, ok := b.types.Wraps[t]; ok {
			x := reflect.New(w).Elem()
			if err := b.fill(x, raw); err != nil {
				return err
			}
			v.Set(x.Convert(t))
			return nil
		}
	}
	if _, isStruct := b.types.fieldsOf(t); !isStruct && t.Kind() == reflect.Struct && t.NumField() == 1 && t.Field(0).Name == "Value" && t.Field(0).Type.Kind() == reflect.Interface {
		// a variant that boxes a nested union (not an object whose one Go field is a property
		// "value" of a union type: filling that from the same text again never ends)
		return b.fill(v.Field(0), raw)
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		v.SetBytes([]byte(unmark(string(trimmed), true))) // a raw value under another name
		return nil
	}
	if isNullable(t) {
		if string(trimmed) == "null" {
			v.Set(reflect.Zero(t))
			return nil
		}
		if err := b.fill(v.FieldByName("Value"), raw); err != nil {
			return err
		}
		v.FieldByName("Valid").SetBool(true)
		return nil
	}
	if tf, ok := b.types.tuple(t); ok {
		// a tuple's struct: the prefix elements into their fields, the others into Rest
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		for i, it := range items {
			if i < len(tf.Items) {
				if err := b.fill(v.FieldByName(tf.Items[i]), it); err != nil {
					return fmt.Errorf("[%d]: %v", i, err)
				}
				continue
			}
			if tf.Rest == "" {
				return fmt.Errorf("%s has no field for element %d", t, i)
			}
			rest := v.FieldByName(tf.Rest)
			x := reflect.New(rest.Type().Elem()).Elem()
			if err := b.fill(x, it); err != nil {
				return fmt.Errorf("[%d]: %v", i, err)
			}
			rest.Set(reflect.Append(rest, x))
		}
		return nil
	}
	if isOrderedMap(t) {
		members, err := orderedMembers(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		set := v.Addr().MethodByName("Set")
		elem := set.Type().In(1)
		for _, m := range members {
			x := reflect.New(elem).Elem()
			if err := b.fill(x, m.value); err != nil {
				return fmt.Errorf("%s: %v", m.key, err)
			}
			set.Call([]reflect.Value{reflect.ValueOf(unmark(m.key, false)), x})
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Interface:
		return b.fillInterface(v, raw)
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if err := b.fill(p.Elem(), raw); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Struct:
		members, err := orderedMembers(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		extraName := b.types.extra(t)
		extra := v.FieldByName(extraName)
		for _, m := range members {
			key, sub := m.key, m.value
			var f reflect.Value
			if name, ok := b.types.field(t, unmark(key, false)); ok {
				if name == "" {
					continue // a required const property: implied by the type, not stored
				}
				f = v.FieldByName(name)
			} else if b.types == nil || b.types.Fields == nil {
				norm := strings.ToLower(strings.ReplaceAll(key, "_", ""))
				f = v.FieldByNameFunc(func(name string) bool { return strings.ToLower(name) == norm && name != extraName })
			}
			if !f.IsValid() && extra.IsValid() && isOrderedMap(extra.Type()) {
				// an undeclared member of an object whose extras have one schema (additionalProperties',
				// or the one pattern's of a closed object): Set in document order
				set := extra.Addr().MethodByName("Set")
				x := reflect.New(set.Type().In(1)).Elem()
				if err := b.fill(x, sub); err != nil {
					return fmt.Errorf("%s: %v", key, err)
				}
				set.Call([]reflect.Value{reflect.ValueOf(unmark(key, false)), x})
				continue
			}
			if !f.IsValid() && extra.IsValid() && extra.Kind() == reflect.Slice {
				// an open object's undeclared member: {Key, Value} in document order
				item := reflect.New(extra.Type().Elem()).Elem()
				item.Field(0).SetString(unmark(key, false))
				item.Field(1).SetBytes([]byte(unmark(string(bytes.TrimSpace(sub)), true)))
				extra.Set(reflect.Append(extra, item))
				continue
			}
			if !f.IsValid() {
				return fmt.Errorf("%s has no field for key %q", t, key)
			}
			if err := b.fill(f, sub); err != nil {
				return fmt.Errorf("%s: %v", key, err)
			}
		}
	case reflect.Slice:
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		s := reflect.MakeSlice(t, len(items), len(items))
		for i, it := range items {
			if err := b.fill(s.Index(i), it); err != nil {
				return fmt.Errorf("[%d]: %v", i, err)
			}
		}
		v.Set(s)
	case reflect.String:
		var x string
		if err := json.Unmarshal(raw, &x); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		v.SetString(unmark(x, false))
	case reflect.Int64, reflect.Int, reflect.Int32:
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil || f != float64(int64(f)) {
			return fmt.Errorf("%s cannot hold %s", t, n)
		}
		v.SetInt(int64(f))
	case reflect.Float64:
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		f, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return fmt.Errorf("%s cannot hold %s", t, n)
		}
		v.SetFloat(f)
	case reflect.Bool:
		var x bool
		if err := json.Unmarshal(raw, &x); err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		v.SetBool(x)
	default:
		return fmt.Errorf("cannot build a %s from wire JSON (unions and other kinds are not supported)", t)
	}
	return nil
}

// fillInterface builds a union value: the variant its definition's decoder picks, else the first
// variant type the value can be built as.
func (b builder) fillInterface(v reflect.Value, raw json.RawMessage) error {
	t := v.Type()
	if b.types == nil {
		return fmt.Errorf("cannot build the union %s without a Types table", t)
	}
	var candidates []reflect.Type
	if c, ok := b.types.Codecs[t.Name()]; ok && c.Decode != nil {
		if got, err := c.Decode([]byte(unmark(string(raw), true))); err == nil && got != nil {
			candidates = append(candidates, reflect.TypeOf(got))
		}
	}
	candidates = append(candidates, b.types.variants(t)...)
	var first error
	for _, c := range candidates {
		x := reflect.New(c).Elem()
		if err := b.fill(x, raw); err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if !x.Type().Implements(t) {
			continue
		}
		v.Set(x)
		return nil
	}
	if first == nil {
		first = fmt.Errorf("no variant type implements %s", t)
	}
	return fmt.Errorf("%s: %v", t, first)
}

type member struct {
	key   string
	value json.RawMessage
}

// orderedMembers lists an object's members in document order, duplicates included.
func orderedMembers(raw json.RawMessage) ([]member, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object")
	}
	var out []member
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key: k.(string), value: v})
	}
	return out, nil
}
