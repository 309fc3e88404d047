package host_test

// The protocol's four acceptance checks (shared/PROTOCOL.md §1), run against the echo runner
// (examples/echo-runner) over real pipes.

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"example.com/runnerhost"
	"example.com/wiretypes/runner"
)

// 1. Passive open: reopening a saved native directory makes no model or tool call until the next
// prompt.
func TestPassiveOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var toolRuns atomic.Int32
	tools := map[string]host.ToolFunc{"echo": echoTool(&toolRuns)}

	r1 := startEcho(t, tools)
	s1, _ := open(t, r1, "first", dir, "echo")
	prompt(t, s1, "t1", "hello")
	prompt(t, s1, "t2", `call echo {"text":"ping"}`)
	saved := checkpoint(t, s1)
	if err := s1.Detach(ctxFor(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	r1.Close()
	callsBefore, toolsBefore := modelCalls(t, dir), toolRuns.Load()
	if callsBefore != 3 || toolsBefore != 1 {
		t.Fatalf("first life: %d model calls, %d tool calls; want 3 and 1", callsBefore, toolsBefore)
	}
	logBefore := readFile(t, filepath.Join(dir, saved[0].Path))

	// A new process: nothing of the session is left in memory.
	r2 := startEcho(t, tools)
	s2, res := open(t, r2, "second", dir, "echo")
	if !reflect.DeepEqual(res.Tools, []string{"echo"}) {
		t.Errorf("OpenResult.Tools = %v", res.Tools)
	}
	time.Sleep(200 * time.Millisecond) // room for a runner that would warm up in the background
	if got := modelCalls(t, dir); got != callsBefore {
		t.Errorf("open made %d model calls", got-callsBefore)
	}
	if got := toolRuns.Load(); got != toolsBefore {
		t.Errorf("open made %d tool calls", got-toolsBefore)
	}
	if err := r2.Err(); err != nil {
		t.Fatalf("runner failed after open (an event or tool call outside a turn?): %v", err)
	}
	if !bytes.Equal(readFile(t, filepath.Join(dir, saved[0].Path)), logBefore) {
		t.Errorf("open changed the conversation log")
	}
	if again := checkpoint(t, s2); !reflect.DeepEqual(again, saved) {
		t.Errorf("checkpoint after reopen = %+v, want %+v", again, saved)
	}
	if got := modelCalls(t, dir); got != callsBefore {
		t.Errorf("checkpoint made %d model calls", got-callsBefore)
	}

	// The next prompt calls the model, with the saved context: 6 earlier messages + this one.
	l := prompt(t, s2, "t3", "still there?")
	if got := modelCalls(t, dir); got != callsBefore+1 {
		t.Errorf("prompt after reopen made %d model calls, want 1", got-callsBefore)
	}
	if !strings.Contains(l.Final(), "context: 7 messages") {
		t.Errorf("reopened session lost its context: %q", l.Final())
	}
}

// 2. Checkpoint fidelity: restoring checkpoint files into a fresh directory gives the same prompt
// context on the next turn. Both sessions live in one runner process (two attachments).
func TestCheckpointFidelity(t *testing.T) {
	t.Parallel()
	dirA, dirB := t.TempDir(), t.TempDir()
	r := startEcho(t, map[string]host.ToolFunc{"echo": echoTool(nil)})
	a, _ := open(t, r, "a", dirA, "echo")
	prompt(t, a, "t1", "hello")
	prompt(t, a, "t2", `call echo {"text":"ping"}`)
	files := checkpoint(t, a)
	if len(files) != 1 || !files[0].AppendOnly {
		t.Fatalf("checkpoint = %+v, want one append-only log", files)
	}
	st, err := os.Stat(filepath.Join(dirA, files[0].Path))
	if err != nil || st.Size() != files[0].Size {
		t.Fatalf("checkpointed size %d, file has %v (%v)", files[0].Size, st.Size(), err)
	}

	if err := host.CopyCheckpoint(dirA, dirB, files); err != nil {
		t.Fatal(err)
	}
	b, _ := open(t, r, "b", dirB, "echo")

	la := prompt(t, a, "t3", "what did I say?")
	lb := prompt(t, b, "t3", "what did I say?")
	if la.Final() != lb.Final() || la.Deltas != lb.Deltas || !reflect.DeepEqual(la.Messages, lb.Messages) {
		t.Fatalf("restored session answers differently:\n  original: %q\n  restored: %q", la.Final(), lb.Final())
	}
	if !strings.Contains(la.Final(), "context: 7 messages") || la.Deltas != la.Final() {
		t.Errorf("unexpected answer %q (deltas %q)", la.Final(), la.Deltas)
	}
	// Same turn ids, same context: the two logs are now byte for byte the same.
	fa, fb := checkpoint(t, a), checkpoint(t, b)
	if !reflect.DeepEqual(fa, fb) || !bytes.Equal(readFile(t, filepath.Join(dirA, fa[0].Path)), readFile(t, filepath.Join(dirB, fb[0].Path))) {
		t.Errorf("logs differ after the same turn: %+v vs %+v", fa, fb)
	}
	// Credentials never reach the native directory.
	for _, dir := range []string{dirA, dirB} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && bytes.Contains(readFile(t, path), []byte(apiKey)) {
				t.Errorf("%s contains the provider credential", path)
			}
			return nil
		})
	}
}

// 3. Failure separation: a tool error goes back to the model as a tool result; a provider
// failure is a provider_error; a disk failure (here) and broken framing or an unexpected exit
// (misbehaving_test.go) abort the turn with brain_error.
func TestFailureSeparation(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := startEcho(t, map[string]host.ToolFunc{
		"fail": func(context.Context, runner.ToolCall) (runner.ToolResult, error) {
			return host.TextResult(true, "quota exceeded"), nil
		},
		"boom": func(context.Context, runner.ToolCall) (runner.ToolResult, error) {
			return runner.ToolResult{}, errors.New("boom went wrong")
		},
		"secret": echoTool(nil), // registered, but not bound to the session
	})
	s, _ := open(t, r, "a", dir, "fail", "boom")

	l := prompt(t, s, "t1", "call fail {\"x\":1}\ncall boom {}")
	if len(l.Messages) != 2 || l.Messages[0].StopReason != runner.StopReasonToolUse || l.Messages[1].StopReason != runner.StopReasonStop {
		t.Fatalf("messages = %+v", l.Messages)
	}
	for _, want := range []string{"tool fail failed: quota exceeded", "tool boom failed: boom went wrong"} {
		if !strings.Contains(l.Final(), want) {
			t.Errorf("the model did not see %q: %q", want, l.Final())
		}
	}

	l = prompt(t, s, "t2", `call secret {"text":"x"}`)
	if !strings.Contains(l.Final(), "tool secret is not bound") || len(l.Messages) != 1 {
		t.Errorf("unbound tool: %+v", l.Messages)
	}

	l = runTurn(ctxFor(t, 10*time.Second), s, "t3", "provider-error, please")
	if !host.IsCode(l.Err, runner.ErrorCodeProviderError) {
		t.Errorf("provider failure gave %v, want provider_error", l.Err)
	}

	// Disk failure: the log's path becomes a directory, so the next append fails.
	files := checkpoint(t, s)
	logPath := filepath.Join(dir, files[0].Path)
	if err := os.Rename(logPath, logPath+".moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(logPath, 0o755); err != nil {
		t.Fatal(err)
	}
	l = runTurn(ctxFor(t, 10*time.Second), s, "t4", "hello")
	if !host.IsCode(l.Err, runner.ErrorCodeBrainError) {
		t.Errorf("disk failure gave %v, want brain_error", l.Err)
	}
	// Each of these failed one turn only: the runner and the session go on.
	if err := r.Err(); err != nil {
		t.Fatalf("runner died: %v", err)
	}
	os.Remove(logPath)
	os.Rename(logPath+".moved", logPath)
	prompt(t, s, "t5", "hello again")
}

// 4. Clean interruption: interrupting while a tool call is outstanding stops the turn cleanly and
// leaves earlier checkpoint files intact.
func TestCleanInterruption(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"interrupt", "cancelled context"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			started := make(chan struct{}, 1)
			var toolReturned atomic.Bool
			r := startEcho(t, map[string]host.ToolFunc{
				"block": func(ctx context.Context, _ runner.ToolCall) (runner.ToolResult, error) {
					started <- struct{}{}
					<-ctx.Done() // ends when the turn settles
					toolReturned.Store(true)
					return runner.ToolResult{}, ctx.Err()
				},
			})
			s, _ := open(t, r, "a", dir, "block")
			prompt(t, s, "t1", "hello")
			before := checkpoint(t, s)
			savedBytes := readFile(t, filepath.Join(dir, before[0].Path))

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan *turnLog, 1)
			go func() { done <- runTurn(ctx, s, "t2", "call block {}") }()
			select {
			case <-started:
			case <-time.After(10 * time.Second):
				t.Fatal("the tool was never called")
			}
			began := time.Now()
			if how == "interrupt" {
				if err := s.Interrupt(ctxFor(t, 5*time.Second), "t2"); err != nil {
					t.Fatal(err)
				}
			} else {
				cancel()
			}
			var l *turnLog
			select {
			case l = <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("the interrupted prompt did not settle")
			}
			t.Logf("settled %v after the interrupt", time.Since(began))
			if l.Err != nil || l.Result.Interrupted == nil || !*l.Result.Interrupted {
				t.Fatalf("interrupted prompt: result %+v, err %v", l.Result, l.Err)
			}
			if last := l.Messages[len(l.Messages)-1]; last.StopReason != runner.StopReasonAborted {
				t.Errorf("last message stop reason %q", last.StopReason)
			}

			after := checkpoint(t, s)
			if len(after) != 1 || after[0].Path != before[0].Path || after[0].Size < before[0].Size {
				t.Fatalf("checkpoint after interrupt %+v, before %+v", after, before)
			}
			now := readFile(t, filepath.Join(dir, before[0].Path))
			if !bytes.HasPrefix(now, savedBytes) {
				t.Fatal("the interrupted turn rewrote earlier bytes of the log")
			}
			// The earlier checkpoint is still restorable, to the same bytes.
			fresh := t.TempDir()
			if err := host.CopyCheckpoint(dir, fresh, before); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(readFile(t, filepath.Join(fresh, before[0].Path)), savedBytes) {
				t.Error("restoring the earlier checkpoint gives other bytes")
			}

			// The runner is healthy and the session goes on; the tool saw its turn end.
			l = prompt(t, s, "t3", "hello again")
			if !strings.Contains(l.Final(), "echo: hello again") {
				t.Errorf("after interrupt: %q", l.Final())
			}
			if !toolReturned.Load() {
				t.Error("the blocked tool's context was not cancelled")
			}
			if err := r.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Restoring a checkpoint whose file is shorter than checkpointed is a disk failure: brain_error.
func TestCopyCheckpointDiskFailure(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "log"), []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []runner.NativeFile{
		{Path: "log", Size: 4, AppendOnly: true},  // shorter than checkpointed
		{Path: "log", Size: 2, AppendOnly: false}, // grew, but is not append-only
		{Path: "missing", Size: 0, AppendOnly: true},
	} {
		if err := host.CopyCheckpoint(src, t.TempDir(), []runner.NativeFile{f}); !host.IsCode(err, runner.ErrorCodeBrainError) {
			t.Errorf("%+v: %v", f, err)
		}
	}
	dst := t.TempDir()
	if err := host.CopyCheckpoint(src, dst, []runner.NativeFile{{Path: "log", Size: 2, AppendOnly: true}}); err != nil {
		t.Fatal(err)
	}
	if got := string(readFile(t, filepath.Join(dst, "log"))); got != "ab" {
		t.Errorf("restored %q, want the checkpointed prefix %q", got, "ab")
	}
}
