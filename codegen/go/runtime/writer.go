package wire

import (
	"math"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"
)

const wireHexDigits = "0123456789abcdef"

// wireAppendString writes s as JSON.stringify does; it refuses invalid UTF-8 (utf8).
// It checks and escapes in one pass, eight bytes at a time where nothing needs either.
func wireAppendString(dst []byte, s string) ([]byte, *EncodeError) {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	n0 := len(dst)
	dst = append(dst, '"')
	start, i := 0, 0
	for {
		if i = wireStringStopValid(b, i); i >= len(b) {
			break
		}
		c := b[i]
		if c >= utf8.RuneSelf {
			return dst[:n0], wireEncodeFail(wireCodeUTF8, "string is not valid UTF-8")
		}
		dst = wireAppendEscape(append(dst, b[start:i]...), c)
		i++
		start = i
	}
	dst = append(dst, b[start:]...)
	return append(dst, '"'), nil
}

// wireAppendSecret writes a secret's value as a string (never quoted in errors).
func wireAppendSecret(dst []byte, s Secret) ([]byte, *EncodeError) {
	return wireAppendString(dst, string(s))
}

// wireAppendQuoted writes valid UTF-8 s as a JSON string, escaped as JSON.stringify does.
func wireAppendQuoted(dst []byte, s string) []byte {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	dst = append(dst, '"')
	start, i := 0, 0
	for {
		if i = wireStringStop(b, i); i >= len(b) {
			break
		}
		dst = wireAppendEscape(append(dst, b[start:i]...), b[i])
		i++
		start = i
	}
	dst = append(dst, b[start:]...)
	return append(dst, '"')
}

// wireAppendEscape writes the escape of c ('"', '\\' or a control character) as JSON.stringify does.
func wireAppendEscape(dst []byte, c byte) []byte {
	switch c {
	case '"':
		return append(dst, '\\', '"')
	case '\\':
		return append(dst, '\\', '\\')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', wireHexDigits[c>>4], wireHexDigits[c&0xF])
}

func wireAppendQuotedBytes(dst []byte, s []byte) []byte {
	return wireAppendQuoted(dst, unsafe.String(unsafe.SliceData(s), len(s)))
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

// wireBufs holds the buffers that the Encode functions write into (one
// allocation per call: the result, copied out at its exact size).
var wireBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// wireBufLimit is the largest buffer given back to wireBufs.
const wireBufLimit = 16 << 20

// wireEncodeBuf returns an empty pooled buffer for wireEncodeDone.
func wireEncodeBuf() *[]byte { return wireBufs.Get().(*[]byte) }

// wireEncodeDone returns a copy of b, which was written into the buffer p
// (from wireEncodeBuf), or err; it gives the buffer back to the pool.
func wireEncodeDone(p *[]byte, b []byte, err *EncodeError) ([]byte, error) {
	var out []byte
	if err == nil {
		out = make([]byte, len(b))
		copy(out, b)
	}
	if cap(b) <= wireBufLimit {
		*p = b[:0]
		wireBufs.Put(p)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}
