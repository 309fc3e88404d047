package wire

import (
	"bytes"

	"io"
)

// wireDecodeFunc decodes one frame. ignored reports a line that an open union
// does not recognise (the reader skips it).
type wireDecodeFunc[T any] func(line []byte) (v T, ignored bool, err error)

// FrameReader reads newline-delimited frames from an io.Reader. Memory is
// bounded by the byte limit plus one read chunk, whatever the input.
type FrameReader[T any] struct {
	r          io.Reader
	decode     wireDecodeFunc[T]
	limit      int
	buf        []byte
	start, end int // unread bytes are buf[start:end]
	scanned    int // buf[start:scanned] holds no '\n'
	discarding bool
	err        error // sticky read error (io.EOF included)
}

// wireReadChunk is the smallest read the reader asks its source for.
const wireReadChunk = 64 << 10

// wireNewFrameReader returns a reader of frames of at most limit bytes (without
// their "\n"). limit must be positive: a protocol without a frame limit
// passes a safety cap chosen by its caller. It panics otherwise.
func wireNewFrameReader[T any](r io.Reader, limit int, decode wireDecodeFunc[T]) *FrameReader[T] {
	if limit <= 0 {
		panic("wire: NewFrameReader needs a positive byte limit")
	}
	size := wireReadChunk
	if limit+1 < size {
		size = limit + 1
	}
	return &FrameReader[T]{r: r, decode: decode, limit: limit, buf: make([]byte, size)}
}

func wireTooLarge() *DecodeError {
	return wireFail(wireCodeFrameTooLarge, "frame exceeds the byte limit")
}

// Next returns the next frame. At the end of the stream it returns io.EOF. A
// bad line gives a *DecodeError (one per line; call Next again to go on); any
// other error comes from the underlying reader.
func (fr *FrameReader[T]) Next() (T, error) {
	var zero T
	for {
		if fr.discarding {
			if j := bytes.IndexByte(fr.buf[fr.start:fr.end], '\n'); j >= 0 {
				fr.start += j + 1
				fr.scanned = fr.start
				fr.discarding = false
				continue
			}
			fr.start, fr.end, fr.scanned = 0, 0, 0
			if err := fr.fill(); err != nil {
				if err == io.EOF {
					fr.discarding = false
				}
				return zero, err
			}
			continue
		}
		if j := bytes.IndexByte(fr.buf[fr.scanned:fr.end], '\n'); j >= 0 {
			nl := fr.scanned + j
			line := fr.buf[fr.start:nl]
			fr.start = nl + 1
			fr.scanned = fr.start
			if len(line) > fr.limit {
				return zero, wireTooLarge()
			}
			v, ignored, err := fr.decode(line)
			if err != nil {
				return zero, err
			}
			if ignored {
				continue
			}
			return v, nil
		}
		fr.scanned = fr.end
		if fr.end-fr.start > fr.limit {
			fr.discarding = true
			fr.start, fr.end, fr.scanned = 0, 0, 0
			return zero, wireTooLarge()
		}
		if err := fr.fill(); err != nil {
			if err == io.EOF && fr.end > fr.start {
				fr.start, fr.end, fr.scanned = 0, 0, 0
				return zero, wireFail(wireCodeSyntax, "truncated frame")
			}
			return zero, err
		}
	}
}

// fill reads at least one more byte into buf, compacting or growing it (up to
// limit+1 bytes of pending line plus one chunk).
func (fr *FrameReader[T]) fill() error {
	if fr.err != nil {
		return fr.err
	}
	if fr.start > 0 {
		n := copy(fr.buf, fr.buf[fr.start:fr.end])
		fr.scanned -= fr.start
		fr.start, fr.end = 0, n
	}
	if fr.end == len(fr.buf) {
		size := 2 * len(fr.buf)
		if max := fr.limit + 1; size > max && len(fr.buf) < max {
			size = max
		}
		nb := make([]byte, size)
		copy(nb, fr.buf[:fr.end])
		fr.buf = nb
	}
	for k := 0; k < 100; k++ {
		n, err := fr.r.Read(fr.buf[fr.end:])
		fr.end += n
		if err != nil {
			fr.err = err
			if n > 0 {
				return nil
			}
			return err
		}
		if n > 0 {
			return nil
		}
	}
	fr.err = io.ErrNoProgress
	return fr.err
}
