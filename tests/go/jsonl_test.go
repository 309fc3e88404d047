package vectors_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"example.com/wiretypes/jsonl"
)

func TestOpenUnionIgnores(t *testing.T) {
	for _, line := range []string{"", "not json", "\xff", `[]`, `"text"`, `{}`, `{"type":1}`, `{"type":"nope","text":1}`, `{"type":"text"} x`} {
		v, err := jsonl.DecodeHarnessEvent([]byte(line))
		if v != nil || err != nil {
			t.Errorf("%q: want ignored, got %v %v", line, v, err)
		}
	}
	// once the variant is known, its errors are errors
	_, err := jsonl.DecodeHarnessEvent([]byte(`{"type":"text","text":1}`))
	expectErr(t, err, "type", "/text")
	_, err = jsonl.DecodeHarnessEvent([]byte(`{"type":"usage","input_tokens":1,"output_tokens":2,"x":[1e999]}`))
	expectErr(t, err, "range", "/x/0")
	_, err = jsonl.DecodeHarnessEvent([]byte(`{"type":"usage","input_tokens":1,"x":[1e999]}`))
	expectErr(t, err, "missing_field", "/output_tokens")
}

func TestOpenObjectKeepsExtras(t *testing.T) {
	line := `{"zeta":{"b":1,"a":2},"type":"usage","10":true,"input_tokens":1,"2":null,"output_tokens":2e0,"zeta":[1.50],"cost_usd":0.25}`
	v, err := jsonl.DecodeHarnessEvent([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	u := v.(*jsonl.UsageEvent)
	var keys []string
	for _, m := range u.Extra {
		keys = append(keys, m.Key+"="+string(m.Value))
	}
	if got := strings.Join(keys, " "); got != "zeta=[1.50] 10=true 2=null" {
		t.Fatalf("extras in document order, duplicates resolved: %s", got)
	}
	out, err := jsonl.EncodeHarnessEvent(u)
	want := `{"type":"usage","input_tokens":1,"output_tokens":2,"cost_usd":0.25,"2":null,"10":true,"zeta":[1.5]}`
	if err != nil || string(out) != want {
		t.Fatalf("got  %s %v\nwant %s", out, err, want)
	}
	u.Extra = append(u.Extra, jsonl.Member{Key: "type", Value: []byte(`"x"`)})
	_, err = jsonl.EncodeHarnessEvent(u)
	if err == nil {
		t.Fatal("an extra member may not repeat a declared key")
	}
}

func TestOpenReader(t *testing.T) {
	stream := "log line\n\n" + `{"type":"text","text":"hi"}` + "\n" + `{"type":"text"}` + "\n" + `{"type":"complete","text":"done"}` + "\n"
	r := jsonl.NewHarnessEventReader(strings.NewReader(stream), 1<<20)
	var got []string
	for {
		v, err := r.Next()
		if err == io.EOF {
			break
		}
		var de *jsonl.DecodeError
		if errors.As(err, &de) {
			got = append(got, de.Code+de.Pointer)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%T", v))
	}
	if s := strings.Join(got, " "); s != "*jsonl.TextEvent missing_field/text *jsonl.CompleteEvent" {
		t.Fatal(s)
	}
}

// The encoder's guards on Go values that no wire text can give (tests/ts/freeform.test.ts covers the
// rest of the extras and raw-value code through both languages): an extra member whose key is not
// UTF-8, or that has no value, or that repeats a declared property, or whose raw value is not JSON.
func TestExtrasEncoderGuards(t *testing.T) {
	enc := func(extra ...jsonl.Member) error {
		_, err := jsonl.EncodeTextEvent(jsonl.TextEvent{Text: "t", Extra: extra})
		return err
	}
	expectErr(t, enc(jsonl.Member{Key: "a\xff", Value: []byte("1")}), "utf8", "")
	expectErr(t, enc(jsonl.Member{Key: "a", Value: nil}), "syntax", "/a")
	expectErr(t, enc(jsonl.Member{Key: "text", Value: []byte(`"x"`)}), "type", "/text")
	expectErr(t, enc(jsonl.Member{Key: "a", Value: []byte("{")}), "syntax", "/a")
	expectErr(t, enc(jsonl.Member{Key: "a", Value: []byte("\"\xff\"")}), "utf8", "/a")
	expectErr(t, enc(jsonl.Member{Key: "b", Value: []byte("1")}, jsonl.Member{Key: "a", Value: []byte(`"\ud800"`)}), "utf8", "/a")
	// more than 16 extras, a duplicate among them: the last value at the first position, index keys first
	var many []jsonl.Member
	for i := 0; i < 20; i++ {
		many = append(many, jsonl.Member{Key: fmt.Sprintf("k%d", i), Value: []byte(fmt.Sprint(i))})
	}
	many = append(many, jsonl.Member{Key: "7", Value: []byte("true")}, jsonl.Member{Key: "k3", Value: []byte(`"last"`)})
	b, err := jsonl.EncodeTextEvent(jsonl.TextEvent{Text: "t", Extra: many})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"text","text":"t","7":true,"k0":0,"k1":1,"k2":2,"k3":"last","k4":4`
	if !strings.HasPrefix(string(b), want) || strings.Count(string(b), `"k3"`) != 1 {
		t.Errorf("got %s, want it to start with %s and hold k3 once", b, want)
	}
}
