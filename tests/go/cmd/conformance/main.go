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
//	{"op":"protocols"}
//
// Results: {"outcome":{...}} for decode and encode, {"outcomes":[[...],...]} for stream (one list
// per chunk size), {"valid":bool,"detail":"...","pointers":[...]} for validate (pointers: the
// instance locations of the innermost errors), {"types":[...]} for types, {"protocols":[...]} for protocols, and
// {"fault":"..."} whenever something other than a *DecodeError/*EncodeError came out (a panic, an
// error of another type, an encoding that does not decode, a canonical form that is not idempotent).
// An outcome is {"ok":true,"canonical":"<base64>"}, {"ok":false,"code":..,"pointer":..,"message":..}
// or {"ignored":true}.
//
// With -echo PROTOCOL/TYPE it is instead a pipe: it reads frames of TYPE from stdin with the
// generated reader and writes each one re-encoded on stdout (a bad frame is written as the line
// "!error CODE POINTER", which no reader accepts).
// The server itself is xcheck.Server (tests/go/cmd/xcheck/serve.go), which test harnesses that
// generate Go packages of their own also run.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
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
	packages := map[string]xcheck.Package{}
	for name, codecs := range xcheck.Protocols {
		packages[name] = xcheck.Package{Codecs: codecs}
	}
	validators := map[string]*xcheck.Validators{}
	s := &xcheck.Server{
		Packages: packages,
		Validate: func(protocol, typ string, input []byte) (xcheck.Result, error) {
			v, ok := validators[protocol]
			if !ok {
				var err error
				if v, err = xcheck.NewValidators(*root, protocol); err != nil {
					return xcheck.Result{}, err
				}
				validators[protocol] = v
			}
			return v.Check(typ, input)
		},
	}
	s.Serve(os.Stdin, os.Stdout)
}

func lookup(protocol, typ string) (xcheck.Codec, error) { return xcheck.Lookup(protocol, typ) }

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
