// Bounded memory of the frame reader, measured (codegen/SEMANTICS.md, "Frames", "Memory"): while a
// runner-protocol reader (4 MiB limit) rejects one endless line of 512 MiB, streamed from a source
// that makes its bytes on the fly, the peak heap grows by less than 16 MiB; the frame after the line
// is read. tests/ts/memory.test.ts measures the TypeScript reader the same way.
package vectors_test

import (
	"errors"
	"io"
	"runtime"
	"testing"

	"example.com/wiretypes/runner"
)

const (
	endlessBytes = 512 << 20 // the line streamed, without "\n"
	heapBound    = 16 << 20  // the stated bound on the growth of peak heap
)

// endlessLine yields n bytes of 'x' in reads of at most 64 KiB, then "\n" and a valid frame; it
// samples the heap every 16 reads (and at the end) into peak.
type endlessLine struct {
	n, sent int
	tail    []byte
	reads   int
	peak    uint64
	fill    [64 << 10]byte
}

func (e *endlessLine) sample() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapAlloc > e.peak {
		e.peak = m.HeapAlloc
	}
}

func (e *endlessLine) Read(p []byte) (int, error) {
	e.reads++
	if e.reads%16 == 0 {
		e.sample()
	}
	if e.sent < e.n {
		k := min(len(p), len(e.fill), e.n-e.sent)
		copy(p, e.fill[:k])
		e.sent += k
		return k, nil
	}
	if len(e.tail) == 0 {
		e.sample()
		return 0, io.EOF
	}
	k := copy(p, e.tail)
	e.tail = e.tail[k:]
	return k, nil
}

func TestFrameReaderPeakHeapOnEndlessLine(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 512 MiB")
	}
	src := &endlessLine{n: endlessBytes, tail: []byte("\n" + `{"attachment":"a","id":"1","method":"checkpoint"}` + "\n")}
	for i := range src.fill {
		src.fill[i] = 'x'
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	src.peak = before.HeapAlloc

	r := runner.NewRunnerFrameReader(src)
	_, err := r.Next()
	var de *runner.DecodeError
	if !errors.As(err, &de) || de.Code != "frame_too_large" || de.Pointer != "" {
		t.Fatalf("the endless line: want frame_too_large at \"\", got %v", err)
	}
	f, err := r.Next()
	if err != nil {
		t.Fatalf("the frame after the line: %v", err)
	}
	if _, ok := f.(*runner.CheckpointRequest); !ok {
		t.Fatalf("the frame after the line: got %T", f)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("want io.EOF, got %v", err)
	}
	if src.sent != endlessBytes {
		t.Fatalf("streamed %d bytes, want %d", src.sent, endlessBytes)
	}
	growth := int64(src.peak) - int64(before.HeapAlloc)
	t.Logf("peak heap grew by %.1f MiB while %d MiB of one line were rejected (bound %d MiB, %d reads)", float64(growth)/(1<<20), endlessBytes>>20, heapBound>>20, src.reads)
	if growth >= heapBound {
		t.Fatalf("peak heap grew by %d bytes, the bound is %d", growth, heapBound)
	}
}
