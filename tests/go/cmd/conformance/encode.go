package main

import (
	"fmt"
	"reflect"

	"example.com/wiretypes/tests/cmd/xcheck"
)

// encodeValue builds a Go value of the definition's type from a wire-shaped JSON text (without any
// check) and encodes it. The Go type is learnt from probe, a text the decoder accepts: Codecs work on
// untyped values, so a type cannot be looked up by name.
func encodeValue(c xcheck.Codec, value, probe string) (outcome, error) {
	pv, err := c.Decode([]byte(probe))
	if err != nil || xcheck.IsNil(pv) {
		return outcome{}, fmt.Errorf("the probe %s does not decode (%v): cannot learn the Go type", short([]byte(probe)), err)
	}
	t := reflect.TypeOf(pv)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	v, err := xcheck.BuildValue(value, t)
	if err != nil {
		return outcome{}, fmt.Errorf("building the Go value: %v", err)
	}
	text, eerr := c.Encode(v.Interface())
	if eerr != nil {
		ee, ok := xcheck.AsEncodeError(eerr)
		if !ok {
			return outcome{}, fmt.Errorf("not a *EncodeError: %T %v", eerr, eerr)
		}
		return outcome{Code: ee.Code, Pointer: ee.Pointer, Message: ee.Message}, nil
	}
	dv, derr := c.Decode(text)
	if derr != nil {
		return outcome{}, fmt.Errorf("the encoder wrote %s, which its decoder rejects: %v", short(text), derr)
	}
	o, err := canonical(c, dv)
	if err != nil {
		return outcome{}, err
	}
	if string(o.Canonical) != string(text) {
		return outcome{}, fmt.Errorf("encoding %s is not canonical: %s", short(text), short(o.Canonical))
	}
	return o, nil
}
