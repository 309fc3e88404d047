// Round trip across processes, Go first: Go encodes frames (decoded vector inputs and random
// perturbations of them), pipes them to the generated TypeScript reader and encoder
// (codegen/next/conformance/echo.ts under node), and compares the bytes TypeScript writes, as they are,
// with the canonical bytes it sent: every byte is the same.
// tests/ts/conformance-roundtrip.test.ts does the other direction.
package vectors_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"example.com/wiretypes/tests/cmd/xcheck"
)

var (
	perturbStrings = []string{"", "a", "<>&", "\u2028\u2029", "\x00\x1f\x7f", "é", "😀", "a\"b\\c/", "\ufeff", strings.Repeat("long ", 2000), "PRIVATE-USER-TEXT-1234", "/abs", "C:\\dir", "rel/path", "\xff", "a\xed\xa0\x80b", "\xc0\x80"}
	perturbInts    = []int64{0, 1, 42, 1<<53 - 1, -(1<<53 - 1), 1 << 53, -1}
	perturbFloats  = []float64{0, 0.1, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 123.456, 1 << 60, math.Inf(1), math.NaN(), math.Copysign(0, -1), -1}
	perturbRaw     = []string{`{"a":"\ud800"}`, `{"a":1e400}`, `{"a":}`, `{}`, `{"b":1,"a":[1.50,"\u00e9"]}`, `{"2":1,"1":2,"b":{"x":null}}`, `[1e21,-0,1E2]`, `"\u2028<>"`, `{"a":1,"a":2}`, `null`, `true`, `{"deep":[[[[[]]]]]}`}
)

// perturb changes some fields of v (addressable) at random; the encoder may refuse the result.
func perturb(r *rand.Rand, v reflect.Value) {
	if r.IntN(3) != 0 && v.Kind() != reflect.Struct && v.Kind() != reflect.Pointer && v.Kind() != reflect.Interface && v.Kind() != reflect.Slice {
		return
	}
	if v.Type() == reflect.TypeOf(json.RawMessage(nil)) {
		if r.IntN(2) == 0 {
			v.SetBytes([]byte(perturbRaw[r.IntN(len(perturbRaw))]))
		}
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(perturbStrings[r.IntN(len(perturbStrings))])
	case reflect.Int64, reflect.Int:
		v.SetInt(perturbInts[r.IntN(len(perturbInts))])
	case reflect.Float64:
		v.SetFloat(perturbFloats[r.IntN(len(perturbFloats))])
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Pointer:
		if !v.IsNil() {
			if r.IntN(6) == 0 && v.Type().Elem().Kind() != reflect.Struct {
				v.Set(reflect.Zero(v.Type()))
				return
			}
			perturb(r, v.Elem())
		}
	case reflect.Interface:
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			perturb(r, v.Elem().Elem())
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				perturb(r, v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Len() > 0 && r.IntN(4) == 0 {
			v.Set(reflect.AppendSlice(v, v.Slice(0, 1)))
		}
		for i := 0; i < v.Len(); i++ {
			perturb(r, v.Index(i))
		}
	}
}

// copyValue returns an addressable deep-enough copy of a decoded value (via its canonical form).
func copyValue(c xcheck.Codec, v any) (reflect.Value, bool) {
	b, err := c.Encode(v)
	if err != nil {
		return reflect.Value{}, false
	}
	v2, err := c.Decode(b)
	if err != nil || xcheck.IsNil(v2) {
		return reflect.Value{}, false
	}
	p := reflect.New(reflect.TypeOf(v2))
	p.Elem().Set(reflect.ValueOf(v2))
	return p.Elem(), true
}

func TestRoundTripGoTypeScriptGo(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	for _, protocol := range []string{"runner", "jsonl"} {
		for _, typ := range frameTypeNames(protocol) {
			t.Run(protocol+"/"+typ, func(t *testing.T) {
				c := xcheck.Protocols[protocol][typ]
				r := rand.New(rand.NewPCG(1, 2))
				var sent [][]byte
				refused := 0
				for _, s := range fuzzSeeds(t, protocol) {
					var lines [][]byte
					if s.stream {
						lines = bytes.Split(s.data, []byte("\n"))
					} else {
						lines = [][]byte{s.data}
					}
					for _, line := range lines {
						v, err := c.Decode(line)
						if err != nil || xcheck.IsNil(v) {
							continue
						}
						for k := 0; k < 6; k++ {
							cp, ok := copyValue(c, v)
							if !ok {
								t.Fatalf("%q: an accepted value does not re-encode", line)
							}
							if k > 0 {
								perturb(r, cp)
							}
							b, err := c.Encode(cp.Interface())
							if err != nil {
								if _, ok := xcheck.AsEncodeError(err); !ok {
									t.Fatalf("not an *EncodeError: %v", err)
								}
								refused++
								continue
							}
							// rule 18: what the encoder writes, its decoder reads
							back, err := c.Decode(b)
							if err != nil {
								t.Fatalf("Go wrote %s, which Go's decoder rejects: %v", short(string(b)), err)
							}
							// what is sent is the canonical form: it re-encodes to itself
							if again, err := c.Encode(back); err != nil || !bytes.Equal(again, b) {
								t.Fatalf("Go wrote %s, which re-encodes as %s (%v)", short(string(b)), short(string(again)), err)
							}
							sent = append(sent, b)
						}
					}
				}
				if len(sent) == 0 {
					t.Fatal("no frames to send")
				}
				cmd := exec.Command("node", "-r", "tsx/cjs", "codegen/next/conformance/echo.ts", protocol, typ)
				cmd.Dir = "../.."
				cmd.Stdin = bytes.NewReader(append(bytes.Join(sent, []byte("\n")), '\n'))
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("the TypeScript echo failed: %v\n%s\n%s", err, stderr.String(), short(string(out)))
				}
				// The exact bytes TypeScript wrote, never re-encoded here: one line per frame sent, each
				// the canonical bytes Go sent, ended by "\n".
				if !bytes.HasSuffix(out, []byte("\n")) && len(out) > 0 {
					t.Fatalf("the TypeScript echo's output does not end with a newline: …%s", short(string(out[max(0, len(out)-200):])))
				}
				back := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
				if len(out) == 0 {
					back = nil
				}
				for i, want := range sent {
					if i >= len(back) {
						t.Fatalf("TypeScript wrote %d lines for %d frames; frame %d (%s) did not come back", len(back), len(sent), i, short(string(want)))
					}
					if !bytes.Equal(back[i], want) {
						t.Fatalf("frame %d: Go sent %q, TypeScript wrote back %q", i, short(string(want)), short(string(back[i])))
					}
				}
				if len(back) != len(sent) {
					t.Fatalf("TypeScript wrote %d lines for %d frames", len(back), len(sent))
				}
				t.Log(fmt.Sprintf("%d frames through TypeScript and back, %d perturbed values refused by the Go encoder", len(sent), refused))
			})
		}
	}
}
