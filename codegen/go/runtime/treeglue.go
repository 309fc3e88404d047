package wire

import (
	"encoding/json"
	"regexp"
	"unicode/utf8"
)

// The glue between the streaming decoders and encoders and the tree
// validators: what the generated code calls for values checked as a whole
// (kept raw, or with applicators), for object checks that look at all the keys
// (minProperties, propertyNames, dependentRequired), and for the extra members
// of objects with pattern properties or a typed map.

// RawChecked keeps the current value's exact bytes after its tree validator accepts it.
func (d *wireDecoder) RawChecked(v *json.RawMessage, check wireCheck) *DecodeError {
	t, err := d.Tree()
	if err != nil {
		return err
	}
	if err := check(t); err != nil {
		return err
	}
	*v = append(json.RawMessage(nil), t.Raw...)
	return nil
}

// Never skips the current value, which the schema forbids (the false schema): forbidden.
func (d *wireDecoder) Never() *DecodeError {
	d.Skip()
	return wireFail(wireCodeForbidden, "no value is allowed here")
}

// wireEncodeNever refuses to write a value where the schema forbids every value.
func wireEncodeNever(b []byte) ([]byte, *EncodeError) {
	return b, wireEncodeFail(wireCodeForbidden, "no value is allowed here")
}

// wireCheckWritten runs a tree validator on what an encoder just wrote (valid
// canonical JSON at nesting level lvl): what the decoder would check as a whole,
// the encoder refuses the same way.
func wireCheckWritten(b []byte, lvl int, check wireCheck) *EncodeError {
	if err := check(wireParseTree(b, lvl)); err != nil {
		return wireToEncodeError(err)
	}
	return nil
}

// wireRawTree is the tree of a raw value a host built, at nesting level lvl, checked as the decoder
// checks the value's text (its tree validator only, so its errors come in the schema's order, as
// TypeScript's check gives them, not in the free-form writer's): bytes that are not valid UTF-8
// (utf8) or not one JSON value (syntax) are refused first.
func wireRawTree(raw []byte, lvl int, check wireCheck) (*wireValue, *EncodeError) {
	if err := wireRawValid(raw); err != nil {
		return nil, err
	}
	t := wireParseTree(raw, lvl)
	if err := check(t); err != nil {
		return nil, wireToEncodeError(err)
	}
	return t, nil
}

// wireRawValid refuses raw bytes that are not valid UTF-8 (utf8) or not one JSON value (syntax).
func wireRawValid(raw []byte) *EncodeError {
	if !utf8.Valid(raw) {
		return wireEncodeFail(wireCodeUTF8, "free-form value is not valid UTF-8")
	}
	if !wireValidJSON(raw, nil) {
		return wireEncodeFail(wireCodeSyntax, "free-form value is not one JSON value")
	}
	return nil
}

// wireAppendRawChecked checks a raw value as a whole (wireRawTree), then writes it canonically.
func wireAppendRawChecked(b []byte, raw json.RawMessage, lvl int, check wireCheck) ([]byte, *EncodeError) {
	if _, err := wireRawTree(raw, lvl, check); err != nil {
		return b, err
	}
	return wireAppendRaw(b, raw, lvl, wireAnyKind)
}

// wireFreeAny is the tree validator of a free-form value of any kind.
func wireFreeAny(v *wireValue) *DecodeError { return wireFreeTree(v, wireAnyKind) }

// wirePresent says whether a declared property is present.
type wirePresent struct {
	present bool
	key     string
}

// wireKeysOf lists an object's keys: the declared ones present, then the extra ones.
func wireKeysOf(declared []wirePresent, extras []string) []string {
	keys := make([]string, 0, len(declared)+len(extras))
	for _, p := range declared {
		if p.present {
			keys = append(keys, p.key)
		}
	}
	return append(keys, extras...)
}

// wireMemberKeys lists the keys of extra members.
func wireMemberKeys(ex []Member) []string {
	keys := make([]string, len(ex))
	for i := range ex {
		keys[i] = ex[i].Key
	}
	return keys
}

// wireHasMember says whether an extra member has the key.
func wireHasMember(ex []Member, key string) bool {
	for i := range ex {
		if ex[i].Key == key {
			return true
		}
	}
	return false
}

// wireSizeError is minProperties / maxProperties failing for an object of n members.
func wireSizeError(n, min, max int) *DecodeError {
	if min >= 0 && n < min {
		return wireFail(wireCodeLength, "object has too few properties")
	}
	return wireFail(wireCodeLength, "object has too many properties")
}

// wirePropertyNamesOf checks each key (in ECMAScript property order) as a string
// value (≈ $propertyNames): property_name at the member whose key fails, utf8
// at the object for a key holding an unpaired surrogate.
func wirePropertyNamesOf(keys []string, check wireCheck) *DecodeError {
	for _, i := range wireEsOrder(len(keys), func(i int) string { return keys[i] }) {
		k := keys[i]
		if !utf8.ValidString(k) {
			// utf8 at the object, as everywhere else: no pointer names an ill-formed key
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		v := wireValue{Kind: wireKindString, Str: k}
		if err := check(&v); err != nil {
			return wireFail(wireCodePropertyName, "the property name does not match propertyNames ("+err.Code+")").in(k)
		}
	}
	return nil
}

// wirePatternCheck is a pattern property: its pattern and its value's validator.
type wirePatternCheck struct {
	re    *regexp.Regexp
	check wireCheck
}

// wireEncodeUnknown refuses, as the decoder's unknown-key check does, the first extra member in
// ECMAScript property order of a closed object with pattern properties whose key no pattern
// matches (allowed; a key the object declares is refused later, as written twice): utf8 at the
// object for a key that is not valid UTF-8, else unknown_field at the member.
func wireEncodeUnknown(ex []Member, allowed func(string) bool) *EncodeError {
	return wireEncodeUnknownOf(len(ex), func(i int) string { return ex[i].Key }, allowed)
}

// wireEncodeUnknownKeys is wireEncodeUnknown for the keys of a typed map (the
// extras of a closed object of one pattern).
func wireEncodeUnknownKeys(keys []string, allowed func(string) bool) *EncodeError {
	return wireEncodeUnknownOf(len(keys), func(i int) string { return keys[i] }, allowed)
}

// wireEncodeUnknownOf is the check of both: the first of n keys in ECMAScript
// property order that allowed refuses is unknown_field at it (utf8 at the object
// when it is not valid UTF-8).
func wireEncodeUnknownOf(n int, key func(int) string, allowed func(string) bool) *EncodeError {
	for _, o := range wireEsOrder(n, key) {
		k := key(o)
		if allowed(k) {
			continue
		}
		if !utf8.ValidString(k) {
			return wireEncodeFail(wireCodeUTF8, "object key is not valid UTF-8")
		}
		return wireEncodeFail(wireCodeUnknownField, "unknown property").in(k)
	}
	return nil
}

// wireAppendExtrasChecked is wireAppendExtras for an object with pattern properties: each extra
// member, in ECMAScript property order, is checked before it is written as the decoder checks it
// (wireCheckMatchedExtras: each matching pattern's schema, in order, else fallback; nil: a
// free-form value, which the writer checks, or none may exist, which wireEncodeUnknown refused),
// on the tree of its bytes. The value of a member whose key pick(key) gives a writer for (pick
// nil: none) is written again in schema order by it (treewrite.go): the patterns' and
// additionalProperties' schemas that declare properties.
func wireAppendExtrasChecked(dst []byte, extras []Member, needsComma bool, level int, declared func(string) bool, patterns []wirePatternCheck, fallback wireCheck, pick func(string) wireWrite) ([]byte, *EncodeError) {
	for _, o := range wireEsOrder(len(extras), func(i int) string { return extras[i].Key }) {
		m := &extras[o]
		if err := wireExtraRefused(m, declared); err != nil {
			return dst, err
		}
		var t *wireValue // parsed for the first check that applies
		check := func(c wireCheck) *EncodeError {
			if t == nil {
				if err := wireRawValid(m.Value); err != nil {
					return err
				}
				t = wireParseTree(m.Value, level)
			}
			return wireToEncodeError(c(t))
		}
		matched := false
		for _, p := range patterns {
			if !p.re.MatchString(m.Key) {
				continue
			}
			matched = true
			if err := check(p.check); err != nil {
				return dst, err.in(m.Key)
			}
		}
		if !matched && fallback != nil {
			if err := check(fallback); err != nil {
				return dst, err.in(m.Key)
			}
		}
		dst = wireAppendExtraKey(dst, m.Key, needsComma)
		needsComma = true
		at := len(dst)
		var err *EncodeError
		if dst, err = wireAppendRaw(dst, m.Value, level, wireAnyKind); err != nil {
			return dst, err.in(m.Key)
		}
		if pick != nil {
			if w := pick(m.Key); w != nil {
				dst = wireRewrite(dst, at, level, w)
			}
		}
	}
	return dst, nil
}

// wireCheckMatchedExtras checks the extra members of an object with pattern
// properties (≈ the generated TypeScript's extra-members loop), in ECMAScript
// property order: a key holding an unpaired surrogate → utf8 at the object;
// then each matching pattern's schema, in order; a key no pattern matches takes
// fallback (nil: none may exist, which the unknown-key check already refused).
func wireCheckMatchedExtras(ex []Member, level int, patterns []wirePatternCheck, fallback wireCheck) *DecodeError {
	for _, o := range wireEsOrder(len(ex), func(i int) string { return ex[i].Key }) {
		m := &ex[o]
		if !utf8.ValidString(m.Key) {
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		t := wireParseTree(m.Value, level)
		matched := false
		for _, p := range patterns {
			if !p.re.MatchString(m.Key) {
				continue
			}
			matched = true
			if err := p.check(t); err != nil {
				return err.in(m.Key)
			}
		}
		if !matched && fallback != nil {
			if err := fallback(t); err != nil {
				return err.in(m.Key)
			}
		}
	}
	return nil
}

// wireMemberErrs keeps, per key of a typed map, the error its value gave (the
// last occurrence of a key wins, at its first position), to report the first in
// ECMAScript property order after the other checks of the object.
type wireMemberErrs struct {
	keys     []string
	errs     []*DecodeError
	atObject []bool
}

// Set records the outcome of key's value; atObject: the error is the object's (an ill-formed key).
func (m *wireMemberErrs) Set(key string, err *DecodeError, atObject bool) {
	for i := range m.keys {
		if m.keys[i] == key {
			m.errs[i], m.atObject[i] = err, atObject
			return
		}
	}
	m.keys = append(m.keys, key)
	m.errs = append(m.errs, err)
	m.atObject = append(m.atObject, atObject)
}

// First is the first error in property order (nil when every value was fine).
func (m *wireMemberErrs) First() *DecodeError {
	for _, i := range wireEsOrder(len(m.keys), func(i int) string { return m.keys[i] }) {
		if m.errs[i] == nil {
			continue
		}
		if m.atObject[i] {
			return m.errs[i]
		}
		return m.errs[i].in(m.keys[i])
	}
	return nil
}
