// Package wire is the hand-written runtime of the generated Go decoders and
// encoders: a strict single-purpose JSON lexer, the canonical writer, free-form
// value checks and the frame reader. It uses the standard library only.
package wire

import "strconv"

// Error codes shared with the TypeScript runtime (see codegen/SEMANTICS.md).
const (
	wireCodeUTF8           = "utf8"
	wireCodeSyntax         = "syntax"
	wireCodeFrameTooLarge  = "frame_too_large"
	wireCodeDepth          = "depth"
	wireCodeType           = "type"
	wireCodeRange          = "range"
	wireCodeConst          = "const"
	wireCodeEnum           = "enum"
	wireCodeLength         = "length"
	wireCodePattern        = "pattern"
	wireCodeUnknownField   = "unknown_field"
	wireCodeMissingField   = "missing_field"
	wireCodeUnknownVariant = "unknown_variant"
)

// wireMaxDepth is the nesting limit of free-form values: a container at level
// MaxDepth+1 (the document root is level 1) is rejected with CodeDepth.
const wireMaxDepth = 1000

// wireDepthMessage is the message of every depth error, decoding and encoding.
var wireDepthMessage = "nesting deeper than " + strconv.Itoa(wireMaxDepth) + " levels"

// wireMaxSafeInteger is 2^53 − 1, the largest integer magnitude on the wire.
const wireMaxSafeInteger = 1<<53 - 1

// DecodeError reports why a JSON text was rejected: a machine-readable code,
// the RFC 6901 pointer of the offending value and a message. The message never
// quotes string contents of the input.
type DecodeError struct {
	Code    string
	Pointer string
	Message string
}

func (e *DecodeError) Error() string { return wireFormatError("decode", e.Code, e.Pointer, e.Message) }

// EncodeError reports why a value was refused by an encoder, with the code and
// pointer its decoder would give.
type EncodeError struct {
	Code    string
	Pointer string
	Message string
}

func (e *EncodeError) Error() string { return wireFormatError("encode", e.Code, e.Pointer, e.Message) }

func wireFormatError(op, code, ptr, msg string) string {
	return "wire: " + op + " " + code + " at " + strconv.Quote(ptr) + ": " + msg
}

// wireNewDecodeError returns a DecodeError at the root (pointer "").
func wireNewDecodeError(code, msg string) *DecodeError {
	return &DecodeError{Code: code, Message: msg}
}

// wireNewEncodeError returns an EncodeError at the root (pointer "").
func wireNewEncodeError(code, msg string) *EncodeError {
	return &EncodeError{Code: code, Message: msg}
}

// in prefixes the error's pointer with the object key k and returns e.
func (e *DecodeError) in(k string) *DecodeError {
	e.Pointer = "/" + wireEscapePointer(k) + e.Pointer
	return e
}

// at prefixes the error's pointer with the array index i and returns e.
func (e *DecodeError) at(i int) *DecodeError {
	e.Pointer = "/" + strconv.Itoa(i) + e.Pointer
	return e
}

// under prefixes the error's pointer with a whole pointer p (such as "/result").
func (e *DecodeError) under(p string) *DecodeError {
	e.Pointer = p + e.Pointer
	return e
}

// in prefixes the error's pointer with the object key k and returns e.
func (e *EncodeError) in(k string) *EncodeError {
	e.Pointer = "/" + wireEscapePointer(k) + e.Pointer
	return e
}

// at prefixes the error's pointer with the array index i and returns e.
func (e *EncodeError) at(i int) *EncodeError {
	e.Pointer = "/" + strconv.Itoa(i) + e.Pointer
	return e
}

func wireToEncodeError(e *DecodeError) *EncodeError {
	if e == nil {
		return nil
	}
	return &EncodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
}

// wireEscapePointer escapes one reference token per RFC 6901 (~ → ~0, / → ~1).
func wireEscapePointer(k string) string {
	n := 0
	for i := 0; i < len(k); i++ {
		if k[i] == '~' || k[i] == '/' {
			n++
		}
	}
	if n == 0 {
		return k
	}
	b := make([]byte, 0, len(k)+n)
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, k[i])
		}
	}
	return string(b)
}

// wireMissing is the missing_field error of a required property key, relative to its object.
func wireMissing(key string) *DecodeError {
	return (&DecodeError{Code: wireCodeMissingField, Message: "missing required property"}).in(key)
}

// wireFail returns a DecodeError at the current value (pointer "").
func wireFail(code, msg string) *DecodeError { return &DecodeError{Code: code, Message: msg} }

// wireEncodeFail returns an EncodeError at the current value (pointer "").
func wireEncodeFail(code, msg string) *EncodeError { return &EncodeError{Code: code, Message: msg} }

// wireEncodeDepth is the error of a typed container written at a level above MaxDepth (only values of a
// recursive definition get there), as its decoder would give it.
func wireEncodeDepth() *EncodeError {
	return wireEncodeFail(wireCodeDepth, wireDepthMessage)
}

// wireEncodeMissing is the missing_field error of a required property key, relative to its object.
func wireEncodeMissing(key string) *EncodeError {
	return (&EncodeError{Code: wireCodeMissingField, Message: "missing required property"}).in(key)
}

// wireAsEncodeError converts a DecodeError found while checking a value for encoding.
func wireAsEncodeError(e *DecodeError) *EncodeError { return wireToEncodeError(e) }
