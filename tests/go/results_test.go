package vectors_test

// Typed result decoders, on cases shared with tests/ts/results.test.ts: unknown keys follow
// ECMAScript property order, as TypeScript sees the already parsed result (codegen/SEMANTICS.md).

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"example.com/wiretypes/runner"
)

func TestResultDecoders(t *testing.T) {
	raw, err := os.ReadFile("../result-order-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Request, Result, Code, Pointer string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	decoders := map[string]func(json.RawMessage) error{
		"OpenRequest":       func(r json.RawMessage) error { _, err := runner.DecodeOpenRequestResult(r); return err },
		"PromptRequest":     func(r json.RawMessage) error { _, err := runner.DecodePromptRequestResult(r); return err },
		"CheckpointRequest": func(r json.RawMessage) error { _, err := runner.DecodeCheckpointRequestResult(r); return err },
	}
	for _, c := range cases {
		f, err := runner.DecodeResultResponse([]byte(`{"attachment":"a","id":"1","result":` + c.Result + `}`))
		if err != nil {
			t.Fatalf("%s: frame: %v", c.Result, err)
		}
		err = decoders[c.Request](f.Result)
		var got struct{ Code, Pointer string }
		var de *runner.DecodeError
		if errors.As(err, &de) {
			got.Code, got.Pointer = de.Code, de.Pointer
		} else if err != nil {
			t.Fatalf("%s: %v", c.Result, err)
		}
		if got.Code != c.Code || got.Pointer != c.Pointer {
			t.Errorf("%s %s: got %s %q, want %s %q", c.Request, c.Result, got.Code, got.Pointer, c.Code, c.Pointer)
		}
	}
}
