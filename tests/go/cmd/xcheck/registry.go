// Package xcheck holds what the Go side of the cross-language checks shares: the Codecs of every
// generated protocol package, the reference validator (santhosh-tekuri/jsonschema), the list of
// deliberate differences from JSON Schema (tests/differential-exceptions.json) and a builder of Go
// values from wire-shaped JSON. It is used by cmd/conformance and by the tests in tests/go.
package xcheck

import (
	"errors"
	"fmt"
	"io"
	"reflect"

	"example.com/wiretypes/config"
	"example.com/wiretypes/jsonl"
	"example.com/wiretypes/runner"
)

// Codec is a generated package's Codec, whatever the package.
type Codec struct {
	Decode    func(line []byte) (any, error)
	Encode    func(v any) ([]byte, error)
	NewReader func(r io.Reader) func() (any, error)
}

// Protocols maps each protocol (schema/<protocol>, vectors/<protocol>) to its Codecs. A new
// protocol needs one line here, and one case per error type in Normalize.
var Protocols = map[string]map[string]Codec{
	"runner": convert(runner.Codecs),
	"jsonl":  convert(jsonl.Codecs),
	"config": convert(config.Codecs),
}

func convert[C runner.Codec | jsonl.Codec | config.Codec](m map[string]C) map[string]Codec {
	out := make(map[string]Codec, len(m))
	for name, c := range m {
		out[name] = Normalized(Codec(c))
	}
	return out
}

// Normalized wraps a Codec so that its errors are runner's DecodeError and EncodeError: every
// generated package declares its own (the runtime is emitted into each package), with the same
// fields, so one set of checks serves all protocols.
func Normalized(c Codec) Codec {
	n := c
	n.Decode = func(line []byte) (any, error) {
		v, err := c.Decode(line)
		return v, Normalize(err)
	}
	n.Encode = func(v any) ([]byte, error) {
		b, err := c.Encode(v)
		return b, Normalize(err)
	}
	if c.NewReader != nil {
		n.NewReader = func(r io.Reader) func() (any, error) {
			next := c.NewReader(r)
			return func() (any, error) {
				v, err := next()
				return v, Normalize(err)
			}
		}
	}
	return n
}

// Normalize turns a DecodeError or EncodeError of any generated package into runner's.
func Normalize(err error) error {
	switch e := err.(type) {
	case *jsonl.DecodeError:
		return &runner.DecodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
	case *jsonl.EncodeError:
		return &runner.EncodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
	case *config.DecodeError:
		return &runner.DecodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
	case *config.EncodeError:
		return &runner.EncodeError{Code: e.Code, Pointer: e.Pointer, Message: e.Message}
	case *runner.DecodeError, *runner.EncodeError, nil:
		return err
	}
	// any other generated package (a test harness's own): its DecodeError or EncodeError by shape
	r := reflect.ValueOf(err)
	if r.Kind() != reflect.Pointer || r.IsNil() || r.Elem().Kind() != reflect.Struct {
		return err
	}
	s := r.Elem()
	field := func(name string) (string, bool) {
		f := s.FieldByName(name)
		if !f.IsValid() || f.Kind() != reflect.String {
			return "", false
		}
		return f.String(), true
	}
	code, ok1 := field("Code")
	pointer, ok2 := field("Pointer")
	message, ok3 := field("Message")
	if !ok1 || !ok2 || !ok3 {
		return err
	}
	switch s.Type().Name() {
	case "DecodeError":
		return &runner.DecodeError{Code: code, Pointer: pointer, Message: message}
	case "EncodeError":
		return &runner.EncodeError{Code: code, Pointer: pointer, Message: message}
	}
	return err
}

// Lookup returns the Codec of a definition.
func Lookup(protocol, typ string) (Codec, error) {
	p, ok := Protocols[protocol]
	if !ok {
		return Codec{}, fmt.Errorf("no Go package for protocol %q (add it to Protocols in tests/go/cmd/xcheck/registry.go)", protocol)
	}
	c, ok := p[typ]
	if !ok {
		return Codec{}, fmt.Errorf("protocol %s has no Go codec %q", protocol, typ)
	}
	return c, nil
}

// AsDecodeError finds the generated *DecodeError in err (of any protocol package, as runner's).
func AsDecodeError(err error) (*runner.DecodeError, bool) {
	var de *runner.DecodeError
	return de, errors.As(Normalize(err), &de)
}

// AsEncodeError finds the generated *EncodeError in err.
func AsEncodeError(err error) (*runner.EncodeError, bool) {
	var ee *runner.EncodeError
	return ee, errors.As(Normalize(err), &ee)
}

// IsNil reports an ignored result: a nil interface or a nil pointer inside one.
func IsNil(v any) bool {
	if v == nil {
		return true
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return r.IsNil() && r.Kind() != reflect.Slice
	}
	return false
}

// Codes are the error codes of codegen/SEMANTICS.md, "Codes".
var Codes = map[string]bool{
	"utf8": true, "syntax": true, "frame_too_large": true, "depth": true, "type": true, "range": true,
	"const": true, "enum": true, "length": true, "pattern": true, "unknown_field": true,
	"missing_field": true, "unknown_variant": true,
	// the new core's codes (codegen/next): unions by exact meaning, applicators, formats
	"ambiguous_variant": true, "forbidden": true, "not": true, "unique": true, "contains": true,
	"format": true, "property_name": true,
}
