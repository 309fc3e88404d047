package xcheck

import "io"

// ChunkReader reads data at most n bytes per Read (all of it at once when n is 0), so that
// frame readers are tested on lines split across reads.
func ChunkReader(data []byte, n int) io.Reader { return &chunkReader{data: data, n: n} }

type chunkReader struct {
	data []byte
	n    int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := len(r.data)
	if r.n > 0 && k > r.n {
		k = r.n
	}
	k = min(k, len(p))
	copy(p, r.data[:k])
	r.data = r.data[k:]
	return k, nil
}
