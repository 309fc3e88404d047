// Go native fuzzing of the generated decoders and frame readers, seeded from the shared vectors
// (vectors/<protocol>/*.jsonl). `make test` runs each target for a few seconds; `make fuzz`
// (tests/fuzz.sh) runs them longer. Without -fuzz, `go test` runs the seeds as ordinary tests.
//
// Properties: nothing panics; an accepted value re-encodes to a canonical form that decodes and
// re-encodes to the same bytes; a rejected input is a *DecodeError with a code from the list and a
// well-formed pointer.
package vectors_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"example.com/wiretypes/tests/cmd/xcheck"
)

// fuzzSeedMax: longer vector inputs are not used as seeds.
const fuzzSeedMax = 64 << 10

type fuzzSeed struct {
	typ    string
	via    string
	stream bool
	data   []byte
}

// fuzzSeeds reads the inputs of a protocol's vectors: decode vectors as they are, stream vectors
// as streams and each of their lines as a decode input.
func fuzzSeeds(tb testing.TB, protocol string) []fuzzSeed {
	files, _ := filepath.Glob(filepath.Join(vectorsDir, protocol, "*.jsonl"))
	sort.Strings(files)
	var out []fuzzSeed
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			var v struct {
				Type  string `json:"type"`
				Via   string `json:"via"`
				Input struct {
					Text   *string `json:"text"`
					Base64 *string `json:"base64"`
					Repeat *struct {
						Prefix, Unit, Suffix string
						Count                int
					} `json:"repeat"`
				} `json:"input"`
			}
			if len(bytes.TrimSpace(sc.Bytes())) == 0 || json.Unmarshal(sc.Bytes(), &v) != nil {
				continue
			}
			var data []byte
			switch {
			case v.Input.Text != nil:
				data = []byte(*v.Input.Text)
			case v.Input.Base64 != nil:
				data, _ = base64.StdEncoding.DecodeString(*v.Input.Base64)
			case v.Input.Repeat != nil:
				r := v.Input.Repeat
				if len(r.Prefix)+len(r.Unit)*r.Count+len(r.Suffix) > fuzzSeedMax {
					continue
				}
				data = []byte(r.Prefix + strings.Repeat(r.Unit, r.Count) + r.Suffix)
			}
			if len(data) > fuzzSeedMax || v.Via == "encode" {
				continue
			}
			if v.Via == "stream" {
				out = append(out, fuzzSeed{typ: v.Type, stream: true, data: data})
				for _, line := range bytes.Split(data, []byte("\n")) {
					out = append(out, fuzzSeed{typ: v.Type, data: line})
				}
				continue
			}
			out = append(out, fuzzSeed{typ: v.Type, data: data})
		}
		fh.Close()
	}
	return out
}

// typeNames are the protocol's definitions with a codec, sorted: a fuzz input picks one by index.
func typeNames(protocol string) []string {
	var names []string
	for n := range xcheck.Protocols[protocol] {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func frameTypeNames(protocol string) []string {
	var names []string
	for _, n := range typeNames(protocol) {
		if xcheck.Protocols[protocol][n].NewReader != nil {
			names = append(names, n)
		}
	}
	return names
}

func indexOf(names []string, n string) int {
	for i, x := range names {
		if x == n {
			return i
		}
	}
	return -1
}

// checkOutcome checks the properties on one decoder result.
func checkOutcome(t *testing.T, c xcheck.Codec, typ string, in []byte, v any, err error) {
	t.Helper()
	if err != nil {
		de, ok := xcheck.AsDecodeError(err)
		if !ok {
			t.Fatalf("%s %q: not a *DecodeError: %T %v", typ, in, err, err)
		}
		if !xcheck.Codes[de.Code] {
			t.Fatalf("%s %q: code %q is not in the list", typ, in, de.Code)
		}
		if de.Pointer != "" && !strings.HasPrefix(de.Pointer, "/") {
			t.Fatalf("%s %q: pointer %q is not an RFC 6901 pointer", typ, in, de.Pointer)
		}
		return
	}
	if xcheck.IsNil(v) {
		return // ignored by an open union
	}
	first, err := c.Encode(v)
	if err != nil {
		t.Fatalf("%s %q: accepted, but the value does not encode: %v", typ, in, err)
	}
	v2, err := c.Decode(first)
	if err != nil || xcheck.IsNil(v2) {
		t.Fatalf("%s %q: the canonical form %q does not decode: %v", typ, in, first, err)
	}
	again, err := c.Encode(v2)
	if err != nil || !bytes.Equal(first, again) {
		t.Fatalf("%s %q: the canonical form %q re-encodes as %q (%v)", typ, in, first, again, err)
	}
}

func fuzzDecode(f *testing.F, protocol string) {
	names := typeNames(protocol)
	if len(names) == 0 {
		f.Fatalf("protocol %s has no codecs", protocol)
	}
	for _, s := range fuzzSeeds(f, protocol) {
		if i := indexOf(names, s.typ); i >= 0 && !s.stream {
			f.Add(uint16(i), s.data)
		}
	}
	f.Fuzz(func(t *testing.T, typ uint16, in []byte) {
		name := names[int(typ)%len(names)]
		c := xcheck.Protocols[protocol][name]
		v, err := c.Decode(in)
		checkOutcome(t, c, name, in, v, err)
	})
}

func fuzzStream(f *testing.F, protocol string) {
	names := frameTypeNames(protocol)
	if len(names) == 0 {
		f.Skipf("protocol %s has no frame readers", protocol)
	}
	for _, s := range fuzzSeeds(f, protocol) {
		if i := indexOf(names, s.typ); i >= 0 && s.stream {
			f.Add(uint16(i), uint8(7), s.data)
		}
	}
	f.Fuzz(func(t *testing.T, typ uint16, chunk uint8, in []byte) {
		name := names[int(typ)%len(names)]
		c := xcheck.Protocols[protocol][name]
		next := c.NewReader(xcheck.ChunkReader(in, int(chunk)))
		// a stream of n bytes has at most n+1 frames
		for i := 0; i <= len(in)+1; i++ {
			v, err := next()
			if err == io.EOF {
				return
			}
			checkOutcome(t, c, name, in, v, err)
		}
		t.Fatalf("%s %q: the reader yields more frames than the stream has lines", name, in)
	})
}

func FuzzRunnerDecode(f *testing.F) { fuzzDecode(f, "runner") }
func FuzzJsonlDecode(f *testing.F)  { fuzzDecode(f, "jsonl") }
func FuzzRunnerStream(f *testing.F) { fuzzStream(f, "runner") }
func FuzzJsonlStream(f *testing.F)  { fuzzStream(f, "jsonl") }
