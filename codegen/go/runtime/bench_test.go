package wire

import (
	"encoding/json"
	"testing"
)

var benchFrame = []byte(`{"attachment":"att-7f3a2c","turn":"turn-0042","event":"assistant.delta","data":{"text":"Hello, world! How can I help?"}}`)

func BenchmarkCheckText(b *testing.B) {
	for b.Loop() {
		if wireCheckText(benchFrame) != nil {
			b.Fatal()
		}
	}
}

func BenchmarkJSONValid(b *testing.B) {
	for b.Loop() {
		if !json.Valid(benchFrame) {
			b.Fatal()
		}
	}
}

func BenchmarkProbe(b *testing.B) {
	keys := wireKeySet("method", "result", "error", "event")
	var d wireDecoder
	d.Init(benchFrame)
	for b.Loop() {
		var p wireProbe
		d.i = 0
		d.ProbeObject(&p, keys)
	}
}

func BenchmarkWalk(b *testing.B) {
	var d wireDecoder
	d.Init(benchFrame)
	for b.Loop() {
		d.i = 0
		d.buf = nil
		d.ObjectStart()
		var s string
		for d.NextMember() {
			if d.Kind() == wireKindString {
				d.String(&s)
			} else {
				d.Skip()
			}
		}
	}
}
