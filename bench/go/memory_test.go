package wirebench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"example.com/wiretypes/runner"
)

// genReader yields n copies of frame, then (when endless > 0) that many bytes of 'a' and a "\n",
// made on the fly: the input is never held in memory.
type genReader struct {
	frame   []byte
	n, off  int
	endless int
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.n > 0 {
		k := copy(p, g.frame[g.off:])
		g.off += k
		if g.off == len(g.frame) {
			g.off = 0
			g.n--
		}
		return k, nil
	}
	if g.endless > 0 {
		k := len(p)
		if k > g.endless {
			k = g.endless
		}
		for i := range p[:k] {
			p[i] = 'a'
		}
		g.endless -= k
		return k, nil
	}
	if g.endless == 0 {
		g.endless = -1
		p[0] = '\n'
		return 1, nil
	}
	return 0, io.EOF
}

// TestMemory prints peak heap and RSS while reading 48 frames of 4 MiB, then while rejecting a
// 256 MiB line (BENCH_MEM=1 to run; bench/run.sh does).
func TestMemory(t *testing.T) {
	if os.Getenv("BENCH_MEM") != "1" {
		t.Skip("BENCH_MEM=1 to run")
	}
	head := `{"attachment":"att-1","turn":"turn-1","event":"assistant.delta","data":{"text":"`
	tail := `"}}`
	frame := []byte(head + strings.Repeat("x", runner.FrameLimit-len(head)-len(tail)) + tail + "\n")
	run := func(name string, r io.Reader) {
		runtime.GC()
		var base, m runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := base.HeapInuse
		fr := runner.NewRunnerFrameReader(r)
		ok, bad := 0, 0
		for {
			_, err := fr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if _, isDecode := err.(*runner.DecodeError); !isDecode {
					t.Fatal(err)
				}
				bad++
			} else {
				ok++
			}
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
		}
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		out, _ := json.Marshal(map[string]any{
			"lang": "go", "case": name, "frames": ok, "errors": bad,
			"peak_heap_inuse_mib": float64(peak) / (1 << 20), "base_heap_inuse_mib": float64(base.HeapInuse) / (1 << 20),
			"max_rss_mib_so_far": float64(ru.Maxrss) / 1024,
		})
		fmt.Println(string(out))
	}
	run("48 frames of 4 MiB", &genReader{frame: frame, n: 48, endless: -1})
	run("endless line (256 MiB, no newline until the end)", &genReader{endless: 256 << 20})
}
