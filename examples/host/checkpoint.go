package host

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"example.com/wiretypes/runner"
)

// CopyCheckpoint copies the files of a checkpoint from the native directory src into dst, each
// cut to its checkpointed size: an append-only file may have grown since the checkpoint, and its
// first Size bytes are the checkpointed state. A file shorter than its checkpointed size (or, when
// not append-only, of another size), or any I/O failure, is a disk failure: a brain_error.
func CopyCheckpoint(src, dst string, files []runner.NativeFile) error {
	for _, f := range files {
		if err := copyNativeFile(src, dst, f); err != nil {
			return brainError(err, "checkpoint file %q: %v", f.Path, err)
		}
	}
	return nil
}

func copyNativeFile(src, dst string, f runner.NativeFile) error {
	// The generated decoder has checked the path's form already; this guards against a value
	// built by hand.
	rel := filepath.FromSlash(f.Path)
	if !filepath.IsLocal(rel) {
		return fmt.Errorf("not a local relative path")
	}
	in, err := os.Open(filepath.Join(src, rel))
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	switch {
	case !st.Mode().IsRegular():
		return fmt.Errorf("not a regular file")
	case st.Size() < f.Size:
		return fmt.Errorf("has %d bytes, fewer than the checkpointed %d", st.Size(), f.Size)
	case !f.AppendOnly && st.Size() != f.Size:
		return fmt.Errorf("has %d bytes, not the checkpointed %d", st.Size(), f.Size)
	}
	target := filepath.Join(dst, rel)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.CopyN(out, in, f.Size); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
