package wire

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const wireHexDigits = "0123456789abcdef"

// wireNeedsEscape marks the bytes JSON.stringify escapes: '"', '\\' and controls.
var wireNeedsEscape = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// wireAppendString writes s as JSON.stringify does; it refuses invalid UTF-8 (utf8).
func wireAppendString(dst []byte, s string) ([]byte, *EncodeError) {
	if !utf8.ValidString(s) {
		return dst, wireEncodeFail(wireCodeUTF8, "string is not valid UTF-8")
	}
	return wireAppendQuoted(dst, s), nil
}

// wireAppendSecret writes a secret's value as a string (never quoted in errors).
func wireAppendSecret(dst []byte, s Secret) ([]byte, *EncodeError) {
	return wireAppendString(dst, string(s))
}

// wireAppendQuoted writes valid UTF-8 s as a JSON string, escaped as JSON.stringify does.
func wireAppendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !wireNeedsEscape[c] {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', wireHexDigits[c>>4], wireHexDigits[c&0xF])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func wireAppendQuotedBytes(dst []byte, s []byte) []byte {
	return wireAppendQuoted(dst, string(s))
}

// wireAppendInt writes an integer; magnitudes beyond 2^53 − 1 are refused (range).
func wireAppendInt(dst []byte, v int64) ([]byte, *EncodeError) {
	if v > wireMaxSafeInteger || v < -wireMaxSafeInteger {
		return dst, wireEncodeFail(wireCodeRange, "integer beyond ±(2^53 − 1)")
	}
	return strconv.AppendInt(dst, v, 10), nil
}

// wireAppendFloat writes a finite number as ECMAScript Number::toString; NaN and
// infinities are refused (range).
func wireAppendFloat(dst []byte, f float64) ([]byte, *EncodeError) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, wireEncodeFail(wireCodeRange, "number is not finite")
	}
	return wireAppendES(dst, f), nil
}

// wireAppendES formats a finite double as ECMAScript Number::toString does.
func wireAppendES(dst []byte, f float64) []byte {
	if f == 0 {
		return append(dst, '0') // also -0
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(dst, f, 'f', -1, 64)
	}
	n := len(dst)
	dst = strconv.AppendFloat(dst, f, 'e', -1, 64)
	// Go writes e-07 / e+07; ECMAScript writes e-7 / e+7.
	if m := len(dst); m-n >= 4 && dst[m-4] == 'e' && dst[m-2] == '0' {
		dst[m-2] = dst[m-1]
		dst = dst[:m-1]
	}
	return dst
}

// wireAppendBool writes a boolean.
func wireAppendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// wireAppendNull writes null.
func wireAppendNull(dst []byte) []byte { return append(dst, "null"...) }

// wireCheckFloat refuses a non-finite number (range), for encoders checking constraints.
func wireCheckFloat(f float64) *EncodeError {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return wireEncodeFail(wireCodeRange, "number is not finite")
	}
	return nil
}

// wireRuneCount counts code points (the unit of minLength and maxLength).
func wireRuneCount(s string) int { return utf8.RuneCountInString(s) }

// wireCheckInt refuses an integer beyond ±(2^53 − 1) (range), for encoders checking before constraints.
func wireCheckInt(v int64) *EncodeError {
	if v > wireMaxSafeInteger || v < -wireMaxSafeInteger {
		return wireEncodeFail(wireCodeRange, "integer beyond ±(2^53 − 1)")
	}
	return nil
}

// wireWriteBool writes a boolean (never fails; the signature matches the other writers).
func wireWriteBool(dst []byte, v bool) ([]byte, *EncodeError) { return wireAppendBool(dst, v), nil }

// wireWriteNull writes null (never fails).
func wireWriteNull(dst []byte, _ Null) ([]byte, *EncodeError) { return wireAppendNull(dst), nil }
