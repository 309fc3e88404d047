package wire

import (
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// ErrNoVariant is returned by the generated Visit functions for a nil union value.
var ErrNoVariant = errors.New("wire: union value is nil or of no known variant")

// AddExtra records an extra member of an open object: a new key is appended
// (document order of first occurrence); a repeated key takes the new value at
// its first position. The value is copied.
func AddExtra(ex []Member, key, value []byte) []Member {
	v := append(json.RawMessage(nil), value...)
	for i := range ex {
		if ex[i].Key == string(key) {
			ex[i].Value = v
			return ex
		}
	}
	return append(ex, Member{Key: string(key), Value: v})
}

// CheckExtras checks an open object's extra members, whose values sit at
// nesting level `level`, in ECMAScript property order: a key holding an
// unpaired surrogate → utf8 at the object, then the value as a free-form value.
func CheckExtras(ex []Member, level int) *DecodeError {
	if len(ex) == 0 {
		return nil
	}
	for _, o := range esOrder(len(ex), func(i int) string { return ex[i].Key }) {
		m := &ex[o]
		if !utf8.ValidString(m.Key) {
			return Fail(CodeUTF8, "property name holds an unpaired surrogate")
		}
		if err := CheckRaw(m.Value, level); err != nil {
			return err.In(m.Key)
		}
	}
	return nil
}

// Ignore skips the current value: an open union's "ignored" outcome.
func (d *Decoder) Ignore() *DecodeError {
	d.Skip()
	return nil
}

// CheckUTF8 refuses a string that is not valid UTF-8 (what an encoder checks before constraints).
func CheckUTF8(s string) *EncodeError {
	if !utf8.ValidString(s) {
		return EncodeFail(CodeUTF8, "string is not valid UTF-8")
	}
	return nil
}
