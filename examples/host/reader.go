package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"example.com/wiretypes/runner"
)

// readLoop reads the runner's stdout with the generated frame reader (strict decoding, frames of
// at most runner.MaxFrameBytes) until the runner dies.
func (r *Runner) readLoop() {
	frames := runner.NewRunnerToHostFrameReader(r.stdout)
	vis := &dispatcher{r: r}
	for {
		f, err := frames.Next()
		if err != nil {
			var de *runner.DecodeError
			switch {
			case errors.As(err, &de):
				// The message of a DecodeError never quotes the input, so it is safe to pass on.
				r.protocolError(de, "bad frame on stdout: %v", de)
			case errors.Is(err, io.EOF):
				r.fail(r.eofError())
			default:
				r.fail(brainError(err, "cannot read the runner's stdout: %v", err))
			}
			return
		}
		if err := runner.VisitRunnerToHostFrame(f, vis); err != nil {
			r.protocolError(err, "%v", err)
			return
		}
	}
}

// eofError says why stdout ended: the runner exited (or closed stdout, and is then killed).
func (r *Runner) eofError() *Error {
	r.mu.Lock()
	closing := r.closing
	r.mu.Unlock()
	if closing {
		return brainError(nil, "the runner was closed")
	}
	select {
	case <-r.exited:
	case <-time.After(time.Second):
		return brainError(nil, "the runner closed its stdout")
	}
	if r.exitErr != nil {
		return brainError(r.exitErr, "the runner exited unexpectedly: %v", r.exitErr)
	}
	return brainError(nil, "the runner exited unexpectedly with status 0")
}

// dispatcher handles each kind of runner frame (the generated visitor interface).
type dispatcher struct{ r *Runner }

var _ runner.RunnerToHostFrameVisitor = (*dispatcher)(nil)

// turnOf finds the active turn a frame belongs to.
func (r *Runner) turnOf(attachment runner.Attachment, turn runner.TurnId) (*Session, *turnState, error) {
	s := r.sessions[attachment]
	if s == nil {
		return nil, nil, fmt.Errorf("frame for unknown attachment %q", attachment)
	}
	ts := s.turns[turn]
	if ts == nil {
		return nil, nil, fmt.Errorf("frame for turn %q, which is not active", turn)
	}
	return s, ts, nil
}

func (d *dispatcher) AssistantDeltaEvent(e *runner.AssistantDeltaEvent) error {
	return d.event(e.Attachment, e.Turn, e)
}

func (d *dispatcher) AssistantMessageEvent(e *runner.AssistantMessageEvent) error {
	return d.event(e.Attachment, e.Turn, e)
}

func (d *dispatcher) event(attachment runner.Attachment, turn runner.TurnId, e runner.RunnerEvent) error {
	d.r.mu.Lock()
	_, ts, err := d.r.turnOf(attachment, turn)
	d.r.mu.Unlock()
	if err != nil {
		return err
	}
	if ts.onEvent != nil {
		ts.onEvent(e)
	}
	return nil
}

func (d *dispatcher) ResultResponse(res *runner.ResultResponse) error {
	return d.response(res.Attachment, res.Turn, res.ID, res)
}

func (d *dispatcher) ErrorResponse(res *runner.ErrorResponse) error {
	return d.response(res.Attachment, res.Turn, res.ID, res)
}

// response hands a response to the request with its id, after checking that it echoes the
// request's attachment and turn.
func (d *dispatcher) response(attachment runner.Attachment, turn *runner.TurnId, id runner.FrameId, res runner.Response) error {
	r := d.r
	r.mu.Lock()
	c := r.pending[id]
	delete(r.pending, id)
	r.mu.Unlock()
	switch {
	case c == nil:
		return fmt.Errorf("response to unknown request id %q", id)
	case c.attachment != attachment:
		return fmt.Errorf("response to request %q names attachment %q", id, attachment)
	case (c.turn == nil) != (turn == nil) || (turn != nil && *turn != *c.turn):
		return fmt.Errorf("response to request %q does not echo the request's turn", id)
	}
	c.done <- res
	return nil
}

// ToolCallRequest dispatches a tool call to its tool, in its own goroutine.
func (d *dispatcher) ToolCallRequest(tc *runner.ToolCallRequest) error {
	r := d.r
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ts, err := r.turnOf(tc.Attachment, tc.Turn)
	if err != nil {
		return err
	}
	if _, dup := r.toolCalls[tc.ID]; dup {
		return fmt.Errorf("tool call id %q is already outstanding", tc.ID)
	}
	if len(r.toolCalls) >= runner.MaxConcurrentToolCalls {
		return fmt.Errorf("more than %d outstanding tool calls", runner.MaxConcurrentToolCalls)
	}
	r.toolCalls[tc.ID] = struct{}{}
	go r.runTool(s, ts.ctx, tc)
	return nil
}

// runTool runs one tool call and answers it. Every tool call gets exactly one response, even
// when its turn has settled meanwhile (the runner drops a result it no longer waits for).
func (r *Runner) runTool(s *Session, ctx context.Context, tc *runner.ToolCallRequest) {
	result := r.callTool(s, ctx, tc.Params)
	body, err := runner.EncodeToolResult(result)
	var frame []byte
	if err == nil {
		frame, err = runner.EncodeResultResponse(runner.ResultResponse{Attachment: tc.Attachment, Turn: &tc.Turn, ID: tc.ID, Result: body})
	}
	if err != nil {
		// The tool returned something the protocol cannot carry (such as invalid UTF-8).
		frame, err = runner.EncodeErrorResponse(runner.ErrorResponse{
			Attachment: tc.Attachment, Turn: &tc.Turn, ID: tc.ID,
			Error: runner.ResponseError{Code: runner.ErrorCodeBrainError, Message: "the tool returned an invalid result: " + err.Error()},
		})
	}
	// The call stops counting as outstanding before its answer is written: the runner may send
	// its next call as soon as it reads the answer.
	r.mu.Lock()
	delete(r.toolCalls, tc.ID)
	r.mu.Unlock()
	if err == nil {
		_ = r.send(frame) // a failed write has already failed the runner
	}
}

// callTool runs the tool if the session binds it and the host has it.
func (r *Runner) callTool(s *Session, ctx context.Context, call runner.ToolCall) (result runner.ToolResult) {
	fn := r.cfg.Tools[call.Name]
	if !s.bound[call.Name] || fn == nil {
		return TextResult(true, fmt.Sprintf("tool %q is not bound to this session", call.Name))
	}
	defer func() {
		if p := recover(); p != nil {
			result = TextResult(true, fmt.Sprintf("tool %q panicked", call.Name))
		}
	}()
	res, err := fn(ctx, call)
	if err != nil {
		return TextResult(true, err.Error())
	}
	if res.Content == nil {
		res.Content = []runner.ContentBlock{}
	}
	return res
}

// TextResult is a tool result of one text block.
func TextResult(isError bool, text string) runner.ToolResult {
	return runner.ToolResult{Content: []runner.ContentBlock{&runner.TextBlock{Text: text}}, IsError: isError}
}
