// Command conformance is the Go side of `codegen conformance` and of the cross-language tests: one
// long-lived process that answers requests on stdin with results on stdout, one JSON object per
// line each, in order.
//
// Requests (byte payloads are standard base64):
//
//	{"op":"decode","protocol":"runner","type":"Usage","input":"..."}
//	{"op":"stream","protocol":"runner","type":"RunnerFrame","input":"...","chunks":[1,7,0]}
//	{"op":"encode","protocol":"runner","type":"Usage","value":"<wire-shaped JSON>","probe":"<a valid text of the type>"}
//	{"op":"validate","protocol":"runner","type":"Usage","input":"..."}   (github.com/santhosh-tekuri/jsonschema/v6)
//	{"op":"types","protocol":"runner"}
//
// Results: {"outcome":{...}} for decode and encode, {"outcomes":[[...],...]} for stream (one list
// per chunk size), {"valid":bool,"detail":"...","pointers":[...]} for validate (pointers: the
// instance locations of the innermost errors), {"types":[...]} for types, and
// {"fault":"..."} whenever something other than a *DecodeError/*EncodeError came out (a panic, an
// error of another type, an encoding that does not decode, a canonical form that is not idempotent).
// An outcome is {"ok":true,"canonical":"<base64>"}, {"ok":false,"code":..,"pointer":..,"message":..}
// or {"ignored":true}.
//
// With -echo PROTOCOL/TYPE it is instead a pipe: it reads frames of TYPE from stdin with the
// generated reader and writes each one re-encoded on stdout (a bad frame is written as the line
// "!error CODE POINTER", which no reader accepts).
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"example.com/wiretypes/tests/cmd/xcheck"
)

func main() {
	root := flag.String("root", ".", "the repository root (for schema/<protocol>/*.json)")
	echo := flag.String("echo", "", "PROTOCOL/TYPE: re-encode the frames read on stdin")
	flag.Parse()
	if *echo != "" {
		os.Exit(runEcho(*echo))
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	s := &server{root: *root, validators: map[string]*xcheck.Validators{}}
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			res := s.handle(line)
			b, merr := json.Marshal(res)
			if merr != nil {
				b, _ = json.Marshal(map[string]string{"fault": "marshal: " + merr.Error()})
			}
			out.Write(b)
			out.WriteByte('\n')
			// Flush when no further request is already waiting, so that pipelined requests batch.
			if in.Buffered() == 0 {
				if err := out.Flush(); err != nil {
					return
				}
			}
		}
		if err != nil {
			out.Flush()
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

type server struct {
	root       string
	validators map[string]*xcheck.Validators
}

func (s *server) validatorsFor(protocol string) (*xcheck.Validators, error) {
	if v, ok := s.validators[protocol]; ok {
		return v, nil
	}
	v, err := xcheck.NewValidators(s.root, protocol)
	if err != nil {
		return nil, err
	}
	s.validators[protocol] = v
	return v, nil
}

func (s *server) handle(line []byte) (res any) {
	defer func() {
		if r := recover(); r != nil {
			res = map[string]string{"fault": fmt.Sprintf("panic: %v", r)}
		}
	}()
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return map[string]string{"fault": "bad request: " + err.Error()}
	}
	if req.Op == "types" {
		p, ok := xcheck.Protocols[req.Protocol]
		if !ok {
			return map[string]string{"fault": fmt.Sprintf("no Go package for protocol %q", req.Protocol)}
		}
		names := make([]string, 0, len(p))
		for n := range p {
			names = append(names, n)
		}
		sort.Strings(names)
		return map[string]any{"types": names}
	}
	if req.Op == "validate" {
		vs, err := s.validatorsFor(req.Protocol)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		r, err := vs.Check(req.Type, req.Input)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"valid": r.Valid, "detail": r.Detail, "pointers": r.Pointers}
	}
	c, err := lookup(req.Protocol, req.Type)
	if err != nil {
		return map[string]string{"fault": err.Error()}
	}
	switch req.Op {
	case "decode":
		o, err := decodeOne(c, req.Input)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"outcome": o}
	case "stream":
		if c.NewReader == nil {
			return map[string]string{"fault": fmt.Sprintf("%s has no frame reader", req.Type)}
		}
		all := make([][]outcome, 0, len(req.Chunks))
		for _, size := range req.Chunks {
			os, err := readAll(c, req.Input, size)
			if err != nil {
				return map[string]string{"fault": fmt.Sprintf("chunks of %d bytes: %v", size, err)}
			}
			all = append(all, os)
		}
		return map[string]any{"outcomes": all}
	case "encode":
		o, err := encodeValue(c, req.Value, req.Probe)
		if err != nil {
			return map[string]string{"fault": err.Error()}
		}
		return map[string]any{"outcome": o}
	}
	return map[string]string{"fault": fmt.Sprintf("unknown op %q", req.Op)}
}

func lookup(protocol, typ string) (xcheck.Codec, error) { return xcheck.Lookup(protocol, typ) }

// outcome is one result in wire form (see the package comment).
type outcome struct {
	Ok        *bool  `json:"ok,omitempty"`
	Canonical []byte `json:"canonical,omitempty"`
	Code      string `json:"code,omitempty"`
	Pointer   string `json:"pointer"`
	Message   string `json:"message,omitempty"`
	Ignored   bool   `json:"ignored,omitempty"`
}

func (o outcome) MarshalJSON() ([]byte, error) {
	switch {
	case o.Ignored:
		return []byte(`{"ignored":true}`), nil
	case o.Ok != nil && *o.Ok:
		return json.Marshal(map[string]any{"ok": true, "canonical": base64.StdEncoding.EncodeToString(o.Canonical)})
	}
	return json.Marshal(map[string]any{"ok": false, "code": o.Code, "pointer": o.Pointer, "message": o.Message})
}

var yes = true

func okOutcome(b []byte) outcome { return outcome{Ok: &yes, Canonical: b} }

// fromError turns a decoder's error into an outcome; anything but a *DecodeError is a fault.
func fromError(err error) (outcome, error) {
	if de, ok := xcheck.AsDecodeError(err); ok {
		return outcome{Code: de.Code, Pointer: de.Pointer, Message: de.Message}, nil
	}
	return outcome{}, fmt.Errorf("not a *DecodeError: %T %v", err, err)
}

// canonical encodes an accepted value, then checks that the encoding decodes and re-encodes to itself.
func canonical(c xcheck.Codec, v any) (outcome, error) {
	if xcheck.IsNil(v) {
		return outcome{Ignored: true}, nil
	}
	first, err := c.Encode(v)
	if err != nil {
		return outcome{}, fmt.Errorf("encoding the decoded value: %v", err)
	}
	v2, err := c.Decode(first)
	if err != nil {
		return outcome{}, fmt.Errorf("decoding the canonical form %s: %v", short(first), err)
	}
	if xcheck.IsNil(v2) {
		return outcome{}, fmt.Errorf("the canonical form %s decodes as ignored", short(first))
	}
	again, err := c.Encode(v2)
	if err != nil {
		return outcome{}, fmt.Errorf("re-encoding the canonical form: %v", err)
	}
	if string(first) != string(again) {
		return outcome{}, fmt.Errorf("not idempotent: %s re-encodes as %s", short(first), short(again))
	}
	return okOutcome(first), nil
}

func decodeOne(c xcheck.Codec, in []byte) (outcome, error) {
	v, err := c.Decode(in)
	if err != nil {
		return fromError(err)
	}
	return canonical(c, v)
}

func readAll(c xcheck.Codec, in []byte, size int) ([]outcome, error) {
	next := c.NewReader(xcheck.ChunkReader(in, size))
	got := []outcome{}
	for {
		v, err := next()
		if err == io.EOF {
			return got, nil
		}
		var o outcome
		if err != nil {
			o, err = fromError(err)
		} else {
			o, err = canonical(c, v)
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

func short(b []byte) string {
	if len(b) <= 300 {
		return string(b)
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", b[:120], len(b), b[len(b)-120:])
}

func runEcho(spec string) int {
	protocol, typ, ok := strings.Cut(spec, "/")
	if !ok {
		fmt.Fprintln(os.Stderr, "conformance: -echo wants PROTOCOL/TYPE")
		return 2
	}
	c, err := lookup(protocol, typ)
	if err != nil || c.NewReader == nil {
		fmt.Fprintf(os.Stderr, "conformance: %s: no frame reader (%v)\n", spec, err)
		return 2
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer out.Flush()
	next := c.NewReader(os.Stdin)
	bad := 0
	for {
		v, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			bad++
			if de, ok := xcheck.AsDecodeError(err); ok {
				fmt.Fprintf(out, "!error %s %q\n", de.Code, de.Pointer)
			} else {
				fmt.Fprintf(out, "!error %T\n", err)
			}
			continue
		}
		if xcheck.IsNil(v) {
			continue
		}
		b, err := c.Encode(v)
		if err != nil {
			bad++
			fmt.Fprintf(out, "!encode-error %v\n", err)
			continue
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	if bad > 0 {
		return 1
	}
	return 0
}
