package host_test

// More of the echo runner over real pipes: steering, tool-call concurrency, several attachments,
// and the runner's own refusals.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"example.com/runnerhost"
	"example.com/wiretypes/runner"
)

func TestSteerWhileToolRuns(t *testing.T) {
	t.Parallel()
	started, release := make(chan struct{}, 1), make(chan struct{})
	r := startEcho(t, map[string]host.ToolFunc{
		"wait": func(ctx context.Context, _ runner.ToolCall) (runner.ToolResult, error) {
			started <- struct{}{}
			<-release
			return host.TextResult(false, "waited"), nil
		},
	})
	s, _ := open(t, r, "a", t.TempDir(), "wait")
	done := make(chan *turnLog, 1)
	go func() { done <- runTurn(ctxFor(t, 10*time.Second), s, "t1", "call wait {}") }()
	<-started
	if err := s.Steer(ctxFor(t, 5*time.Second), "t1", "go left"); err != nil {
		t.Fatal(err)
	}
	close(release)
	l := <-done
	if l.Err != nil {
		t.Fatal(l.Err)
	}
	for _, want := range []string{"tool wait returned: waited", "steered: go left"} {
		if !strings.Contains(l.Final(), want) {
			t.Errorf("final %q lacks %q", l.Final(), want)
		}
	}
	// Steering a turn that is not active is the runner's brain_error, for that request only.
	if err := s.Steer(ctxFor(t, 5*time.Second), "t1", "too late"); !host.IsCode(err, runner.ErrorCodeBrainError) {
		t.Errorf("late steer: %v", err)
	}
	// Interrupting a settled turn is a no-op.
	if err := s.Interrupt(ctxFor(t, 5*time.Second), "t1"); err != nil {
		t.Errorf("late interrupt: %v", err)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
}

// The echo runner keeps at most runner.MaxConcurrentToolCalls calls outstanding (the host would
// kill it for one more), and all of them complete.
func TestToolCallConcurrency(t *testing.T) {
	t.Parallel()
	const calls = 40
	var inFlight, most atomic.Int32
	full := make(chan struct{})
	var fullOnce sync.Once
	r := startEcho(t, map[string]host.ToolFunc{
		"slow": func(ctx context.Context, call runner.ToolCall) (runner.ToolResult, error) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			if n == runner.MaxConcurrentToolCalls {
				fullOnce.Do(func() { close(full) })
			}
			select { // hold the first calls until the runner has filled every slot
			case <-full:
			case <-time.After(3 * time.Second):
			}
			return host.TextResult(false, "ok"), nil
		},
	})
	s, _ := open(t, r, "a", t.TempDir(), "slow")
	var text strings.Builder
	for i := range calls {
		fmt.Fprintf(&text, "call slow {\"i\":%d}\n", i)
	}
	l := prompt(t, s, "t1", text.String())
	if got := strings.Count(l.Final(), "tool slow returned: ok"); got != calls {
		t.Errorf("%d tool results reached the model, want %d", got, calls)
	}
	if m := most.Load(); m != runner.MaxConcurrentToolCalls {
		t.Errorf("at most %d calls were outstanding at once, want %d", m, runner.MaxConcurrentToolCalls)
	}
}

// Attachments of one runner are independent: detaching one leaves the other working.
func TestSeveralAttachments(t *testing.T) {
	t.Parallel()
	r := startEcho(t, nil)
	a, _ := open(t, r, "a", t.TempDir())
	b, _ := open(t, r, "b", t.TempDir())
	prompt(t, a, "t1", "to a")
	prompt(t, b, "t1", "to b")
	if _, _, err := r.Open(ctxFor(t, 5*time.Second), "a", options(t.TempDir())); !host.IsCode(err, runner.ErrorCodeBrainError) {
		t.Errorf("second open of attachment a: %v", err)
	}
	if err := a.Detach(ctxFor(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if l := prompt(t, b, "t2", "still b"); !strings.Contains(l.Final(), "context: 3 messages") {
		t.Errorf("b after a detached: %q", l.Final())
	}
	// A detached attachment can be opened again (passively), in the same process.
	dir := t.TempDir()
	c, _ := open(t, r, "a", dir)
	prompt(t, c, "t1", "new a")
	if modelCalls(t, dir) != 1 {
		t.Errorf("model calls = %d", modelCalls(t, dir))
	}
}

// A corrupt native log is a disk failure at open: brain_error, and the runner goes on.
func TestCorruptLogAtOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "session"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "session", "conversation.jsonl"), []byte("{torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := startEcho(t, nil)
	if _, _, err := r.Open(ctxFor(t, 10*time.Second), "a", options(dir)); !host.IsCode(err, runner.ErrorCodeBrainError) {
		t.Fatalf("open of a corrupt log: %v", err)
	}
	open(t, r, "b", t.TempDir())
}

// The echo runner type-checks against the generated API under the example's tsconfig (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess). tsc needs several seconds, so this runs
// only when ECHO_RUNNER_TYPECHECK=1, which `make test` (test-examples) sets; the root tsconfig.json
// also includes examples/**/*.ts.
func TestEchoRunnerTypeChecks(t *testing.T) {
	if os.Getenv("ECHO_RUNNER_TYPECHECK") != "1" {
		t.Skip("set ECHO_RUNNER_TYPECHECK=1 to run tsc on the echo runner")
	}
	t.Parallel()
	root, _ := filepath.Abs("../..")
	cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "tsc"), "-p", "examples/echo-runner", "--noEmit")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}

// Interrupting a turn whose tool calls are partly queued behind the concurrency limit frees every
// slot: the next turn can again have runner.MaxConcurrentToolCalls calls outstanding.
func TestInterruptWithQueuedToolCalls(t *testing.T) {
	t.Parallel()
	var started atomic.Int32
	full := make(chan struct{})
	var fullOnce sync.Once
	r := startEcho(t, map[string]host.ToolFunc{
		"block": func(ctx context.Context, _ runner.ToolCall) (runner.ToolResult, error) {
			if started.Add(1) == runner.MaxConcurrentToolCalls {
				fullOnce.Do(func() { close(full) })
			}
			<-ctx.Done()
			return runner.ToolResult{}, ctx.Err()
		},
		"echo": echoTool(nil),
	})
	s, _ := open(t, r, "a", t.TempDir(), "block", "echo")
	many := func(tool string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "call %s {\"text\":\"%d\"}\n", tool, i)
		}
		return b.String()
	}
	done := make(chan *turnLog, 1)
	go func() { done <- runTurn(ctxFor(t, 10*time.Second), s, "t1", many("block", 40)) }()
	select {
	case <-full:
	case <-time.After(10 * time.Second):
		t.Fatal("the runner never filled its tool-call slots")
	}
	if err := s.Interrupt(ctxFor(t, 5*time.Second), "t1"); err != nil {
		t.Fatal(err)
	}
	if l := <-done; l.Err != nil || l.Result.Interrupted == nil {
		t.Fatalf("interrupted turn: %+v %v", l.Result, l.Err)
	}
	l := prompt(t, s, "t2", many("echo", runner.MaxConcurrentToolCalls))
	if got := strings.Count(l.Final(), "tool echo returned"); got != runner.MaxConcurrentToolCalls {
		t.Errorf("%d results after the interrupt", got)
	}
	if n := started.Load(); n != runner.MaxConcurrentToolCalls {
		t.Errorf("%d blocked calls started, want %d (queued calls must not start after the interrupt)", n, runner.MaxConcurrentToolCalls)
	}
}
