package wirebench

// TestAllocsPerKind (BENCH_ALLOCS=1) prints the allocations of DecodeRunnerFrame per frame kind of
// the short workload (testing.AllocsPerRun on each frame).

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"example.com/wiretypes/runner"
)

func TestAllocsPerKind(t *testing.T) {
	if os.Getenv("BENCH_ALLOCS") == "" {
		t.Skip("set BENCH_ALLOCS=1")
	}
	w := load(&testing.B{}, "small")
	type agg struct{ n, allocs float64 }
	m := map[string]*agg{}
	total := 0.0
	for i, line := range w.lines {
		k := fmt.Sprintf("%T", w.frames[i])
		a := testing.AllocsPerRun(5, func() {
			if _, err := runner.DecodeRunnerFrame(line); err != nil {
				panic(err)
			}
		})
		if m[k] == nil {
			m[k] = &agg{}
		}
		m[k].n++
		m[k].allocs += a
		total += a
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("%-32s %5.0f frames %5.2f allocs/frame\n", k, m[k].n, m[k].allocs/m[k].n)
	}
	fmt.Printf("%-32s %5d frames %5.3f allocs/frame\n", "all", len(w.lines), total/float64(len(w.lines)))
}
