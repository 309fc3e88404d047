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
// values, as vectors/README.md describes for `via: "encode"`. Unions (interfaces) are not supported.
func BuildValue(text string, t reflect.Type) (reflect.Value, error) {
	v := reflect.New(t).Elem()
	if err := fill(v, json.RawMessage(markSurrogates(text))); err != nil {
		return reflect.Value{}, err
	}
	return v, nil
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

func fill(v reflect.Value, raw json.RawMessage) error {
	t := v.Type()
	trimmed := bytes.TrimSpace(raw)
	if t == rawMessageType {
		v.SetBytes([]byte(unmark(string(trimmed), true)))
		return nil
	}
	if t.Kind() == reflect.Struct && t.NumField() == 0 { // Null
		if string(trimmed) != "null" {
			return fmt.Errorf("%s needs null", t)
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if err := fill(p.Elem(), raw); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Struct:
		members, err := orderedMembers(raw)
		if err != nil {
			return fmt.Errorf("%s: %v", t, err)
		}
		extra := v.FieldByName("Extra")
		for _, m := range members {
			key, sub := m.key, m.value
			norm := strings.ToLower(strings.ReplaceAll(key, "_", ""))
			f := v.FieldByNameFunc(func(name string) bool { return strings.ToLower(name) == norm && name != "Extra" })
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
			if err := fill(f, sub); err != nil {
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
			if err := fill(s.Index(i), it); err != nil {
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
