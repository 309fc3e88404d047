package vectors_test

import (
	"encoding/json"
	"testing"

	"example.com/wiretypes/runner"
)

// A short assistant.delta frame, the most frequent frame of the protocol.
var deltaFrame = []byte(`{"attachment":"att-7f3a2c","turn":"turn-0042","event":"assistant.delta","data":{"text":"Hello, world! How can I help?"}}`)

// jsonDelta is the struct encoding/json fills for the same frame.
type jsonDelta struct {
	Attachment string `json:"attachment"`
	Turn       string `json:"turn"`
	Event      string `json:"event"`
	Data       struct {
		Text string `json:"text"`
	} `json:"data"`
}

// go test -bench . -benchmem ./... in tests/go; the ratio is EncodingJSON ns/op over Generated ns/op.
func BenchmarkDeltaGenerated(b *testing.B) {
	b.SetBytes(int64(len(deltaFrame)))
	b.ReportAllocs()
	for b.Loop() {
		v, err := runner.DecodeRunnerFrame(deltaFrame)
		if err != nil || v == nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeltaEncodingJSON(b *testing.B) {
	b.SetBytes(int64(len(deltaFrame)))
	b.ReportAllocs()
	for b.Loop() {
		var v jsonDelta
		if err := json.Unmarshal(deltaFrame, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeltaJSONValid(b *testing.B) {
	b.SetBytes(int64(len(deltaFrame)))
	b.ReportAllocs()
	for b.Loop() {
		if !json.Valid(deltaFrame) {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkDeltaEncodeGenerated(b *testing.B) {
	v, err := runner.DecodeRunnerFrame(deltaFrame)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runner.EncodeRunnerFrame(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeltaEncodeEncodingJSON(b *testing.B) {
	var v jsonDelta
	if err := json.Unmarshal(deltaFrame, &v); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(&v); err != nil {
			b.Fatal(err)
		}
	}
}
