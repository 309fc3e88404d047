package host_test

// Misbehaving runners, run as a helper process: the test binary re-executes itself with
// "-fake-runner MODE [ARG]" (see TestMain). The environment cannot select the mode: the host
// passes only the allowed variables to its child, so the mode travels in argv.
//
// Each fake answers `open` correctly through the generated encoders, then misbehaves in its own
// way once it sees `prompt`.

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"example.com/wiretypes/runner"
)

const fakeFlag = "-fake-runner"

func fakeRunner(args []string) int {
	mode := args[0]
	out := bufio.NewWriter(os.Stdout)
	write := func(frame []byte, err error) {
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake runner: encode:", err)
			os.Exit(2)
		}
		out.Write(frame)
		out.WriteByte('\n')
		out.Flush()
	}
	raw := func(line string) {
		out.WriteString(line)
		out.Flush()
	}
	empty := func() []byte { b, _ := runner.EncodeEmptyResult(runner.EmptyResult{}); return b }

	frames := runner.NewHostToRunnerFrameReader(os.Stdin)
	for {
		f, err := frames.Next()
		if err != nil {
			return 0 // stdin closed (or the host wrote garbage, which these tests never do)
		}
		switch x := f.(type) {
		case *runner.OpenRequest:
			switch mode {
			case "hang":
				continue // never answers open
			case "env":
				// Report the environment the host gave us.
				if err := os.WriteFile(args[1], []byte(strings.Join(os.Environ(), "\n")), 0o644); err != nil {
					return 2
				}
			}
			res, _ := runner.EncodeOpenResult(runner.OpenResult{})
			write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: x.Attachment, ID: x.ID, Result: res}))
		case *runner.PromptRequest:
			a, t := x.Attachment, x.Turn
			delta := func(text string) {
				write(runner.EncodeAssistantDeltaEvent(runner.AssistantDeltaEvent{Attachment: a, Turn: t, Data: runner.AssistantDelta{Text: text}}))
			}
			// Hand-written lines below are deliberately broken frames, not copies of wire types.
			switch mode {
			case "unknown-field":
				raw(fmt.Sprintf(`{"attachment":%q,"turn":%q,"event":"assistant.delta","data":{"text":"hi","mood":"cheerful"}}`+"\n", a, t))
			case "not-json":
				raw("this is not JSON at all\n")
			case "oversized", "exact-limit":
				// A valid delta frame padded to the frame limit (exact-limit) or one byte over it.
				want := runner.MaxFrameBytes
				if mode == "oversized" {
					want++
				}
				frame, _ := runner.EncodeAssistantDeltaEvent(runner.AssistantDeltaEvent{Attachment: a, Turn: t, Data: runner.AssistantDelta{}})
				delta(strings.Repeat("x", want-len(frame)))
				if mode == "exact-limit" {
					write(runner.EncodeAssistantMessageEvent(runner.AssistantMessageEvent{Attachment: a, Turn: t, Data: runner.AssistantMessage{
						Text: "done", Usage: runner.Usage{Input: 1, Output: 1}, StopReason: runner.StopReasonStop,
					}}))
					res, _ := runner.EncodePromptResult(runner.PromptResult{})
					write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: a, Turn: &t, ID: x.ID, Result: res}))
				}
			case "exit":
				delta("partial ")
				os.Exit(3)
			case "truncated":
				raw(`{"attachment":"` + a + `","turn":"` + t + `","event":"assistant.de`)
				os.Exit(0)
			case "tool-flood":
				for i := 0; i <= runner.MaxConcurrentToolCalls; i++ {
					write(runner.EncodeToolCallRequest(runner.ToolCallRequest{Attachment: a, Turn: t, ID: fmt.Sprintf("c%d", i), Params: runner.ToolCall{
						ID: fmt.Sprintf("call%d", i), Name: "block", Arguments: []byte(`{}`),
					}}))
				}
			case "unknown-id":
				res, _ := runner.EncodePromptResult(runner.PromptResult{})
				write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: a, Turn: &t, ID: "no-such-request", Result: res}))
			case "no-turn-echo":
				res, _ := runner.EncodePromptResult(runner.PromptResult{})
				write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: a, ID: x.ID, Result: res}))
			case "bad-result":
				// A well-formed frame whose result is not a PromptResult: only the typed result
				// decoder can tell.
				write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: a, Turn: &t, ID: x.ID, Result: []byte(`{"interrupted":false}`)}))
			case "silent":
				// Never answers the prompt (used with a cancelled context).
			}
		case *runner.InterruptRequest:
			write(runner.EncodeResultResponse(runner.ResultResponse{Attachment: x.Attachment, Turn: &x.Turn, ID: x.ID, Result: empty()}))
		}
		// Anything else (tool results included) is ignored.
	}
}
