package host_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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

func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == fakeFlag {
		os.Exit(fakeRunner(os.Args[2:]))
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
	echoCmd   []string
)

// echoRunnerCommand builds the echo runner once per test run and returns its command.
//
// The runner is bundled with esbuild from node_modules (installed by `npm ci`: it comes with
// tsx), into one CommonJS file run by plain node. That takes a few tens of milliseconds, where
// tsc needs seconds and `tsx main.ts` costs most of a second on every start. Type checking of
// the runner is TestEchoRunnerTypeChecks' job.
func echoRunnerCommand(t *testing.T) []string {
	t.Helper()
	buildOnce.Do(func() {
		root, err := filepath.Abs("../..")
		if err != nil {
			buildErr = err
			return
		}
		node, err := exec.LookPath("node")
		if err != nil {
			buildErr = fmt.Errorf("node is not on PATH: %w", err)
			return
		}
		esbuild := filepath.Join(root, "node_modules", ".bin", "esbuild")
		if _, err := os.Stat(esbuild); err != nil {
			buildErr = fmt.Errorf("%s is missing: run `npm ci` in %s", esbuild, root)
			return
		}
		buildDir, err = os.MkdirTemp("", "echo-runner-")
		if err != nil {
			buildErr = err
			return
		}
		out := filepath.Join(buildDir, "echo-runner.js")
		cmd := exec.Command(esbuild, "examples/echo-runner/main.ts", "--bundle", "--platform=node", "--format=cjs",
			"--target=node20", "--log-level=warning", "--outfile="+out)
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building the echo runner: %v\n%s", err, b)
			return
		}
		echoCmd = []string{node, out}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return echoCmd
}

// fakeCommand runs this test binary as a misbehaving runner.
func fakeCommand(t *testing.T, mode string, args ...string) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{exe, fakeFlag, mode}, args...)
}

// stderrLog collects a runner's stderr and shows it when the test fails.
type stderrLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *stderrLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *stderrLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func start(t *testing.T, cfg host.Config) *host.Runner {
	t.Helper()
	stderr := &stderrLog{}
	cfg.Stderr = stderr
	r, err := host.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.Close()
		if t.Failed() && stderr.String() != "" {
			t.Logf("runner stderr:\n%s", stderr)
		}
	})
	return r
}

func startEcho(t *testing.T, tools map[string]host.ToolFunc) *host.Runner {
	t.Helper()
	return start(t, host.Config{Command: echoRunnerCommand(t), Tools: tools})
}

const apiKey = "sk-test-DO-NOT-LEAK-1234"

// options are the HarnessOptions of a test session binding the given tools.
func options(dir string, tools ...string) runner.HarnessOptions {
	key := runner.Secret(apiKey)
	o := runner.HarnessOptions{
		SessionID: "session-1",
		Dir:       dir,
		Config:    runner.Config{Model: "echo/fake-1", Tools: tools},
		Tools:     []runner.ToolSchema{},
		Provider:  runner.Provider{APIKey: &key},
	}
	if o.Config.Tools == nil {
		o.Config.Tools = []string{}
	}
	for _, name := range tools {
		o.Tools = append(o.Tools, runner.ToolSchema{
			Name:        name,
			Description: "test tool " + name,
			InputSchema: json.RawMessage(`{"type":"object"}`),
		})
	}
	return o
}

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func open(t *testing.T, r *host.Runner, attachment, dir string, tools ...string) (*host.Session, runner.OpenResult) {
	t.Helper()
	s, res, err := r.Open(ctxFor(t, 10*time.Second), attachment, options(dir, tools...))
	if err != nil {
		t.Fatalf("open %s: %v", attachment, err)
	}
	return s, res
}

// turnLog is what one turn produced.
type turnLog struct {
	Deltas   string // all assistant.delta text, in order
	Messages []runner.AssistantMessage
	Result   runner.PromptResult
	Err      error
	Took     time.Duration
}

// Final is the text of the turn's last assistant message.
func (l *turnLog) Final() string {
	if len(l.Messages) == 0 {
		return ""
	}
	return l.Messages[len(l.Messages)-1].Text
}

func runTurn(ctx context.Context, s *host.Session, turn, text string) *turnLog {
	l := &turnLog{}
	began := time.Now()
	l.Result, l.Err = s.Prompt(ctx, turn, text, func(e runner.RunnerEvent) {
		switch x := e.(type) {
		case *runner.AssistantDeltaEvent:
			l.Deltas += x.Data.Text
		case *runner.AssistantMessageEvent:
			l.Messages = append(l.Messages, x.Data)
		}
	})
	l.Took = time.Since(began)
	return l
}

// prompt runs a turn that must complete.
func prompt(t *testing.T, s *host.Session, turn, text string) *turnLog {
	t.Helper()
	l := runTurn(ctxFor(t, 10*time.Second), s, turn, text)
	if l.Err != nil {
		t.Fatalf("prompt %s: %v", turn, l.Err)
	}
	if l.Result.Interrupted != nil {
		t.Fatalf("prompt %s: interrupted", turn)
	}
	return l
}

func checkpoint(t *testing.T, s *host.Session) []runner.NativeFile {
	t.Helper()
	files, err := s.Checkpoint(ctxFor(t, 10*time.Second))
	if err != nil {
		t.Fatalf("checkpoint: %v", err)
	}
	return files
}

// modelCalls counts the echo runner's model calls recorded in a native directory.
func modelCalls(t *testing.T, dir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "diagnostics", "model-calls.log"))
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// echoTool returns its arguments' "text" member.
func echoTool(counter *atomic.Int32) host.ToolFunc {
	return func(ctx context.Context, call runner.ToolCall) (runner.ToolResult, error) {
		if counter != nil {
			counter.Add(1)
		}
		var args struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(call.Arguments, &args); err != nil {
			return runner.ToolResult{}, err
		}
		return host.TextResult(false, args.Text), nil
	}
}
