// Package host is a small reference host of the runner protocol (shared/PROTOCOL.md §1): it
// spawns a runner child process, talks to it in newline-delimited JSON frames over the child's
// stdin and stdout, and dispatches the runner's tool calls to tools registered in-process.
//
// Every frame goes through the generated package example.com/wiretypes/runner: requests are
// built from its types and written by its encoders, runner output is read by its frame reader
// (strict decoding, 4 MiB limit) and results are checked by its typed result decoders.
//
// Failure policy: a runner that breaks the protocol (a line that is not a valid frame, an unknown
// field, an oversized line, a response nobody asked for, too many tool calls, a malformed
// result), exits, or does not answer `open` in time is killed, and every request outstanding on
// it, and every later one, fails with a brain_error. Errors the runner reports itself
// (provider_error, brain_error) fail only their own request.
package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"example.com/wiretypes/runner"
)

// ToolFunc runs one tool call. A returned error becomes a tool result with is_error set (it
// goes back to the model, it does not fail the turn). ctx ends when the turn settles or the
// runner dies.
type ToolFunc func(ctx context.Context, call runner.ToolCall) (runner.ToolResult, error)

// Config says how to start a runner.
type Config struct {
	// Command is the runner's argv, such as {"node", "dist/main.js"}.
	Command []string
	// Dir is the runner's working directory ("" for the host's).
	Dir string
	// Environ is the host environment the child's is taken from (nil: os.Environ()). Only the
	// variables of runner.ChildEnvAllowList pass, plus runner.ChildEnvFixed.
	Environ []string
	// OpenTimeout bounds the wait for the answer to `open` (0: runner.OpenTimeoutSeconds).
	OpenTimeout time.Duration
	// SettleTimeout bounds how long a prompt whose context was cancelled waits for the runner to
	// settle the interrupted turn before the runner is killed (0: 5 s).
	SettleTimeout time.Duration
	// Stderr receives the runner's diagnostics (nil: discarded).
	Stderr io.Writer
	// Tools are the tools the host can run, by name. A session may call a tool only when it is
	// also bound by the session's config (HarnessOptions.Config.Tools).
	Tools map[string]ToolFunc
}

// Error is a failed request: the runner's own error response, or a brain_error made by the host
// (Cause then says why).
type Error struct {
	runner.ResponseError
	Cause error
}

func (e *Error) Error() string {
	return string(e.Code) + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

func brainError(cause error, format string, args ...any) *Error {
	return &Error{
		ResponseError: runner.ResponseError{Code: runner.ErrorCodeBrainError, Message: fmt.Sprintf(format, args...)},
		Cause:         cause,
	}
}

// IsCode reports whether err is an *Error with the given code.
func IsCode(err error, code runner.ErrorCode) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}

// ChildEnv returns the environment of a runner child: the allowed variables of hostEnv, then the
// fixed ones. Names are matched exactly, except on Windows where case does not matter.
func ChildEnv(hostEnv []string) []string {
	var env []string
	for _, name := range runner.ChildEnvAllowList {
		var value string
		found := false
		for _, kv := range hostEnv {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			if k == name || (runtime.GOOS == "windows" && strings.EqualFold(k, name)) {
				value, found = v, true // the last one wins, as in os.Getenv
			}
		}
		if found {
			env = append(env, name+"="+value)
		}
	}
	return append(env, runner.ChildEnvFixed[:]...)
}

// Runner is one running runner process; it may hold several attachments (Sessions).
type Runner struct {
	cfg    Config
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File

	writeMu sync.Mutex

	mu        sync.Mutex
	nextID    uint64
	pending   map[runner.FrameId]*call
	sessions  map[runner.Attachment]*Session
	toolCalls map[runner.FrameId]struct{} // outstanding tool calls of the runner
	closing   bool

	failOnce sync.Once
	dead     chan struct{} // closed when the runner is unusable; err says why
	err      *Error
	exited   chan struct{} // closed when the process has been waited for
	exitErr  error

	toolCtx    context.Context
	cancelTool context.CancelFunc
}

// call is a request waiting for its response.
type call struct {
	attachment runner.Attachment
	turn       *runner.TurnId
	done       chan runner.Response // buffered: the reader never blocks on it
}

// Start spawns the runner with exactly the allowed environment.
func Start(cfg Config) (*Runner, error) {
	if len(cfg.Command) == 0 {
		return nil, errors.New("host: empty runner command")
	}
	if cfg.OpenTimeout <= 0 {
		cfg.OpenTimeout = runner.OpenTimeoutSeconds * time.Second
	}
	if cfg.SettleTimeout <= 0 {
		cfg.SettleTimeout = 5 * time.Second
	}
	hostEnv := cfg.Environ
	if hostEnv == nil {
		hostEnv = os.Environ()
	}
	// Our own pipes, so that cmd.Wait never closes stdout under the reader: the last frames a
	// runner writes before exiting are still read.
	childIn, stdin, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	stdout, childOut, err := os.Pipe()
	if err != nil {
		childIn.Close()
		stdin.Close()
		return nil, err
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	cmd.Env = ChildEnv(hostEnv)
	cmd.Stdin = childIn
	cmd.Stdout = childOut
	cmd.Stderr = cfg.Stderr
	cmd.WaitDelay = time.Second // bounds Wait if a grandchild keeps stderr open
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{childIn, stdin, stdout, childOut} {
			f.Close()
		}
		return nil, brainError(err, "cannot start the runner: %v", err)
	}
	childIn.Close()
	childOut.Close()
	r := &Runner{
		cfg:       cfg,
		cmd:       cmd,
		stdin:     stdin,
		stdout:    stdout,
		pending:   map[runner.FrameId]*call{},
		sessions:  map[runner.Attachment]*Session{},
		toolCalls: map[runner.FrameId]struct{}{},
		dead:      make(chan struct{}),
		exited:    make(chan struct{}),
	}
	r.toolCtx, r.cancelTool = context.WithCancel(context.Background())
	go func() {
		r.exitErr = cmd.Wait()
		close(r.exited)
	}()
	go r.readLoop()
	return r, nil
}

// Done is closed when the runner can no longer be used; Err then says why.
func (r *Runner) Done() <-chan struct{} { return r.dead }

// Err is the brain_error that ended the runner, or nil while it runs.
func (r *Runner) Err() error {
	select {
	case <-r.dead:
		return r.err
	default:
		return nil
	}
}

// Close ends the runner: it closes the runner's stdin (the runner should exit), waits up to a
// second, then kills it. Outstanding requests fail with brain_error.
func (r *Runner) Close() error {
	r.mu.Lock()
	r.closing = true
	r.mu.Unlock()
	r.stdin.Close()
	select {
	case <-r.exited:
	case <-time.After(time.Second):
	}
	r.fail(brainError(nil, "the runner was closed"))
	<-r.exited
	r.stdout.Close()
	return nil
}

// fail makes the runner unusable: it is killed and everything waiting on it is released.
func (r *Runner) fail(e *Error) {
	r.failOnce.Do(func() {
		r.mu.Lock()
		r.err = e
		close(r.dead)
		r.mu.Unlock()
		r.cancelTool()
		_ = r.cmd.Process.Kill() // an error only means it has already exited
		r.stdin.Close()
	})
}

// protocolError kills the runner for breaking the protocol.
func (r *Runner) protocolError(cause error, format string, args ...any) {
	r.fail(brainError(cause, "runner protocol violation: "+format, args...))
}

// send writes one encoded frame and its newline.
func (r *Runner) send(frame []byte) error {
	r.writeMu.Lock()
	defer r.writeMu.Unlock()
	select {
	case <-r.dead:
		return r.err
	default:
	}
	if _, err := r.stdin.Write(append(frame, '\n')); err != nil {
		e := brainError(err, "cannot write to the runner: %v", err)
		r.fail(e)
		return r.Err()
	}
	return nil
}

func (r *Runner) newID() runner.FrameId {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	return "h" + strconv.FormatUint(r.nextID, 10)
}

// start registers a request and writes it. encode builds the frame from the request id.
func (r *Runner) start(attachment runner.Attachment, turn *runner.TurnId, encode func(id runner.FrameId) ([]byte, error)) (*call, error) {
	id := r.newID()
	frame, err := encode(id)
	if err != nil {
		// The generated encoder refused a value its decoder would reject (the error names the
		// field, never a credential's value).
		return nil, brainError(err, "host built an invalid request: %v", err)
	}
	c := &call{attachment: attachment, turn: turn, done: make(chan runner.Response, 1)}
	r.mu.Lock()
	select {
	case <-r.dead:
		r.mu.Unlock()
		return nil, r.err
	default:
	}
	r.pending[id] = c
	r.mu.Unlock()
	if err := r.send(frame); err != nil {
		return nil, err
	}
	return c, nil
}

// wait waits for the response of c. A zero timeout waits for ever; a timeout kills the runner.
func (r *Runner) wait(ctx context.Context, c *call, timeout time.Duration, what string) (json.RawMessage, error) {
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case res := <-c.done:
		return resultOf(res)
	case <-r.dead:
		return nil, r.err
	case <-ctx.Done():
		// The late response, if any, is dropped by the reader (c stays registered).
		return nil, ctx.Err()
	case <-expired:
		r.fail(brainError(nil, "the runner did not answer %s within %v", what, timeout))
		return nil, r.err
	}
}

func resultOf(res runner.Response) (json.RawMessage, error) {
	switch x := res.(type) {
	case *runner.ResultResponse:
		return x.Result, nil
	case *runner.ErrorResponse:
		return nil, &Error{ResponseError: x.Error}
	}
	return nil, brainError(nil, "unexpected response variant")
}

// decodeResult checks a result with its generated typed decoder; a malformed result is a
// protocol violation.
func decodeResult[T any](r *Runner, raw json.RawMessage, err error, decode func(json.RawMessage) (T, error)) (T, error) {
	var zero T
	if err != nil {
		return zero, err
	}
	v, derr := decode(raw)
	if derr != nil {
		r.protocolError(derr, "malformed result: %v", derr)
		return zero, r.Err()
	}
	return v, nil
}

// Open opens (or reopens) a native session on this runner as attachment. It waits at most
// Config.OpenTimeout; a runner that does not answer in time is killed.
func (r *Runner) Open(ctx context.Context, attachment runner.Attachment, opts runner.HarnessOptions) (*Session, runner.OpenResult, error) {
	s := &Session{r: r, attachment: attachment, bound: map[string]bool{}, turns: map[runner.TurnId]*turnState{}}
	for _, name := range opts.Config.Tools {
		s.bound[name] = true
	}
	r.mu.Lock()
	if _, dup := r.sessions[attachment]; dup {
		r.mu.Unlock()
		return nil, runner.OpenResult{}, brainError(nil, "attachment %q is already open", attachment)
	}
	r.sessions[attachment] = s
	r.mu.Unlock()
	c, err := r.start(attachment, nil, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodeOpenRequest(runner.OpenRequest{Attachment: attachment, ID: id, Params: opts})
	})
	var raw json.RawMessage
	if err == nil {
		raw, err = r.wait(ctx, c, r.cfg.OpenTimeout, "open")
	}
	res, err := decodeResult(r, raw, err, runner.DecodeOpenRequestResult)
	if err != nil {
		r.mu.Lock()
		delete(r.sessions, attachment)
		r.mu.Unlock()
		return nil, runner.OpenResult{}, err
	}
	return s, res, nil
}

// Session is one attachment of a runner.
type Session struct {
	r          *Runner
	attachment runner.Attachment
	bound      map[string]bool // tools bound by the session's config
	turns      map[runner.TurnId]*turnState
}

type turnState struct {
	onEvent func(runner.RunnerEvent)
	ctx     context.Context
	cancel  context.CancelFunc
}

// Attachment is the session's attachment id.
func (s *Session) Attachment() runner.Attachment { return s.attachment }

// Prompt runs one turn and returns when it settles. onEvent (may be nil) gets the turn's events
// in order, from the runner's reader goroutine: it must not block for long. Tool calls of the
// turn are dispatched to the registered tools meanwhile. If ctx ends first, the turn is
// interrupted and Prompt still waits (at most Config.SettleTimeout) for it to settle.
func (s *Session) Prompt(ctx context.Context, turn runner.TurnId, text string, onEvent func(runner.RunnerEvent)) (runner.PromptResult, error) {
	r := s.r
	ts := &turnState{onEvent: onEvent}
	ts.ctx, ts.cancel = context.WithCancel(r.toolCtx)
	defer ts.cancel()
	r.mu.Lock()
	if _, dup := s.turns[turn]; dup {
		r.mu.Unlock()
		return runner.PromptResult{}, brainError(nil, "turn %q is already active", turn)
	}
	s.turns[turn] = ts
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		delete(s.turns, turn)
		r.mu.Unlock()
	}()

	c, err := r.start(s.attachment, &turn, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodePromptRequest(runner.PromptRequest{Attachment: s.attachment, Turn: turn, ID: id, Params: runner.Text{Text: text}})
	})
	if err != nil {
		return runner.PromptResult{}, err
	}
	raw, err := r.wait(ctx, c, 0, "prompt")
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		// Settled return: interrupt the turn and wait for the runner to settle it.
		go func() { _ = s.Interrupt(context.Background(), turn) }()
		raw, err = r.wait(context.Background(), c, r.cfg.SettleTimeout, "an interrupted prompt")
	}
	return decodeResult(r, raw, err, runner.DecodePromptRequestResult)
}

// Steer sends more user text to the active turn.
func (s *Session) Steer(ctx context.Context, turn runner.TurnId, text string) error {
	c, err := s.r.start(s.attachment, &turn, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodeSteerRequest(runner.SteerRequest{Attachment: s.attachment, Turn: turn, ID: id, Params: runner.Text{Text: text}})
	})
	if err != nil {
		return err
	}
	raw, err := s.r.wait(ctx, c, 0, "steer")
	_, err = decodeResult(s.r, raw, err, runner.DecodeSteerRequestResult)
	return err
}

// Interrupt aborts the turn; its Prompt returns with Interrupted set.
func (s *Session) Interrupt(ctx context.Context, turn runner.TurnId) error {
	c, err := s.r.start(s.attachment, &turn, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodeInterruptRequest(runner.InterruptRequest{Attachment: s.attachment, Turn: turn, ID: id})
	})
	if err != nil {
		return err
	}
	raw, err := s.r.wait(ctx, c, 0, "interrupt")
	_, err = decodeResult(s.r, raw, err, runner.DecodeInterruptRequestResult)
	return err
}

// Checkpoint asks for the native files needed to restore the conversation (call it only after
// a Prompt has settled).
func (s *Session) Checkpoint(ctx context.Context) ([]runner.NativeFile, error) {
	c, err := s.r.start(s.attachment, nil, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodeCheckpointRequest(runner.CheckpointRequest{Attachment: s.attachment, ID: id})
	})
	if err != nil {
		return nil, err
	}
	raw, err := s.r.wait(ctx, c, 0, "checkpoint")
	return decodeResult(s.r, raw, err, runner.DecodeCheckpointRequestResult)
}

// Detach releases the settled attachment; the runner's other attachments go on.
func (s *Session) Detach(ctx context.Context) error {
	c, err := s.r.start(s.attachment, nil, func(id runner.FrameId) ([]byte, error) {
		return runner.EncodeDetachRequest(runner.DetachRequest{Attachment: s.attachment, ID: id})
	})
	if err != nil {
		return err
	}
	raw, err := s.r.wait(ctx, c, 0, "detach")
	if _, err = decodeResult(s.r, raw, err, runner.DecodeDetachRequestResult); err != nil {
		return err
	}
	s.r.mu.Lock()
	delete(s.r.sessions, s.attachment)
	s.r.mu.Unlock()
	return nil
}
