package vectors_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"example.com/wiretypes/runner"
	"example.com/wiretypes/tests/cmd/xcheck"
)

// The sample frames of the protocol documentation (tests/fixtures/seed-frames.jsonl).
var seedFrames = []string{
	`{"attachment":"ATTACHMENT_ID","id":"REQUEST_ID","method":"open","params":{"session_id":"SESSION_ID","dir":"/path/to/native","config":{"model":"openai/gpt-4.1-mini","tools":["echo"]},"tools":[{"name":"echo","description":"Echo text","input_schema":{"type":"object"}}],"provider":{"api_key":"PROVIDER_TOKEN"}}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","id":"REQUEST_ID","method":"prompt","params":{"text":"Hello"}}`,
	`{"attachment":"ATTACHMENT_ID","id":"REQUEST_ID","method":"checkpoint","params":null}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","id":"REQUEST_ID","result":{}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","id":"REQUEST_ID","error":{"code":"provider_error","message":"upstream rate limit exceeded"}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","event":"assistant.delta","data":{"text":"Hello"}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","id":"CALL_FRAME_ID","method":"tool.call","params":{"id":"TOOL_CALL_ID","name":"echo","arguments":{"value":"hi"}}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","event":"assistant.message","data":{"text":"Hello!","usage":{"input":12,"output":4},"stop_reason":"stop"}}`,
	`{"attachment":"ATTACHMENT_ID","turn":"TURN_ID","id":"CALL_FRAME_ID","result":{"content":[{"type":"text","text":"hi"}],"is_error":false}}`,
}

func TestSeedFramesRoundTrip(t *testing.T) {
	// the copy above is the fixture file, all nine frames of it (tests/ts/emit.test.ts reads the file)
	b, err := os.ReadFile("../fixtures/seed-frames.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); len(seedFrames) != 9 || !reflect.DeepEqual(got, seedFrames) {
		t.Fatalf("tests/fixtures/seed-frames.jsonl holds %d frames, this file's copy %d (want 9, the same)", len(got), len(seedFrames))
	}
	for _, line := range seedFrames {
		v, err := runner.DecodeRunnerFrame([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out, err := runner.EncodeRunnerFrame(v)
		if err != nil {
			t.Fatalf("%s: encode: %v", line, err)
		}
		if string(out) != line {
			t.Errorf("re-encoding changed the frame:\n got %s\nwant %s", out, line)
		}
	}
}

func TestTypedAccess(t *testing.T) {
	v, err := runner.DecodeRunnerFrame([]byte(seedFrames[0]))
	if err != nil {
		t.Fatal(err)
	}
	open, ok := v.(*runner.OpenRequest)
	if !ok {
		t.Fatalf("got %T", v)
	}
	if open.Params.Provider.APIKey == nil || open.Params.Provider.APIKey.Reveal() != "PROVIDER_TOKEN" || open.Params.Provider.BaseURL != nil {
		t.Fatalf("provider %+v", open.Params.Provider)
	}
	if string(open.Params.Tools[0].InputSchema) != `{"type":"object"}` || open.Params.Config.Tools[0] != "echo" {
		t.Fatal("tools")
	}
	cp, err := runner.DecodeRunnerFrame([]byte(seedFrames[2]))
	if err != nil || cp.(*runner.CheckpointRequest).Params == nil {
		t.Fatalf("checkpoint params: %v", err)
	}
	msg, _ := runner.DecodeRunnerFrame([]byte(seedFrames[7]))
	if m := msg.(*runner.AssistantMessageEvent); m.Data.StopReason != runner.StopReasonStop || m.Data.Usage.Input != 12 {
		t.Fatalf("%+v", m)
	}
	// typed result decoders
	res, _ := runner.DecodeRunnerFrame([]byte(seedFrames[8]))
	tr, err := runner.DecodeToolCallRequestResult(res.(*runner.ResultResponse).Result)
	if err != nil || tr.IsError || tr.Content[0].(*runner.TextBlock).Text != "hi" {
		t.Fatalf("tool result %+v %v", tr, err)
	}
	_, err = runner.DecodeCheckpointRequestResult(json.RawMessage(`[{"path":"a/../b","size":1,"append_only":true}]`))
	expectErr(t, err, "pattern", "/result/0/path")
	files, err := runner.DecodeCheckpointRequestResult(json.RawMessage(`[{"path":"session/file.jsonl","size":1024,"append_only":true}]`))
	if err != nil || len(files) != 1 || files[0].Size != 1024 {
		t.Fatalf("%v %v", files, err)
	}
	empty, err := runner.DecodeCheckpointRequestResult(json.RawMessage(`[]`))
	if err != nil || empty == nil {
		t.Fatal("a present empty array decodes to a non-nil slice")
	}
}

func expectErr(t *testing.T, err error, code, ptr string) {
	t.Helper()
	var de *runner.DecodeError
	var ee *runner.EncodeError
	err = xcheck.Normalize(err) // a jsonl error as runner's: same fields
	switch {
	case errors.As(err, &de):
		if de.Code != code || de.Pointer != ptr {
			t.Errorf("got %s at %q (%s), want %s at %q", de.Code, de.Pointer, de.Message, code, ptr)
		}
	case errors.As(err, &ee):
		if ee.Code != code || ee.Pointer != ptr {
			t.Errorf("got %s at %q (%s), want %s at %q", ee.Code, ee.Pointer, ee.Message, code, ptr)
		}
	default:
		t.Errorf("got %v, want %s at %q", err, code, ptr)
	}
}

func TestDecodeErrors(t *testing.T) {
	const delta = `{"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"x"}}`
	cases := []struct {
		line, code, ptr string
	}{
		{"", "syntax", ""},
		{"\xff", "utf8", ""},
		{"\ufeff" + delta, "syntax", ""},
		{delta + " x", "syntax", ""},
		{`{"attachment":1,"turn":"t","event":"assistant.delta","data":{"text":"x"}} {`, "syntax", ""},
		{`[]`, "type", ""},
		{`{}`, "unknown_variant", ""},
		{`{"event":"nope"}`, "unknown_variant", "/event"},
		{`{"event":1}`, "unknown_variant", "/event"},
		{`{"method":"open","method":"nope"}`, "unknown_variant", "/method"},
		// unknown keys first (document order), then missing (schema order), then values (schema order)
		{`{"attachment":1,"turn":"t","event":"assistant.delta","data":{"text":"x"},"Zed":1,"abc":2}`, "unknown_field", "/Zed"},
		{`{"Attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"x"}}`, "unknown_field", "/Attachment"},
		{`{"attachment":1,"event":"assistant.delta","data":{"text":"x"}}`, "missing_field", "/turn"},
		{`{"data":{"text":1},"attachment":1,"turn":"t","event":"assistant.delta"}`, "type", "/attachment"},
		{`{"data":{"text":1},"attachment":"","turn":"t","event":"assistant.delta"}`, "length", "/attachment"},
		{`{"data":{"text":1},"attachment":"a","turn":"t","event":"assistant.delta"}`, "type", "/data/text"},
		{`{"data":{"text":"\ud800"},"attachment":"a","turn":"t","event":"assistant.delta"}`, "utf8", "/data/text"},
		{`{"data":{"text":"x","\udc00":1},"attachment":"a","turn":"t","event":"assistant.delta"}`, "utf8", "/data"},
		{`{"data":{"text":"x","a/b~":1},"attachment":"a","turn":"t","event":"assistant.delta"}`, "unknown_field", "/data/a~1b~0"},
		// duplicates: last wins, the earlier value is never checked
		{`{"attachment":1,"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"x"}}`, "", ""},
		{`{"attachment":"a","attachment":"","turn":"t","event":"assistant.delta","data":{"text":"x"}}`, "length", "/attachment"},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":1.0,"output":1e3},"stop_reason":"stop"}}`, "", ""},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":1.5,"output":1},"stop_reason":"stop"}}`, "type", "/data/usage/input"},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":-1,"output":1},"stop_reason":"stop"}}`, "range", "/data/usage/input"},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":9007199254740993,"output":1},"stop_reason":"stop"}}`, "range", "/data/usage/input"},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":1e400,"output":1},"stop_reason":"stop"}}`, "range", "/data/usage/input"},
		{`{"attachment":"a","turn":"t","event":"assistant.message","data":{"text":"x","usage":{"input":1,"output":1},"stop_reason":"Stop"}}`, "enum", "/data/stop_reason"},
		{`{"attachment":"a","id":"i","method":"checkpoint","params":{}}`, "type", "/params"},
		{`{"attachment":"a","id":"i","method":"checkpoint"}`, "", ""},
		{`{"attachment":"a","id":"i","result":{"a":` + strings.Repeat("[", 998) + strings.Repeat("]", 998) + `}}`, "", ""},
		{`{"attachment":"a","id":"i","result":{"a":` + strings.Repeat("[", 999) + strings.Repeat("]", 999) + `}}`, "depth", "/result/a" + strings.Repeat("/0", 998)},
		{`{"attachment":"a","id":"i","result":{"b":1e999,"1":"\ud800"}}`, "utf8", "/result/1"},
		{`{"attachment":"a","id":"i","result":{"b":1e999,"1":"\ud800"},"x":1}`, "unknown_field", "/x"},
		{`{"attachment":"a","id":"i","result":1,"error":{"code":"brain_error","message":""}}`, "unknown_field", "/error"},
		{`{"attachment":"a","turn":"t","id":"i","method":"tool.call","params":{"id":"i","name":"n","arguments":[]}}`, "type", "/params/arguments"},
		{`{"attachment":"a","id":"i","method":"open","params":{"session_id":"s","dir":"rel","config":{"model":"m","tools":[]},"tools":[],"provider":{}}}`, "pattern", "/params/dir"},
		{`{"attachment":"a","id":"i","method":"open","params":{"session_id":"s","dir":"C:\\x","config":{"model":"m","tools":[""]},"tools":[],"provider":{"api_key":7}}}`, "length", "/params/config/tools/0"},
		{`{"attachment":"a","id":"i","method":"open","params":{"session_id":"s","dir":"/x","config":{"model":"m","tools":[]},"tools":[],"provider":{"api_key":7}}}`, "type", "/params/provider/api_key"},
		{strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "type", ""},
	}
	for _, c := range cases {
		_, err := runner.DecodeRunnerFrame([]byte(c.line))
		if c.code == "" {
			if err != nil {
				t.Errorf("%.80s: %v", c.line, err)
			}
			continue
		}
		expectErr(t, err, c.code, c.ptr)
	}
}

func TestSecretNeverPrinted(t *testing.T) {
	v, err := runner.DecodeOpenRequest([]byte(`{"attachment":"a","id":"i","method":"open","params":{"session_id":"s","dir":"/x","config":{"model":"m","tools":[]},"tools":[],"provider":{"api_key":"sk-LEAK"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	p := v.Params.Provider
	for _, s := range []string{fmt.Sprint(v), fmt.Sprintf("%v %+v %#v %v", v, v, v, &v), fmt.Sprintf("%v %+v %#v", p, p, p), fmt.Sprint(p.APIKey), fmt.Sprintf("%#v %s %q", *p.APIKey, *p.APIKey, *p.APIKey)} {
		if strings.Contains(s, "sk-LEAK") {
			t.Errorf("secret revealed: %s", s)
		}
	}
	// a secret is never quoted in errors either
	_, err = runner.DecodeProvider([]byte(`{"api_key":"sk-LEAK","base_url":"sk-LEAK\ud800"}`))
	if err == nil || strings.Contains(err.Error(), "sk-LEAK") {
		t.Fatalf("%v", err)
	}
	out, _ := runner.EncodeOpenRequest(v)
	if !bytes.Contains(out, []byte(`"api_key":"sk-LEAK"`)) {
		t.Fatal("the encoder writes the real value")
	}
}

func TestEncode(t *testing.T) {
	key := runner.Secret("k")
	out, err := runner.EncodeRunnerFrame(&runner.OpenRequest{Attachment: "a<&>\u2028", ID: "i", Params: runner.HarnessOptions{
		SessionID: "s", Dir: "/d", Config: runner.Config{Model: "m"}, Provider: runner.Provider{APIKey: &key},
		Tools: []runner.ToolSchema{{Name: "t", InputSchema: json.RawMessage(` {"b": 1.50, "a": [1e2, "\u0041"], "1": null, "b": 2} `)}},
	}})
	want := `{"attachment":"a<&>` + "\u2028" + `","id":"i","method":"open","params":{"session_id":"s","dir":"/d","config":{"model":"m","tools":[]},"tools":[{"name":"t","description":"","input_schema":{"1":null,"b":2,"a":[100,"A"]}}],"provider":{"api_key":"k"}}}`
	if err != nil || string(out) != want {
		t.Fatalf("got %s %v\nwant %s", out, err, want)
	}
	cases := []struct {
		v         runner.RunnerFrame
		code, ptr string
	}{
		{nil, "type", ""},
		{(*runner.PromptRequest)(nil), "type", ""},
		{&runner.PromptRequest{Attachment: "", Turn: "t", ID: "i"}, "length", "/attachment"},
		{&runner.PromptRequest{Attachment: "a", Turn: "t", ID: "i", Params: runner.Text{Text: "\xff"}}, "utf8", "/params/text"},
		{&runner.ResultResponse{Attachment: "a", ID: "i"}, "missing_field", "/result"},
		{&runner.ResultResponse{Attachment: "a", ID: "i", Result: json.RawMessage(`{`)}, "syntax", "/result"},
		{&runner.ResultResponse{Attachment: "a", ID: "i", Result: json.RawMessage(`[1e400]`)}, "range", "/result/0"},
		{&runner.ResultResponse{Attachment: "a", ID: "i", Result: json.RawMessage(`{"x":"\udc00"}`)}, "utf8", "/result/x"},
		{&runner.AssistantMessageEvent{Attachment: "a", Turn: "t", Data: runner.AssistantMessage{StopReason: "stop", Usage: runner.Usage{Input: 1 << 53}}}, "range", "/data/usage/input"},
		{&runner.AssistantMessageEvent{Attachment: "a", Turn: "t", Data: runner.AssistantMessage{StopReason: "nope"}}, "enum", "/data/stop_reason"},
		{&runner.AssistantMessageEvent{Attachment: "a", Turn: "t", Data: runner.AssistantMessage{StopReason: "stop", Usage: runner.Usage{Output: -1}}}, "range", "/data/usage/output"},
	}
	for _, c := range cases {
		_, err := runner.EncodeRunnerFrame(c.v)
		expectErr(t, err, c.code, c.ptr)
	}
	// zero values of required fields are written; optional ones are omitted
	out, err = runner.EncodeToolResult(runner.ToolResult{})
	if err != nil || string(out) != `{"content":[],"is_error":false}` {
		t.Fatalf("%s %v", out, err)
	}
	tr := true
	out, _ = runner.EncodePromptResult(runner.PromptResult{Interrupted: &tr})
	if string(out) != `{"interrupted":true}` {
		t.Fatalf("%s", out)
	}
	no := false
	_, err = runner.EncodePromptResult(runner.PromptResult{Interrupted: &no})
	expectErr(t, err, "const", "/interrupted")
}

func TestVisitor(t *testing.T) {
	v, _ := runner.DecodeRunnerFrame([]byte(seedFrames[5]))
	var got string
	err := runner.VisitRunnerFrame(v, visitor{&got})
	if err != nil || got != "delta Hello" {
		t.Fatalf("%q %v", got, err)
	}
	if runner.VisitRunnerFrame(nil, visitor{&got}) == nil {
		t.Fatal("nil union")
	}
}

type visitor struct{ out *string }

func (visitor) OpenRequest(*runner.OpenRequest) error             { return nil }
func (visitor) PromptRequest(*runner.PromptRequest) error         { return nil }
func (visitor) SteerRequest(*runner.SteerRequest) error           { return nil }
func (visitor) InterruptRequest(*runner.InterruptRequest) error   { return nil }
func (visitor) CheckpointRequest(*runner.CheckpointRequest) error { return nil }
func (visitor) DetachRequest(*runner.DetachRequest) error         { return nil }
func (visitor) ToolCallRequest(*runner.ToolCallRequest) error     { return nil }
func (visitor) ResultResponse(*runner.ResultResponse) error       { return nil }
func (visitor) ErrorResponse(*runner.ErrorResponse) error         { return nil }
func (v visitor) AssistantDeltaEvent(e *runner.AssistantDeltaEvent) error {
	*v.out = "delta " + e.Data.Text
	return nil
}
func (visitor) AssistantMessageEvent(*runner.AssistantMessageEvent) error { return nil }

func TestFrameReader(t *testing.T) {
	big := `{"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"` + strings.Repeat("x", runner.FrameLimit) + `"}}`
	exact := `{"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":"` + strings.Repeat("x", runner.FrameLimit-len(`{"attachment":"a","turn":"t","event":"assistant.delta","data":{"text":""}}`)) + `"}}`
	if len(exact) != runner.FrameLimit {
		t.Fatal(len(exact))
	}
	stream := seedFrames[5] + "\n\n" + big + "\n" + exact + "\n" + `{"event":"x"}` + "\n" + seedFrames[1] + "\n" + seedFrames[2]
	r := runner.NewRunnerFrameReader(strings.NewReader(stream))
	var got []string
	for {
		v, err := r.Next()
		if err == io.EOF {
			break
		}
		var de *runner.DecodeError
		if errors.As(err, &de) {
			got = append(got, de.Code)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%T", v))
	}
	want := "*runner.AssistantDeltaEvent syntax frame_too_large *runner.AssistantDeltaEvent unknown_variant *runner.PromptRequest syntax"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestCodecs(t *testing.T) {
	c, ok := runner.Codecs["RunnerFrame"]
	if !ok || c.NewReader == nil {
		t.Fatal("RunnerFrame codec")
	}
	for _, line := range seedFrames {
		v, err := c.Decode([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.Encode(v)
		if err != nil || string(out) != line {
			t.Fatalf("%s %v", out, err)
		}
	}
	v, err := runner.Codecs["Text"].Decode([]byte(`{"text":"a"}`))
	if _, isValue := v.(runner.Text); err != nil || !isValue {
		t.Fatalf("%T %v", v, err)
	}
	if _, err := runner.Codecs["Text"].Encode(&runner.Text{Text: "b"}); err != nil {
		t.Fatal(err)
	}
	if _, err := runner.Codecs["Text"].Encode(1); err == nil {
		t.Fatal("wrong type accepted")
	}
	next := c.NewReader(strings.NewReader(seedFrames[0] + "\n"))
	if v, err := next(); err != nil || v == nil {
		t.Fatal(err)
	}
	if _, err := next(); err != io.EOF {
		t.Fatal(err)
	}
	for name, c := range runner.Codecs {
		if c.Decode == nil || c.Encode == nil {
			t.Errorf("%s: incomplete codec", name)
		}
	}
	if _, ok := runner.Codecs["MaxFrameBytes"]; ok {
		t.Error("constants have no codec")
	}
}
