package wirebench

import (
	"bytes"
	"encoding/json"

	"example.com/wiretypes/runner"
)

// Structs with json tags mirroring the generated types, for encoding/json. Each frame is
// unmarshalled into the struct of its own kind, chosen before timing (a head start for
// encoding/json: it neither dispatches nor checks discriminators, lengths, patterns or extras).

type jText struct {
	Text string `json:"text"`
}

type jOpen struct {
	Attachment string `json:"attachment"`
	ID         string `json:"id"`
	Method     string `json:"method"`
	Params     struct {
		SessionID string `json:"session_id"`
		Dir       string `json:"dir"`
		Config    struct {
			Model string   `json:"model"`
			Tools []string `json:"tools"`
		} `json:"config"`
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
		} `json:"tools"`
		Provider struct {
			APIKey string `json:"api_key"`
		} `json:"provider"`
	} `json:"params"`
}

type jTextRequest struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn"`
	ID         string `json:"id"`
	Method     string `json:"method"`
	Params     jText  `json:"params"`
}

type jNullRequest struct {
	Attachment string    `json:"attachment"`
	Turn       string    `json:"turn,omitempty"`
	ID         string    `json:"id"`
	Method     string    `json:"method"`
	Params     *struct{} `json:"params"`
}

type jToolCall struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn"`
	ID         string `json:"id"`
	Method     string `json:"method"`
	Params     struct {
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"params"`
}

type jResult struct {
	Attachment string          `json:"attachment"`
	Turn       string          `json:"turn,omitempty"`
	ID         string          `json:"id"`
	Result     json.RawMessage `json:"result"`
}

type jError struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn,omitempty"`
	ID         string `json:"id"`
	Error      struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

type jDelta struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn"`
	Event      string `json:"event"`
	Data       jText  `json:"data"`
}

type jMessage struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn"`
	Event      string `json:"event"`
	Data       struct {
		Text  string `json:"text"`
		Usage struct {
			Input  int64 `json:"input"`
			Output int64 `json:"output"`
		} `json:"usage"`
		StopReason string `json:"stop_reason"`
	} `json:"data"`
}

// newPeer returns a fresh encoding/json target for the kind of frame f.
func newPeer(f runner.RunnerFrame) func() any {
	switch f.(type) {
	case *runner.OpenRequest:
		return func() any { return new(jOpen) }
	case *runner.PromptRequest, *runner.SteerRequest:
		return func() any { return new(jTextRequest) }
	case *runner.InterruptRequest, *runner.CheckpointRequest, *runner.DetachRequest:
		return func() any { return new(jNullRequest) }
	case *runner.ToolCallRequest:
		return func() any { return new(jToolCall) }
	case *runner.ResultResponse:
		return func() any { return new(jResult) }
	case *runner.ErrorResponse:
		return func() any { return new(jError) }
	case *runner.AssistantDeltaEvent:
		return func() any { return new(jDelta) }
	case *runner.AssistantMessageEvent:
		return func() any { return new(jMessage) }
	}
	panic("unknown frame kind")
}

// jEnvelope is the frame struct a hand-written encoding/json host keeps (as the protocol's original
// Go host did): every key of every kind in one struct, payloads kept raw and decoded once the kind
// is known. Unlike newPeer's per-kind structs, it gets no head start.
type jEnvelope struct {
	Attachment string          `json:"attachment"`
	Turn       string          `json:"turn,omitempty"`
	ID         string          `json:"id,omitempty"`
	Method     string          `json:"method,omitempty"`
	Params     json.RawMessage `json:"params,omitempty"`
	Result     json.RawMessage `json:"result,omitempty"`
	Error      *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
	Event string          `json:"event,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
}

// unmarshalEnvelope decodes a frame the way such a host does: the envelope, then the payload.
func unmarshalEnvelope(line []byte, strict bool) error {
	var f jEnvelope
	if err := unmarshalInto(line, &f, strict); err != nil {
		return err
	}
	switch {
	case f.Method == "open":
		var o jOpen
		return unmarshalInto(f.Params, &o.Params, strict)
	case f.Method == "prompt" || f.Method == "steer":
		var t jText
		return unmarshalInto(f.Params, &t, strict)
	case f.Method == "tool.call":
		var c jToolCall
		return unmarshalInto(f.Params, &c.Params, strict)
	case f.Event == "assistant.delta":
		var t jText
		return unmarshalInto(f.Data, &t, strict)
	case f.Event == "assistant.message":
		var m jMessage
		return unmarshalInto(f.Data, &m.Data, strict)
	}
	return nil
}

func unmarshalInto(data []byte, v any, strict bool) error {
	if !strict {
		return json.Unmarshal(data, v)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	return d.Decode(v)
}
