package wire

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Leaf checks on tree values, the twins of $str, $int, $num, $bool, $nul, $arr
// and $obj (and $minLen/$maxLen): the same codes, in the same order.

// wireTreeString: not a string → type; an unpaired surrogate → utf8.
func wireTreeString(v *wireValue) *DecodeError {
	if v.Kind != wireKindString {
		return wireFail(wireCodeType, "expected string, got "+v.Kind.String())
	}
	if v.Bad {
		return wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
	}
	return nil
}

// wireTreeInteger: not a number → type; not finite → range; a fraction → type; beyond ±(2^53 − 1) → range.
func wireTreeInteger(v *wireValue) *DecodeError {
	if v.Kind != wireKindNumber {
		return wireFail(wireCodeType, "expected integer, got "+v.Kind.String())
	}
	if !v.Finite() {
		return wireFail(wireCodeRange, "number is not finite")
	}
	if v.Num != math.Trunc(v.Num) {
		return wireFail(wireCodeType, "expected integer, got a fraction")
	}
	if v.Num > wireMaxSafeInteger || v.Num < -wireMaxSafeInteger {
		return wireFail(wireCodeRange, "integer beyond ±(2^53 − 1)")
	}
	return nil
}

// wireTreeNumber: not a number → type; not finite → range.
func wireTreeNumber(v *wireValue) *DecodeError {
	if v.Kind != wireKindNumber {
		return wireFail(wireCodeType, "expected number, got "+v.Kind.String())
	}
	if !v.Finite() {
		return wireFail(wireCodeRange, "number is not finite")
	}
	return nil
}

// wireTreeKind: v is of kind k, else type (booleans, null, arrays, objects).
func wireTreeKind(v *wireValue, k wireKind) *DecodeError {
	if v.Kind != k {
		return wireFail(wireCodeType, "expected "+k.String()+", got "+v.Kind.String())
	}
	return nil
}

// wireTreeMinLen: a (well-formed) string of fewer than n code points → length.
func wireTreeMinLen(v *wireValue, n int) *DecodeError {
	if c := utf8.RuneCountInString(v.Str); c < n {
		return wireFail(wireCodeLength, "string of "+strconv.Itoa(c)+" characters, expected at least "+strconv.Itoa(n))
	}
	return nil
}

// wireTreeMaxLen: a (well-formed) string of more than n code points → length.
func wireTreeMaxLen(v *wireValue, n int) *DecodeError {
	if c := utf8.RuneCountInString(v.Str); c > n {
		return wireFail(wireCodeLength, "string of "+strconv.Itoa(c)+" characters, expected at most "+strconv.Itoa(n))
	}
	return nil
}
