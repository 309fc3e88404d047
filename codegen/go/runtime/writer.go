package wire

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// needsEscape marks the bytes JSON.stringify escapes: '"', '\\' and controls.
var needsEscape = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// AppendString writes s as JSON.stringify does; it refuses invalid UTF-8 (utf8).
func AppendString(dst []byte, s string) ([]byte, *EncodeError) {
	if !utf8.ValidString(s) {
		return dst, EncodeFail(CodeUTF8, "string is not valid UTF-8")
	}
	return appendQuoted(dst, s), nil
}

// AppendSecret writes a secret's value as a string (never quoted in errors).
func AppendSecret(dst []byte, s Secret) ([]byte, *EncodeError) {
	return AppendString(dst, string(s))
}

// appendQuoted writes valid UTF-8 s as a JSON string, escaped as JSON.stringify does.
func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !needsEscape[c] {
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
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func appendQuotedBytes(dst []byte, s []byte) []byte {
	return appendQuoted(dst, string(s))
}

// AppendInt writes an integer; magnitudes beyond 2^53 − 1 are refused (range).
func AppendInt(dst []byte, v int64) ([]byte, *EncodeError) {
	if v > MaxSafeInteger || v < -MaxSafeInteger {
		return dst, EncodeFail(CodeRange, "integer beyond ±(2^53 − 1)")
	}
	return strconv.AppendInt(dst, v, 10), nil
}

// AppendFloat writes a finite number as ECMAScript Number::toString; NaN and
// infinities are refused (range).
func AppendFloat(dst []byte, f float64) ([]byte, *EncodeError) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, EncodeFail(CodeRange, "number is not finite")
	}
	return appendES(dst, f), nil
}

// appendES formats a finite double as ECMAScript Number::toString does.
func appendES(dst []byte, f float64) []byte {
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

// AppendBool writes a boolean.
func AppendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// AppendNull writes null.
func AppendNull(dst []byte) []byte { return append(dst, "null"...) }

// CheckFloat refuses a non-finite number (range), for encoders checking constraints.
func CheckFloat(f float64) *EncodeError {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return EncodeFail(CodeRange, "number is not finite")
	}
	return nil
}

// RuneCount counts code points (the unit of minLength and maxLength).
func RuneCount(s string) int { return utf8.RuneCountInString(s) }

// CheckInt refuses an integer beyond ±(2^53 − 1) (range), for encoders checking before constraints.
func CheckInt(v int64) *EncodeError {
	if v > MaxSafeInteger || v < -MaxSafeInteger {
		return EncodeFail(CodeRange, "integer beyond ±(2^53 − 1)")
	}
	return nil
}

// WriteBool writes a boolean (never fails; the signature matches the other writers).
func WriteBool(dst []byte, v bool) ([]byte, *EncodeError) { return AppendBool(dst, v), nil }

// WriteNull writes null (never fails).
func WriteNull(dst []byte, _ Null) ([]byte, *EncodeError) { return AppendNull(dst), nil }
