package wire

import (
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// wireErrNoVariant is returned by the generated Visit functions for a nil union value.
var wireErrNoVariant = errors.New("wire: union value is nil or of no known variant")

// wireAddExtra records an extra member of an open object: a new key is appended
// (document order of first occurrence); a repeated key takes the new value at
// its first position. The value is copied.
func wireAddExtra(ex []Member, key, value []byte) []Member {
	v := append(json.RawMessage(nil), value...)
	for i := range ex {
		if ex[i].Key == string(key) {
			ex[i].Value = v
			return ex
		}
	}
	return append(ex, Member{Key: string(key), Value: v})
}

// wireCheckExtras checks an open object's extra members, whose values sit at
// nesting level `level`, in ECMAScript property order: a key holding an
// unpaired surrogate → utf8 at the object, then the value as a free-form value.
func wireCheckExtras(ex []Member, level int) *DecodeError {
	if len(ex) == 0 {
		return nil
	}
	for _, o := range wireEsOrder(len(ex), func(i int) string { return ex[i].Key }) {
		m := &ex[o]
		if !utf8.ValidString(m.Key) {
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		if err := wireCheckRaw(m.Value, level); err != nil {
			return err.in(m.Key)
		}
	}
	return nil
}

// Ignore skips the current value: an open union's "ignored" outcome.
func (d *wireDecoder) Ignore() *DecodeError {
	d.Skip()
	return nil
}

// wireCheckUTF8 refuses a string that is not valid UTF-8 (what an encoder checks before constraints).
func wireCheckUTF8(s string) *EncodeError {
	if !utf8.ValidString(s) {
		return wireEncodeFail(wireCodeUTF8, "string is not valid UTF-8")
	}
	return nil
}
