package wirebench

// TestCPURatios (BENCH_CPU=rounds) times the decode and encode contenders in process CPU time
// (user + system, GC included) rather than wall time, interleaved: each round runs every contender
// once for about BENCH_CPU_MS milliseconds (default 300), in a rotated order, and each ratio is
// taken within a round; it prints the median of each ratio and its spread. On a shared, loaded
// machine, CPU time is far less disturbed by other processes than wall time is, and the ratio of
// each contender's fastest round is printed too.

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type contender struct {
	name string
	run  func() // one pass over the workload
}

func minOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func TestCPURatios(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("BENCH_CPU"))
	if rounds <= 0 {
		t.Skip("set BENCH_CPU=rounds")
	}
	ms, _ := strconv.Atoi(os.Getenv("BENCH_CPU_MS"))
	if ms <= 0 {
		ms = 300
	}
	b := &testing.B{}
	small, large := load(b, "small"), load(b, "large")
	dec := func(w *workload, fn func(*workload, int, []byte)) func() {
		return func() { each(w.buf, func(i int, line []byte) { fn(w, i, line) }) }
	}
	enc := func(w *workload, fn func(*workload, int) int) func() {
		return func() {
			for i := range w.frames {
				fn(w, i)
			}
		}
	}
	cs := []contender{
		{"DecodeSmallGenerated", dec(small, generated)},
		{"DecodeSmallEnvelope", dec(small, envelope)},
		{"DecodeSmallUnmarshal", dec(small, unmarshal)},
		{"DecodeSmallValid", dec(small, valid)},
		{"EncodeSmallGenerated", enc(small, encGenerated)},
		{"EncodeSmallMarshal", enc(small, encMarshal)},
		{"EncodeLargeGenerated", enc(large, encGenerated)},
		{"EncodeLargeMarshal", enc(large, encMarshal)},
	}
	perOp := make([][]float64, len(cs)) // per contender, per round: CPU ns per pass
	for r := 0; r < rounds; r++ {
		for k := range cs {
			c := cs[(k+r)%len(cs)]
			i := (k + r) % len(cs)
			c.run() // warm
			n := 0
			start := cpuNow()
			for deadline := time.Now().Add(time.Duration(ms) * time.Millisecond); time.Now().Before(deadline) || n < 2; n++ {
				c.run()
			}
			perOp[i] = append(perOp[i], float64(cpuNow()-start)/float64(n))
		}
	}
	ratio := func(name string, num, den int) {
		var rs []float64
		for r := 0; r < rounds; r++ {
			rs = append(rs, perOp[num][r]/perOp[den][r])
		}
		sort.Float64s(rs)
		// the ratio of the fastest passes: interference only ever adds time
		fmt.Printf("%-48s %6.2f× (%.2f–%.2f); of the fastest rounds %.2f×\n", name, rs[len(rs)/2], rs[0], rs[len(rs)-1], minOf(perOp[num])/minOf(perOp[den]))
	}
	for i, c := range cs {
		v := append([]float64(nil), perOp[i]...)
		sort.Float64s(v)
		fmt.Printf("%-24s %10.3f ms CPU per pass (median of %d)\n", c.name, v[len(v)/2]/1e6, rounds)
	}
	ratio("decode small: envelope ÷ generated", 1, 0)
	ratio("decode small: Unmarshal ÷ generated", 2, 0)
	ratio("decode small: generated ÷ json.Valid", 0, 3)
	ratio("encode small: json.Marshal ÷ generated", 5, 4)
	ratio("encode large: json.Marshal ÷ generated", 7, 6)
}
