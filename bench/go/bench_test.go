package wirebench

// Go benchmarks of the generated runner decoder and encoder against encoding/json, on the seeded
// workloads that bench/ts/gen-data.ts writes to bench/.data (BENCH_DATA overrides the folder).
// bench/run.sh runs each benchmark once per round, in a rotated order, and reports ratios.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"example.com/wiretypes/runner"
)

const frameCap = 4 << 20

type workload struct {
	buf    []byte
	lines  [][]byte
	frames []runner.RunnerFrame
	peers  []func() any
	jv     []any // encoding/json values, for Marshal
}

var loaded = map[string]*workload{}

func load(b *testing.B, name string) *workload {
	if w := loaded[name]; w != nil {
		return w
	}
	dir := os.Getenv("BENCH_DATA")
	if dir == "" {
		dir = "../.data"
	}
	buf, err := os.ReadFile(filepath.Join(dir, name+".jsonl"))
	if err != nil {
		b.Skipf("no workload (run bench/run.sh): %v", err)
	}
	w := &workload{buf: buf}
	for _, l := range bytes.SplitAfter(buf, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		line := l[:len(l)-1]
		f, err := runner.DecodeRunnerFrame(line)
		if err != nil {
			b.Fatalf("workload frame rejected: %v", err)
		}
		mk := newPeer(f)
		jv := mk()
		if err := json.Unmarshal(line, jv); err != nil {
			b.Fatal(err)
		}
		w.lines = append(w.lines, line)
		w.frames = append(w.frames, f)
		w.peers = append(w.peers, mk)
		w.jv = append(w.jv, jv)
	}
	loaded[name] = w
	return w
}

// each runs fn on every line of the stream: split on "\n", 4 MiB cap.
func each(buf []byte, fn func(i int, line []byte)) {
	i := 0
	for len(buf) > 0 {
		nl := bytes.IndexByte(buf, '\n')
		if nl > frameCap {
			panic("frame_too_large")
		}
		fn(i, buf[:nl])
		buf = buf[nl+1:]
		i++
	}
}

func decodeBench(b *testing.B, name string, fn func(w *workload, i int, line []byte)) {
	w := load(b, name)
	b.SetBytes(int64(len(w.buf)))
	b.ReportAllocs()
	for b.Loop() {
		each(w.buf, func(i int, line []byte) { fn(w, i, line) })
	}
	b.ReportMetric(float64(testing.AllocsPerRun(1, func() { each(w.buf, func(i int, line []byte) { fn(w, i, line) }) }))/float64(len(w.lines)), "allocs/frame")
}

func generated(w *workload, i int, line []byte) {
	if v, err := runner.DecodeRunnerFrame(line); err != nil || v == nil {
		panic(err)
	}
}

func unmarshal(w *workload, i int, line []byte) {
	if err := json.Unmarshal(line, w.peers[i]()); err != nil {
		panic(err)
	}
}

func unmarshalStrict(w *workload, i int, line []byte) {
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(w.peers[i]()); err != nil {
		panic(err)
	}
}

func envelope(w *workload, i int, line []byte) {
	if err := unmarshalEnvelope(line, false); err != nil {
		panic(err)
	}
}

func envelopeStrict(w *workload, i int, line []byte) {
	if err := unmarshalEnvelope(line, true); err != nil {
		panic(err)
	}
}

func valid(w *workload, i int, line []byte) {
	if !json.Valid(line) {
		panic("invalid")
	}
}

func BenchmarkDecodeSmallGenerated(b *testing.B)       { decodeBench(b, "small", generated) }
func BenchmarkDecodeSmallEnvelope(b *testing.B)        { decodeBench(b, "small", envelope) }
func BenchmarkDecodeSmallEnvelopeStrict(b *testing.B)  { decodeBench(b, "small", envelopeStrict) }
func BenchmarkDecodeLargeEnvelope(b *testing.B)        { decodeBench(b, "large", envelope) }
func BenchmarkDecodeLargeEnvelopeStrict(b *testing.B)  { decodeBench(b, "large", envelopeStrict) }
func BenchmarkDecodeSmallUnmarshal(b *testing.B)       { decodeBench(b, "small", unmarshal) }
func BenchmarkDecodeSmallUnmarshalStrict(b *testing.B) { decodeBench(b, "small", unmarshalStrict) }
func BenchmarkDecodeSmallValid(b *testing.B)           { decodeBench(b, "small", valid) }
func BenchmarkDecodeLargeGenerated(b *testing.B)       { decodeBench(b, "large", generated) }
func BenchmarkDecodeLargeUnmarshal(b *testing.B)       { decodeBench(b, "large", unmarshal) }
func BenchmarkDecodeLargeUnmarshalStrict(b *testing.B) { decodeBench(b, "large", unmarshalStrict) }
func BenchmarkDecodeLargeValid(b *testing.B)           { decodeBench(b, "large", valid) }

func encodeBench(b *testing.B, name string, fn func(w *workload, i int) int) {
	w := load(b, name)
	n := 0
	for i := range w.frames {
		n += fn(w, i)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for i := range w.frames {
			fn(w, i)
		}
	}
}

func encGenerated(w *workload, i int) int {
	out, err := runner.EncodeRunnerFrame(w.frames[i])
	if err != nil {
		panic(err)
	}
	return len(out)
}

func encMarshal(w *workload, i int) int {
	out, err := json.Marshal(w.jv[i])
	if err != nil {
		panic(err)
	}
	return len(out)
}

func BenchmarkEncodeSmallGenerated(b *testing.B) { encodeBench(b, "small", encGenerated) }
func BenchmarkEncodeSmallMarshal(b *testing.B)   { encodeBench(b, "small", encMarshal) }
func BenchmarkEncodeLargeGenerated(b *testing.B) { encodeBench(b, "large", encGenerated) }
func BenchmarkEncodeLargeMarshal(b *testing.B)   { encodeBench(b, "large", encMarshal) }
