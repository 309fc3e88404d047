package xcheck

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"sort"
)

// Server answers the requests of the cross-language checks (codegen/next/conformance/go.ts), one JSON
// object per line each, in order (the protocol is described in tests/go/cmd/conformance/main.go).
// tests/go/cmd/conformance serves the shipped protocols' packages; a test harness that generates
// a package of its own (codegen/next/conformance/gobatch.ts) serves that one the same way.
type Server struct {
	// Packages: every protocol's codecs and, for BuildValueWith, its Types (nil: none).
	Packages map[string]Package
	// Validate: the reference validator's verdict (nil: the "validate" op is not served).
	Validate func(protocol, typ string, input []byte) (Result, error)
}

// Serve reads requests from in until EOF and writes one answer per request to out.
func (s *Server) Serve(in io.Reader, out io.Writer) {
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			res := s.Handle(line)
			b, merr := json.Marshal(res)
			if merr != nil {
				b, _ = json.Marshal(map[string]string{"fault": "marshal: " + merr.Error()})
			}
			w.Write(b)
			w.WriteByte('\n')
			// Flush when no further request is already waiting, so that pipelined requests batch.
			if r.Buffered() == 0 {
				if err := w.Flush(); err != nil {
					return
				}
			}
		}
		if err != nil {
			w.Flush()
			return
		}
	}
}

type request struct {
	Op       string `json:"op"`
	Protocol string `json:"protocol"`
	Type     string `json:"type"`
	Input    []byte `json:"input"` // base64 in JSON
	Chunks   []int  `json:"chunks"`
	Value    string `json:"value"`
	Probe    string `json:"probe"`
}

// Lookup returns the Codec of a definition.
func (s *Server) Lookup(protocol, typ string) (Codec, error) {
	p, ok := s.Packages[protocol]
	if !ok {
		return Codec{}, fmt.Errorf("no Go package for protocol %q", protocol)
	}
	c, ok := p.Codecs[typ]
	if !ok {
		return Codec{}, fmt.Errorf("protocol %s has no Go codec %q", protocol, typ)
	}
	return c, nil
}

// Handle answers one request line.
func (s *Server) Handle(line []byte) (res any) {
	defer func() {
		if r := recover(); r != nil {
			res = map[string]string{"fault": fmt.Sprintf("panic: %v", r)}
		}
	}()
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return map[string]string{"fault": "bad request: " + err.Error()}
	}
	switch req.Op {
	case "types":
		p, ok := s.Packages[req.Protocol]
		if !ok {
			return map[string]string{"fault": fmt.Sprintf("no Go package for protocol %q", req.Protocol)}
		}
		names := make([]string, 0, len(p.Codecs))
		for n := range p.Codecs {
			names = append(names, n)
		}
		sort.Strings(names)
		return map[string]any{"types": names}
	case "protocols":
		names := make([]string, 0, len(s.Packages))
		for n := range s.Packages {
			names = append(names, n)
		}
		sort.Strings(names)
		return map[string]any{"protocols": names}
	case "validate":
		if s.Validate == nil {
			return map[string]string{"fault": "this process has no reference validator"}
		}
		r, err := s.Validate(req.Protocol, req.Type, req.Input)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"valid": r.Valid, "detail": r.Detail, "pointers": r.Pointers}
	}
	c, err := s.Lookup(req.Protocol, req.Type)
	if err != nil {
		return map[string]string{"fault": err.Error()}
	}
	switch req.Op {
	case "decode":
		o, err := DecodeOne(c, req.Input)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"outcome": o}
	case "stream":
		if c.NewReader == nil {
			return map[string]string{"fault": fmt.Sprintf("%s has no frame reader", req.Type)}
		}
		all := make([][]Outcome, 0, len(req.Chunks))
		for _, size := range req.Chunks {
			os, err := ReadAll(c, req.Input, size)
			if err != nil {
				return map[string]string{"fault": fmt.Sprintf("chunks of %d bytes: %v", size, err)}
			}
			all = append(all, os)
		}
		return map[string]any{"outcomes": all}
	case "encode":
		o, err := EncodeValue(c, req.Value, req.Probe, s.Packages[req.Protocol].Types, req.Type)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"outcome": o}
	}
	return map[string]string{"fault": fmt.Sprintf("unknown op %q", req.Op)}
}

// Outcome is one result in wire form: {"ok":true,"canonical":"<base64>"},
// {"ok":false,"code":..,"pointer":..,"message":..} or {"ignored":true}.
type Outcome struct {
	Ok        *bool  `json:"ok,omitempty"`
	Canonical []byte `json:"canonical,omitempty"`
	Code      string `json:"code,omitempty"`
	Pointer   string `json:"pointer"`
	Message   string `json:"message,omitempty"`
	Ignored   bool   `json:"ignored,omitempty"`
}

func (o Outcome) MarshalJSON() ([]byte, error) {
	switch {
	case o.Ignored:
		return []byte(`{"ignored":true}`), nil
	case o.Ok != nil && *o.Ok:
		return json.Marshal(map[string]any{"ok": true, "canonical": base64.StdEncoding.EncodeToString(o.Canonical)})
	}
	return json.Marshal(map[string]any{"ok": false, "code": o.Code, "pointer": o.Pointer, "message": o.Message})
}

var yes = true

func okOutcome(b []byte) Outcome { return Outcome{Ok: &yes, Canonical: b} }

// fromError turns a decoder's error into an outcome; anything but a *DecodeError is a fault.
func fromError(err error) (Outcome, error) {
	if de, ok := AsDecodeError(err); ok {
		return Outcome{Code: de.Code, Pointer: de.Pointer, Message: de.Message}, nil
	}
	return Outcome{}, fmt.Errorf("not a *DecodeError: %T %v", err, err)
}

// Canonical encodes an accepted value, then checks that the encoding decodes and re-encodes to itself.
func Canonical(c Codec, v any) (Outcome, error) {
	if IsNil(v) {
		return Outcome{Ignored: true}, nil
	}
	first, err := c.Encode(v)
	if err != nil {
		return Outcome{}, fmt.Errorf("encoding the decoded value: %v", err)
	}
	v2, err := c.Decode(first)
	if err != nil {
		return Outcome{}, fmt.Errorf("decoding the canonical form %s: %v", Short(first), err)
	}
	if IsNil(v2) {
		return Outcome{}, fmt.Errorf("the canonical form %s decodes as ignored", Short(first))
	}
	again, err := c.Encode(v2)
	if err != nil {
		return Outcome{}, fmt.Errorf("re-encoding the canonical form: %v", err)
	}
	if string(first) != string(again) {
		return Outcome{}, fmt.Errorf("not idempotent: %s re-encodes as %s", Short(first), Short(again))
	}
	return okOutcome(first), nil
}

// DecodeOne decodes one text and, when accepted, encodes the value canonically.
func DecodeOne(c Codec, in []byte) (Outcome, error) {
	v, err := c.Decode(in)
	if err != nil {
		return fromError(err)
	}
	return Canonical(c, v)
}

// ReadAll reads a stream in chunks of size bytes (0: at once) with the codec's frame reader.
func ReadAll(c Codec, in []byte, size int) ([]Outcome, error) {
	next := c.NewReader(ChunkReader(in, size))
	got := []Outcome{}
	for {
		v, err := next()
		if err == io.EOF {
			return got, nil
		}
		var o Outcome
		if err != nil {
			o, err = fromError(err)
		} else {
			o, err = Canonical(c, v)
		}
		if err != nil {
			return nil, fmt.Errorf("frame %d: %v", len(got), err)
		}
		got = append(got, o)
		if len(got) > 1<<20 {
			return nil, fmt.Errorf("more than %d frames", 1<<20)
		}
	}
}

// EncodeValue builds a Go value of the definition's type from a wire-shaped JSON text (without any
// check) and encodes it. The Go type is the definition's named type when the Types table has it
// (a union's interface included), else it is learnt from probe, a text the decoder accepts: Codecs
// work on untyped values, so a type cannot be looked up by name.
func EncodeValue(c Codec, value, probe string, types *Types, typ string) (Outcome, error) {
	var t reflect.Type
	if types != nil {
		t = types.Named[typ]
	}
	if t == nil {
		pv, err := c.Decode([]byte(probe))
		if err != nil || IsNil(pv) {
			return Outcome{}, fmt.Errorf("the probe %s does not decode (%v): cannot learn the Go type", Short([]byte(probe)), err)
		}
		t = reflect.TypeOf(pv)
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	}
	v, err := BuildValueWith(value, t, types)
	if err != nil {
		return Outcome{}, fmt.Errorf("building the Go value: %v", err)
	}
	text, eerr := c.Encode(v.Interface())
	if eerr != nil {
		ee, ok := AsEncodeError(eerr)
		if !ok {
			return Outcome{}, fmt.Errorf("not a *EncodeError: %T %v", eerr, eerr)
		}
		return Outcome{Code: ee.Code, Pointer: ee.Pointer, Message: ee.Message}, nil
	}
	dv, derr := c.Decode(text)
	if derr != nil {
		return Outcome{}, fmt.Errorf("the encoder wrote %s, which its decoder rejects: %v", Short(text), derr)
	}
	o, err := Canonical(c, dv)
	if err != nil {
		return Outcome{}, err
	}
	if string(o.Canonical) != string(text) {
		return Outcome{}, fmt.Errorf("encoding %s is not canonical: %s", Short(text), Short(o.Canonical))
	}
	return o, nil
}

// Short is a byte string for a message: whole when short, else its ends.
func Short(b []byte) string {
	if len(b) <= 300 {
		return string(b)
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", b[:120], len(b), b[len(b)-120:])
}
