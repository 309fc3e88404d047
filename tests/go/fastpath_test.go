// Differential test of the generated decoders' fast path (one strict pass, codegen/go/runtime
// decoder.go InitFast) against their exact path (CheckText, then decode): on every decode vector
// input and on random mutations of it, both must give the same value, or the same error code,
// pointer and message. The fast path falls back to the exact path on any error, so what this
// catches is a fast path that accepts a text the exact path rejects, or decodes it differently.
package vectors_test

import (
	"bytes"
	"reflect"
	"testing"

	"example.com/wiretypes/jsonl"
	"example.com/wiretypes/runner"
)

// setFastPath switches the fast path of every generated package (each has its own runtime).
func setFastPath(on bool) {
	runner.SetFastPath(on)
	jsonl.SetFastPath(on)
}

// decodeBoth decodes line with the fast path on, then off.
func decodeBoth(c runner.Codec, line []byte) (fv any, ferr error, ev any, eerr error) {
	defer setFastPath(true)
	setFastPath(true)
	fv, ferr = c.Decode(line)
	setFastPath(false)
	ev, eerr = c.Decode(line)
	return
}

func sameOutcome(t *testing.T, what string, c runner.Codec, line []byte) {
	t.Helper()
	fv, ferr, ev, eerr := decodeBoth(c, line)
	if !reflect.DeepEqual(ferr, eerr) || !reflect.DeepEqual(fv, ev) {
		t.Fatalf("%s: fast path and exact path differ on %q:\nfast:  %#v, %v\nexact: %#v, %v", what, line, fv, ferr, ev, eerr)
	}
}

// mutationBytes are the bytes mutations insert: JSON punctuation, escapes, digits, letters of
// literals, whitespace, control characters and bytes of (in)valid UTF-8.
var mutationBytes = []byte("{}[]\",:\\/ \t\r\n0123456789-+.eEtrufalsn\x00\x1f\x7f\x80\xbf\xc0\xc3\xa9\xe2\xed\xa0\xf0\xf4\xff")

// mutate returns a random mutation of b (a few edits), driven by the generator state *s.
func mutate(b []byte, s *uint64) []byte {
	rnd := func(n int) int {
		*s ^= *s << 13
		*s ^= *s >> 7
		*s ^= *s << 17
		return int(*s % uint64(n))
	}
	out := append([]byte(nil), b...)
	for edits := 1 + rnd(3); edits > 0; edits-- {
		if len(out) == 0 {
			out = append(out, mutationBytes[rnd(len(mutationBytes))])
			continue
		}
		i := rnd(len(out))
		switch rnd(8) {
		case 0: // replace a byte
			out[i] = mutationBytes[rnd(len(mutationBytes))]
		case 1: // insert a byte
			out = append(out[:i], append([]byte{mutationBytes[rnd(len(mutationBytes))]}, out[i:]...)...)
		case 2: // delete a byte
			out = append(out[:i], out[i+1:]...)
		case 3: // truncate
			out = out[:i]
		case 4: // duplicate a span (repeats members, keys, values)
			j := i + rnd(len(out)-i+1)
			k := rnd(len(out) + 1)
			span := append([]byte(nil), out[i:j]...)
			out = append(out[:k], append(span, out[k:]...)...)
		case 5: // insert an escape into a string
			esc := []string{`\u0041`, `\ud800`, `\udc00`, `\ud83d\ude00`, `\n`, `\"`, `\\`, `\/`, `\u00e9`, `\x`, `\u12`}[rnd(11)]
			out = append(out[:i], append([]byte(esc), out[i:]...)...)
		case 6: // swap two bytes
			j := rnd(len(out))
			out[i], out[j] = out[j], out[i]
		case 7: // insert whitespace or a separator around punctuation
			if c := out[i]; bytes.IndexByte([]byte("{}[],:\""), c) >= 0 {
				ins := []string{" ", ",", ":", "\t", "\r\n", "1", "null", "{}", "[]"}[rnd(9)]
				out = append(out[:i], append([]byte(ins), out[i:]...)...)
			}
		}
	}
	return out
}

func TestFastPathMatchesExactPath(t *testing.T) {
	mutations := 60
	if testing.Short() {
		mutations = 10
	}
	n := 0
	for _, v := range loadVectors(t) {
		if v.Via != "decode" {
			continue
		}
		c, ok := codecs[v.protocol][v.Type]
		if !ok || c.Decode == nil {
			continue
		}
		in, err := inputBytes(v.Input)
		if err != nil || len(in) > 1<<16 {
			continue
		}
		sameOutcome(t, v.ID, c, in)
		seed := uint64(0x9E3779B97F4A7C15) ^ uint64(len(in)+n)*0x2545F4914F6CDD1D
		if seed == 0 {
			seed = 1
		}
		for m := 0; m < mutations; m++ {
			sameOutcome(t, v.ID+" (mutated)", c, mutate(in, &seed))
			n++
		}
	}
	if n == 0 {
		t.Fatal("no decode vectors")
	}
}

// FuzzFastPath: go test -fuzz FuzzFastPath -run '^$' (the seeds run with every go test).
func FuzzFastPath(f *testing.F) {
	f.Add("RunnerFrame", []byte(`{"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"h\u00e9 \ud83d\ude00"}}`))
	f.Add("RunnerFrame", []byte(`{"attachment":"a","id":"1","method":"checkpoint","params":null,"method":"checkpoint"}`))
	f.Add("RunnerFrame", []byte(`{"id":"1","attachment":"a","result":{"x":[1,2e3,{"y":"\ud800"}]}}`))
	f.Add("HostToRunnerFrame", []byte(`{"attachment":"a","id":"1","method":"open","params":{}} `))
	f.Fuzz(func(t *testing.T, typ string, line []byte) {
		c, ok := runner.Codecs[typ]
		if !ok {
			c = runner.Codecs["RunnerFrame"]
		}
		sameOutcome(t, typ, c, line)
	})
}
