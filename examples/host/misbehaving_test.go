package host_test

// Runners that break the protocol. Each must give a brain_error for the turn within a bounded
// time, never a hang, and leave a runner that refuses further requests.

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"example.com/runnerhost"
	"example.com/wiretypes/runner"
)

// bound is how long a misbehaving runner may take to become a brain_error.
const bound = 5 * time.Second

func TestMisbehavingRunners(t *testing.T) {
	t.Parallel()
	cases := []struct{ mode, want string }{
		{"unknown-field", "unknown_field"},
		{"not-json", "syntax"},
		{"oversized", "frame_too_large"},
		{"truncated", ""}, // a torn last line, then exit 0
		{"exit", "exited unexpectedly"},
		{"tool-flood", "outstanding tool calls"},
		{"unknown-id", "unknown request id"},
		{"no-turn-echo", "does not echo"},
		{"bad-result", "malformed result"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			block := func(ctx context.Context, _ runner.ToolCall) (runner.ToolResult, error) {
				<-ctx.Done()
				return runner.ToolResult{}, ctx.Err()
			}
			r := start(t, host.Config{Command: fakeCommand(t, c.mode), Tools: map[string]host.ToolFunc{"block": block}})
			s, _ := open(t, r, "a", t.TempDir(), "block")
			l := runTurn(ctxFor(t, 30*time.Second), s, "t1", "hello")
			if !host.IsCode(l.Err, runner.ErrorCodeBrainError) {
				t.Fatalf("got %v, want brain_error", l.Err)
			}
			if !strings.Contains(l.Err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", l.Err, c.want)
			}
			if l.Took > bound {
				t.Errorf("took %v", l.Took)
			}
			t.Logf("%v after %v", l.Err, l.Took)
			// The runner is dead: later requests fail at once, with the same error.
			select {
			case <-r.Done():
			case <-time.After(bound):
				t.Fatal("runner not marked dead")
			}
			if _, err := s.Checkpoint(ctxFor(t, bound)); !host.IsCode(err, runner.ErrorCodeBrainError) {
				t.Errorf("checkpoint on a dead runner: %v", err)
			}
		})
	}
}

// A frame of exactly runner.MaxFrameBytes is accepted.
func TestFrameOfExactlyTheLimit(t *testing.T) {
	t.Parallel()
	r := start(t, host.Config{Command: fakeCommand(t, "exact-limit")})
	s, _ := open(t, r, "a", t.TempDir())
	l := prompt(t, s, "t1", "hello")
	if l.Final() != "done" || len(l.Deltas) < runner.MaxFrameBytes-100 {
		t.Fatalf("final %q, %d delta bytes", l.Final(), len(l.Deltas))
	}
}

// The open timeout is runner.OpenTimeoutSeconds by default; tests make it short.
func TestOpenTimeout(t *testing.T) {
	t.Parallel()
	r := start(t, host.Config{Command: fakeCommand(t, "hang"), OpenTimeout: 300 * time.Millisecond})
	began := time.Now()
	_, _, err := r.Open(ctxFor(t, 30*time.Second), "a", options(t.TempDir()))
	if !host.IsCode(err, runner.ErrorCodeBrainError) || !strings.Contains(err.Error(), "did not answer open") {
		t.Fatalf("got %v", err)
	}
	if took := time.Since(began); took < 300*time.Millisecond || took > bound {
		t.Errorf("open failed after %v", took)
	}
}

// A prompt whose context is cancelled interrupts the turn; a runner that still does not settle
// it is killed after Config.SettleTimeout.
func TestUnsettledTurnIsBounded(t *testing.T) {
	t.Parallel()
	r := start(t, host.Config{Command: fakeCommand(t, "silent"), SettleTimeout: 300 * time.Millisecond})
	s, _ := open(t, r, "a", t.TempDir())
	l := runTurn(ctxFor(t, 200*time.Millisecond), s, "t1", "hello")
	if !host.IsCode(l.Err, runner.ErrorCodeBrainError) || l.Took > bound {
		t.Fatalf("got %v after %v", l.Err, l.Took)
	}
}

// The child gets exactly the allowed variables of the host environment, plus the fixed ones.
func TestChildEnvironment(t *testing.T) {
	t.Parallel()
	report := filepath.Join(t.TempDir(), "env")
	hostEnv := append(os.Environ(), "SECRET_TOKEN=hunter2", "LANG=C.UTF-8", "TMPDIR=/tmp/for-the-runner", "NO_COLOR=0")
	r := start(t, host.Config{Command: fakeCommand(t, "env", report), Environ: hostEnv})
	open(t, r, "a", t.TempDir())
	got := strings.Split(string(readFile(t, report)), "\n")

	want := host.ChildEnv(hostEnv)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("child environment\n got %q\nwant %q", got, want)
	}
	for _, kv := range got {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(runner.ChildEnvAllowList[:], name) && !slices.Contains(runner.ChildEnvFixed[:], kv) {
			t.Errorf("unexpected variable %q", kv)
		}
	}
	for _, must := range []string{"LANG=C.UTF-8", "TMPDIR=/tmp/for-the-runner", "NO_COLOR=1"} {
		if !slices.Contains(got, must) {
			t.Errorf("missing %q", must)
		}
	}
}
