// Package wire is the hand-written runtime of the generated Go decoders and
// encoders: a strict single-purpose JSON lexer, the canonical writer, free-form
// value checks and the frame reader. It uses the standard library only.
package wire

import "strconv"

// Error codes shared with the TypeScript runtime (see codegen/SEMANTICS.md).
const (
	CodeUTF8           = "utf8"
	CodeSyntax         = "syntax"
	CodeFrameTooLarge  = "frame_too_large"
	CodeDepth          = "depth"
	CodeType           = "type"
	CodeRange          = "range"
	CodeConst          = "const"
	CodeEnum           = "enum"
	CodeLength         = "length"
	CodePattern        = "pattern"
	CodeUnknownField   = "unknown_field"
	CodeMissingField   = "missing_field"
	CodeUnknownVariant = "unknown_variant"
)

// MaxDepth is the nesting limit of free-form values: a container at level
// MaxDepth+1 (the document root is level 1) is rejected with CodeDepth.
const MaxDepth = 1000

// MaxSafeInteger is 2^53 − 1, the largest integer magnitude on the wire.
const MaxSafeInteger = 1<<53 - 1

// DecodeError reports why a JSON text was rejected: a machine-readable code,
// the RFC 6901 pointer of the offending value and a message. The message never
// quotes string contents of the input.
type DecodeError struct {
	Code    string
	Pointer string
	Message string
}

func (e *DecodeError) Error() string { return formatError("decode", e.Code, e.Pointer, e.Message) }

// EncodeError reports why a value was refused by an encoder, with the code and
// pointer its decoder would give.
type EncodeError struct {
	Code    string
	Pointer string
	Message string
}

func (e *EncodeError) Error() string { return formatError("encode", e.Code, e.Pointer, e.Message) }

func formatError(op, code, ptr, msg string) string {
	return "wire: " + op + " " + code + " at " + strconv.Quote(ptr) + ": " + msg
}

// NewDecodeError returns a DecodeError at the root (pointer "").
func NewDecodeError(code, msg string) *DecodeError {
	return &DecodeError{Code: code, Message: msg}
}

// NewEncodeError returns an EncodeError at the root (pointer "").
func NewEncodeError(code, msg string) *EncodeError {
	return &EncodeError{Code: code, Message: msg}
}

// In prefixes the error's pointer with the object key k and returns e.
func (e *DecodeError) In(k string) *DecodeError {
	e.Pointer = "/" + EscapePointer(k) + e.Pointer
	return e
}

// At prefixes the error's pointer with the array index i and returns e.
func (e *DecodeError) At(i int) *DecodeError {
	e.Pointer = "/" + strconv.Itoa(i) + e.Pointer
	return e
}

// Under prefixes the error's pointer with a whole pointer p (such as "/result").
func (e *DecodeError) Under(p string) *DecodeError {
	e.Pointer = p + e.Pointer
	return e
}

// In prefixes the error's pointer with the object key k and returns e.
func (e *EncodeError) In(k string) *EncodeError {
	e.Pointer = "/" + EscapePointer(k) + e.Pointer
	return e
}

// At prefixes the error's pointer with the array index i and returns e.
func (e *EncodeError) At(i int) *EncodeError {
	e.Pointer = "/" + strconv.Itoa(i) + e.Pointer
	return e
}

func toEncodeError(e *DecodeError) *EncodeError {
	if e == nil {
		return nil
	}
	return &EncodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
}

// EscapePointer escapes one reference token per RFC 6901 (~ → ~0, / → ~1).
func EscapePointer(k string) string {
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

// Missing is the missing_field error of a required property key, relative to its object.
func Missing(key string) *DecodeError {
	return (&DecodeError{Code: CodeMissingField, Message: "missing required property"}).In(key)
}

// Fail returns a DecodeError at the current value (pointer "").
func Fail(code, msg string) *DecodeError { return &DecodeError{Code: code, Message: msg} }

// EncodeFail returns an EncodeError at the current value (pointer "").
func EncodeFail(code, msg string) *EncodeError { return &EncodeError{Code: code, Message: msg} }

// EncodeMissing is the missing_field error of a required property key, relative to its object.
func EncodeMissing(key string) *EncodeError {
	return (&EncodeError{Code: CodeMissingField, Message: "missing required property"}).In(key)
}

// AsEncodeError converts a DecodeError found while checking a value for encoding.
func AsEncodeError(e *DecodeError) *EncodeError { return toEncodeError(e) }
