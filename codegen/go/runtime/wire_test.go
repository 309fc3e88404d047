package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendStringMatchesJSONStringify(t *testing.T) {
	var s strings.Builder
	for c := 0; c < 0x80; c++ {
		s.WriteByte(byte(c))
	}
	s.WriteString("\u2028\u2029\u00e9\ufffd\U0001F600\u0080\u009f")
	// JSON.stringify of the same string, produced by Node.
	want := "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f !\\\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f\u2028\u2029\u00e9\ufffd\U0001F600\u0080\u009f\""
	got, err := wireAppendString(nil, s.String())
	if err != nil || string(got) != want {
		t.Fatalf("got %q, %v\nwant %q", got, err, want)
	}
	for _, bad := range []string{"\xff", "a\xc3", "\xed\xa0\x80" /* encoded surrogate */, "\xf4\x90\x80\x80"} {
		if _, err := wireAppendString(nil, bad); err == nil || err.Code != wireCodeUTF8 || err.Pointer != "" {
			t.Errorf("%q: want utf8 error, got %v", bad, err)
		}
	}
}

func TestAppendFloatES(t *testing.T) {
	cases := []struct {
		f    float64
		want string
	}{
		{1e21, "1e+21"}, {1.5e-7, "1.5e-7"}, {0.1, "0.1"}, {123456789012345680000, "123456789012345680000"},
		{1e-7, "1e-7"}, {1e-6, "0.000001"}, {123e-20, "1.23e-18"}, {math.Copysign(0, -1), "0"}, {5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"}, {0.000001234, "0.000001234"}, {100, "100"}, {1e20, "100000000000000000000"},
		{1 << 53, "9007199254740992"}, {-1.5, "-1.5"}, {123456.789, "123456.789"}, {4.35, "4.35"}, {1.0 / 3, "0.3333333333333333"},
		{1e-100, "1e-100"}, {-2e22, "-2e+22"},
	}
	for _, c := range cases {
		got, err := wireAppendFloat(nil, c.f)
		if err != nil || string(got) != c.want {
			t.Errorf("%v: got %s %v want %s", c.f, got, err, c.want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := wireAppendFloat(nil, f); err == nil || err.Code != wireCodeRange {
			t.Errorf("%v: want range", f)
		}
	}
}

func TestAppendInt(t *testing.T) {
	for _, c := range []struct {
		v    int64
		want string
		code string
	}{{0, "0", ""}, {-5, "-5", ""}, {wireMaxSafeInteger, "9007199254740991", ""}, {-wireMaxSafeInteger, "-9007199254740991", ""},
		{wireMaxSafeInteger + 1, "", wireCodeRange}, {math.MinInt64, "", wireCodeRange}} {
		got, err := wireAppendInt(nil, c.v)
		if c.code != "" {
			if err == nil || err.Code != c.code {
				t.Errorf("%d: want %s", c.v, c.code)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("%d: got %s", c.v, got)
		}
	}
}

func TestCheckText(t *testing.T) {
	cases := []struct {
		in   string
		code string
	}{
		{`{}`, ""}, {` [1, 2.5e3, -0, "x", true, false, null, {"a": {}}] `, ""}, {"\r\n{}\r", ""},
		{"", wireCodeSyntax}, {"   ", wireCodeSyntax}, {"\ufeff{}", wireCodeSyntax}, {`{} x`, wireCodeSyntax}, {`{}{}`, wireCodeSyntax},
		{`{"a":1,}`, wireCodeSyntax}, {`[1,]`, wireCodeSyntax}, {`01`, wireCodeSyntax}, {`1.`, wireCodeSyntax}, {`.5`, wireCodeSyntax},
		{`+1`, wireCodeSyntax}, {`1e`, wireCodeSyntax}, {`"a` + "\x01" + `"`, wireCodeSyntax}, {`"\x"`, wireCodeSyntax}, {`"\u12"`, wireCodeSyntax},
		{`tru`, wireCodeSyntax}, {`nul`, wireCodeSyntax}, {`{"a" 1}`, wireCodeSyntax}, {`{1:2}`, wireCodeSyntax}, {`[}`, wireCodeSyntax},
		{"\"\xff\"", wireCodeUTF8}, {"{\"a\":\xc3} x", wireCodeUTF8}, {"\t{}\v", wireCodeSyntax}, {`"\ud800"`, ""},
		{strings.Repeat("[", 100000) + strings.Repeat("]", 100000), ""},
		{strings.Repeat("[", 100000) + strings.Repeat("]", 99999), wireCodeSyntax},
	}
	for _, c := range cases {
		err := wireCheckText([]byte(c.in))
		code := ""
		if err != nil {
			code = err.Code
			if err.Pointer != "" {
				t.Errorf("%q: pointer %q", c.in, err.Pointer)
			}
		}
		if code != c.code {
			t.Errorf("%.40q: got %q want %q (valid per encoding/json: %v)", c.in, code, c.code, json.Valid([]byte(c.in)))
		}
	}
}

func decodeWith(t *testing.T, in string, f func(d *wireDecoder) *DecodeError) *DecodeError {
	t.Helper()
	var d wireDecoder
	if err := d.Init([]byte(in)); err != nil {
		return err
	}
	return f(&d)
}

func TestScalars(t *testing.T) {
	type res struct {
		code, ptr string
	}
	var s string
	var i int64
	var f float64
	var b bool
	cases := []struct {
		in   string
		f    func(d *wireDecoder) *DecodeError
		want string // value printed, or error code
	}{
		{`"a\"b\\c\/\b\f\n\r\t\u00e9\ud83d\ude00"`, func(d *wireDecoder) *DecodeError { return d.String(&s) }, "a\"b\\c/\b\f\n\r\té😀"},
		{`"\ud800"`, func(d *wireDecoder) *DecodeError { return d.String(&s) }, "!utf8"},
		{`"\udc00\ud800"`, func(d *wireDecoder) *DecodeError { return d.String(&s) }, "!utf8"},
		{`"\ud800x"`, func(d *wireDecoder) *DecodeError { return d.String(&s) }, "!utf8"},
		{`1`, func(d *wireDecoder) *DecodeError { return d.String(&s) }, "!type"},
		{`1.0`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "1"},
		{`1e3`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "1000"},
		{`-0`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "0"},
		{`9007199254740991`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "9007199254740991"},
		{`-9007199254740991`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "-9007199254740991"},
		{`9007199254740992`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!range"},
		{`9007199254740993`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!range"},
		{`1.5`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!type"},
		{`1e400`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!range"},
		{`1.5e400`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!range"},
		{`1e-400`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "0"},
		{`"1"`, func(d *wireDecoder) *DecodeError { return d.Int(&i) }, "!type"},
		{`-1e400`, func(d *wireDecoder) *DecodeError { return d.Float(&f) }, "!range"},
		{`2.5`, func(d *wireDecoder) *DecodeError { return d.Float(&f) }, "2.5"},
		{`null`, func(d *wireDecoder) *DecodeError { return d.Float(&f) }, "!type"},
		{`true`, func(d *wireDecoder) *DecodeError { return d.Bool(&b) }, "true"},
		{`0`, func(d *wireDecoder) *DecodeError { return d.Bool(&b) }, "!type"},
		{`null`, func(d *wireDecoder) *DecodeError { var n Null; return d.Null(&n) }, "{}"},
		{`{}`, func(d *wireDecoder) *DecodeError { var n Null; return d.Null(&n) }, "!type"},
	}
	for _, c := range cases {
		s, i, f, b = "", 0, 0, false
		err := decodeWith(t, c.in, c.f)
		var got string
		switch {
		case err != nil:
			got = "!" + err.Code
		case strings.Contains(c.in, `"`):
			got = s
		default:
			got = fmt.Sprint(s, i, f, b)
			switch {
			case strings.HasPrefix(c.want, "tr") || strings.HasPrefix(c.want, "fa"):
				got = fmt.Sprint(b)
			case c.want == "{}":
				got = "{}"
			case strings.Contains(c.want, "."):
				got = fmt.Sprint(f)
			default:
				got = fmt.Sprint(i)
			}
		}
		if got != c.want {
			t.Errorf("%s: got %q want %q", c.in, got, c.want)
		}
	}
	// A short text: its strings (escaped or not) and free-form values share one copy of it.
	for _, fast := range []bool{false, true} {
		in := []byte(`["a\"b", "plain", {"x":[1]}, "\u00e9\n", "\ud800", "tail\\"]`)
		var d wireDecoder
		if fast {
			d.InitFast(in)
		} else if err := d.Init(in); err != nil {
			t.Fatal(err)
		}
		var strs [5]string
		var raw json.RawMessage
		d.ArrayStart()
		for k := 0; d.NextElement(); k++ {
			var err *DecodeError
			switch k {
			case 2:
				err = d.Raw(&raw, wireAnyKind)
			case 4:
				if err = d.String(&strs[2]); err == nil || err.Code != wireCodeUTF8 {
					t.Errorf("lone surrogate: got %v", err)
				}
				err = nil
			default:
				err = d.String(&strs[min(k, 4)])
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if fast && !d.Done() {
			t.Fatal("fast pass failed")
		}
		raw = append(raw, "!!!!!!!!"...) // capped: copies, overwrites nothing
		for k := range in {
			in[k] = 'X'
		}
		if want := [5]string{"a\"b", "plain", "", "é\n", "tail\\"}; strs != want || string(raw) != `{"x":[1]}!!!!!!!!` {
			t.Errorf("fast %v: got %q %s", fast, strs, raw)
		}
	}
}

func TestCheckRaw(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	cases := []struct {
		in        string
		level     int
		code, ptr string
	}{
		{`{"a":[1,"x",true,false,null,{"b":1e3}]}`, 1, "", ""},
		{deep(1000), 1, "", ""},
		{deep(1001), 1, wireCodeDepth, strings.Repeat("/0", 1000)},
		{deep(999), 2, "", ""},
		{deep(1000), 2, wireCodeDepth, strings.Repeat("/0", 999)},
		{`{"a":"\ud800"}`, 1, wireCodeUTF8, "/a"},
		{`{"\ud800":1}`, 1, wireCodeUTF8, ""},
		{`{"x":{"\udfff":1}}`, 1, wireCodeUTF8, "/x"},
		{`[1,1e400]`, 1, wireCodeRange, "/1"},
		{`{"a/b~":[-1e999]}`, 1, wireCodeRange, "/a~1b~0/0"},
		// ECMAScript order: "1" before "0"? no: index keys ascending, so "0" first.
		{`{"1":"\ud800","0":1e400}`, 1, wireCodeRange, "/0"},
		{`{"b":1e400,"a":"\ud800"}`, 1, wireCodeRange, "/b"},
		{`{"b":1e400,"5":"\ud800"}`, 1, wireCodeUTF8, "/5"},
		// duplicates: last value wins, the first is never checked
		{`{"a":1e400,"a":1}`, 1, "", ""},
		{`{"a":1,"a":"\udc00"}`, 1, wireCodeUTF8, "/a"},
		{`{"e":"true false null 1e5"}`, 1, "", ""},
		{`"\ud83d\ude00"`, 1, "", ""},
		{`["\uD83D\uDE00","\\ud800",1.5e3,-2E-5]`, 1, "", ""},
		{`["\ud83d\ude00\ud800"]`, 1, wireCodeUTF8, "/0"},
		{`["\ud83d\u0041"]`, 1, wireCodeUTF8, "/0"},
		{`["\ud83dx"]`, 1, wireCodeUTF8, "/0"},
		{`["\udc00\udc00"]`, 1, wireCodeUTF8, "/0"},
		{`["\ud83d\ud83d\ude00"]`, 1, wireCodeUTF8, "/0"},
		{`[1,2e308]`, 1, wireCodeRange, "/1"},
	}
	for _, c := range cases {
		if err := wireCheckText([]byte(c.in)); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		err := wireCheckRaw([]byte(c.in), c.level)
		code, ptr := "", ""
		if err != nil {
			code, ptr = err.Code, err.Pointer
		}
		if code != c.code || ptr != c.ptr {
			t.Errorf("%.60s: got %s %q want %s %q", c.in, code, ptr, c.code, c.ptr)
		}
	}
}

func TestCanonicalRaw(t *testing.T) {
	cases := []struct{ in, want, code string }{
		{` { "b" : 1 , "a" : 2 , "10" : 3 , "2" : 4 , "b" : 5 , "01" : 6 , "4294967294" : 7 , "4294967295" : 8 , "-1" : 9 } `,
			`{"2":4,"10":3,"4294967294":7,"b":5,"a":2,"01":6,"4294967295":8,"-1":9}`, ""},
		{`[1.0, 1e21, 1.5e-7, -0, 0.1, 123456789012345678901, "\u0041\u2028\/<>&", "\ud83d\ude00", "\u007f\u001f"]`,
			`[1,1e+21,1.5e-7,0,0.1,123456789012345680000,"A` + "\u2028" + `/<>&","😀","` + "\x7f" + `\u001f"]`, ""},
		{`{"a":{"z":1,"y":[]}}`, `{"a":{"z":1,"y":[]}}`, ""},
		{`{"a":1`, "", wireCodeSyntax},
		{"\"\xff\"", "", wireCodeUTF8},
		{`[1e400]`, "", wireCodeRange},
		{`{"\udc00":1}`, "", wireCodeUTF8},
	}
	for _, c := range cases {
		got, err := wireCanonicalRaw([]byte(c.in))
		if c.code != "" {
			if err == nil || err.Code != c.code {
				t.Errorf("%s: want %s got %v", c.in, c.code, err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("%s:\n got %s %v\nwant %s", c.in, got, err, c.want)
		}
	}
	if _, err := wireAppendRaw(nil, []byte(`[1]`), 1, 1<<wireKindObject); err == nil || err.Code != wireCodeType {
		t.Errorf("kinds: want type, got %v", err)
	}
	// The shortcut for a canonical value: taken exactly when the exact path writes the value unchanged.
	deep := strings.Repeat("[", 999) + strings.Repeat("]", 999)
	many := "{"
	for k := 0; k < 70; k++ {
		if k > 0 {
			many += ","
		}
		many += fmt.Sprintf(`"k%d":%d`, k, k)
	}
	many += "}"
	for _, in := range []string{
		`{}`, `[]`, `""`, `0`, `-0`, `1`, `-1`, `10`, `01`, `1.5`, `1.50`, `1e3`, `1e+21`, `1e21`, `1.5e-7`, `0.1`,
		`123456789012345`, `1234567890123456`, `12345678901234567`, `9007199254740993`, `-123456789012345`,
		`123456789012345680000`, `1e400`, `true`, `false`, `null`, `nul`, `[1,2]`, `[1 ,2]`, ` 1`, `1 `, `{"a":1}`,
		`{"a" :1}`, `{"a":1,"a":2}`, `{"a":1,"b":{"a":2}}`, `{"1":1}`, `{"01":1}`, `{"4294967295":1}`, `{"-1":1}`,
		`"\u0000"`, `"\u001f"`, `"\u001F"`, `"\u0008"`, `"\b\f\n\r\t\"\\"`, `"\/"`, `"\u0041"`, `"\u007f"`,
		"\"\x7f\"", "\"\u2028\"", "\"\xff\"", "\"\xed\xa0\x80\"", `"\ud800"`, `"\ud83d\ude00"`, "\"\t\"",
		`{"\u00e9":1}`, `{"é":1,"e":2}`, `[{"a":[{"b":null}]},"x",-2.5e-8]`, `{"a":1,}`, `[1,]`, `{"a"}`, `"abc`,
		deep, "[" + deep + "]", many, `[` + many + `]`,
	} {
		for _, kinds := range []wireKinds{wireAnyKind, 1 << wireKindObject} {
			for _, level := range []int{1, 2} {
				exact, err := wireAppendRawExact([]byte("x"), []byte(in), level, kinds)
				same := err == nil && string(exact) == "x"+in
				if got := wireCanonical([]byte(in), level, kinds); got && !same {
					t.Errorf("%.40s (level %d, kinds %b): shortcut taken, but the exact path gives %.40s %v", in, level, kinds, exact, err)
				} else if !got && same && in != many && in != "["+many+"]" && in != `{"1":1}` { // array-index keys, many keys: never
					t.Errorf("%.40s (level %d, kinds %b): canonical, shortcut not taken", in, level, kinds)
				}
			}
		}
	}
}

func TestAppendExtras(t *testing.T) {
	ex := []Member{{"b", json.RawMessage(`1`)}, {"1", json.RawMessage(` "x" `)}, {"b", json.RawMessage(`2`)}, {"0", json.RawMessage(`{ }`)}}
	got, err := wireAppendExtras([]byte(`{"k":1`), ex, true, 2, func(k string) bool { return k == "k" })
	if err != nil || string(got) != `{"k":1,"0":{},"1":"x","b":2` {
		t.Fatalf("got %s %v", got, err)
	}
	_, err = wireAppendExtras(nil, []Member{{"k", json.RawMessage(`1`)}}, false, 2, func(k string) bool { return k == "k" })
	if err == nil || err.Pointer != "/k" {
		t.Fatalf("declared key: %v", err)
	}
	_, err = wireAppendExtras(nil, []Member{{"x", json.RawMessage(`[1e999]`)}}, false, 2, func(string) bool { return false })
	if err == nil || err.Code != wireCodeRange || err.Pointer != "/x/0" {
		t.Fatalf("bad value: %v", err)
	}
}

func TestObjectWalk(t *testing.T) {
	// keys are unescaped before matching and matched case-sensitively
	var d wireDecoder
	if err := d.Init([]byte(`{"\u0061":1, "A":2, "a\/b":[1,{"x":[]}], "c":"s"}`)); err != nil {
		t.Fatal(err)
	}
	var keys []string
	d.ObjectStart()
	for d.NextMember() {
		keys = append(keys, string(d.Key()))
		d.Skip()
	}
	if strings.Join(keys, ",") != "a,A,a/b,c" {
		t.Fatalf("keys %v", keys)
	}
	if err := (&DecodeError{Code: "x"}).in("a/b~c").at(3); err.Pointer != "/3/a~1b~0c" {
		t.Fatalf("pointer %q", err.Pointer)
	}
}

func TestProbe(t *testing.T) {
	var d wireDecoder
	if err := d.Init([]byte(`{"x":{"method":"no"},"method":"op\u0065n","n":2.0,"b":false,"z":null,"method":"open"}`)); err != nil {
		t.Fatal(err)
	}
	var p wireProbe
	if !d.ProbeObject(&p, wireKeySet("method", "nn", "b", "z", "missing", "k6", "k7", "k8", "k9", "n")) {
		t.Fatal("not object")
	}
	if !p.IsString(0, "open") || p.Has(1) || !p.IsBool(2, false) || !p.IsNull(3) || p.Has(4) || p.Has(8) || !p.IsNumber(9, 2) {
		t.Fatal("probe")
	}
	if d.Kind() != wireKindObject {
		t.Fatal("probe consumed input")
	}
}

// The length mask only rules keys out: every name is found, a same-length other key is not, and
// names of 63 bytes or more share the mask's last bit.
func TestKeySetIndex(t *testing.T) {
	long := strings.Repeat("k", 70)
	ks := wireKeySet("event", "error", "id", long)
	for want, key := range []string{"event", "error", "id", long} {
		if got := ks.index([]byte(key)); got != want {
			t.Fatalf("index(%q) = %d, want %d", key, got, want)
		}
	}
	for _, key := range []string{"", "i", "evenT", "idx", strings.Repeat("k", 63), strings.Repeat("k", 69) + "j"} {
		if got := ks.index([]byte(key)); got != -1 {
			t.Fatalf("index(%q) = %d, want -1", key, got)
		}
	}
}

// Str gives a string member's contents, unescaped, and refuses any other value and a lone surrogate.
func TestProbeStr(t *testing.T) {
	text := []byte(`{"a":"open","b":"op\u0065n","c":"\ud800","d":1,"e":"x\\","f":""}`)
	var d wireDecoder
	d.InitFast(text)
	var p wireProbe
	if !d.ProbeObject(&p, wireKeySet("a", "b", "c", "d", "e", "f", "g")) {
		t.Fatal("not object")
	}
	for k, want := range []string{"open", "open", "", "", `x\`, "", ""} {
		s, ok := p.Str(k)
		if okWant := k != 2 && k != 3 && k != 6; ok != okWant || s != want {
			t.Fatalf("Str(%d) = %q, %v; want %q, %v", k, s, ok, want, okWant)
		}
	}
}

func TestSecret(t *testing.T) {
	type holder struct {
		Key  Secret
		Opt  *Secret
		Name string
	}
	s := Secret("hunter2")
	h := holder{Key: s, Opt: &s, Name: "n"}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("x", "s", s, "h", h)
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("x", "s", s, "h", h)
	js, _ := json.Marshal(h)
	outs := []string{fmt.Sprint(s), fmt.Sprintf("%v %+v %#v %s %q %x %d", s, s, s, s, s, s, s), s.String(), s.GoString(),
		fmt.Sprintf("%v %+v %#v %s", h, h, h, &h), fmt.Sprint(h.Opt), buf.String(), string(js)}
	for _, o := range outs {
		if strings.Contains(o, "hunter2") {
			t.Errorf("secret revealed: %s", o)
		}
	}
	if s.Reveal() != "hunter2" {
		t.Fatal("reveal")
	}
}

type lineDecoder struct{}

func decodeLine(line []byte) (string, bool, error) {
	if string(line) == "skip" {
		return "", true, nil
	}
	if len(line) == 0 {
		return "", false, wireFail(wireCodeSyntax, "empty")
	}
	return string(line), false, nil
}

func readAll(r io.Reader, limit int) []string {
	fr := wireNewFrameReader(r, limit, decodeLine)
	var out []string
	for {
		v, err := fr.Next()
		if err == io.EOF {
			return out
		}
		var de *DecodeError
		if errors.As(err, &de) {
			out = append(out, "!"+de.Code)
			continue
		}
		if err != nil {
			return append(out, "ERR "+err.Error())
		}
		out = append(out, v)
	}
}

type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:1]) }

func TestFrameReader(t *testing.T) {
	cases := []struct {
		in    string
		limit int
		want  string
	}{
		{"a\nbb\n", 5, "a|bb"},
		{"a\nskip\nb\n", 5, "a|b"},
		{"a\n\nb\r\n", 5, "a|!syntax|b\r"},
		{"12345\n123456\nx\n", 5, "12345|!frame_too_large|x"},
		{"1234\r\n", 5, "1234\r"},
		{"12345\r\n", 5, "!frame_too_large"},
		{"a\nlast", 5, "a|!syntax"},
		{"a\n123456789", 5, "a|!frame_too_large"},
		{"", 5, ""},
		{strings.Repeat("x", 200000) + "\nok\n" + strings.Repeat("y", 70000) + "\n", 65536, "!frame_too_large|ok|!frame_too_large"},
		{strings.Repeat("x", 65536) + "\nok\n", 65536, strings.Repeat("x", 65536) + "|ok"},
	}
	for _, c := range cases {
		for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, func(r io.Reader) io.Reader { return oneByte{r} }} {
			if len(c.in) > 1000 && wrap(nil) != nil {
				if _, ok := wrap(nil).(oneByte); ok {
					continue
				}
			}
			got := strings.Join(readAll(wrap(strings.NewReader(c.in)), c.limit), "|")
			if got != c.want {
				t.Errorf("%.30q: got %.60q want %.60q", c.in, got, c.want)
			}
		}
	}
}

// endless yields n bytes of 'x' without a newline, then "\nok\n".
type endless struct{ n, sent int }

func (e *endless) Read(p []byte) (int, error) {
	if e.sent >= e.n+4 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && e.sent < e.n+4 {
		if e.sent < e.n {
			p[k] = 'x'
		} else {
			p[k] = "\nok\n"[e.sent-e.n]
		}
		k++
		e.sent++
	}
	return k, nil
}

func TestFrameReaderBoundedMemory(t *testing.T) {
	limit := 1 << 20
	fr := wireNewFrameReader(&endless{n: 256 << 20}, limit, decodeLine)
	_, err := fr.Next()
	var de *DecodeError
	if !errors.As(err, &de) || de.Code != wireCodeFrameTooLarge {
		t.Fatalf("want frame_too_large, got %v", err)
	}
	if cap(fr.buf) > limit+1+wireReadChunk {
		t.Fatalf("buffer grew to %d", cap(fr.buf))
	}
	v, err := fr.Next()
	if err != nil || v != "ok" {
		t.Fatalf("after discard: %q %v", v, err)
	}
	if cap(fr.buf) > limit+1+wireReadChunk {
		t.Fatalf("buffer grew to %d", cap(fr.buf))
	}
	if _, err := fr.Next(); err != io.EOF {
		t.Fatalf("want EOF, got %v", err)
	}
}

func TestFrameReaderNeedsLimit(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	wireNewFrameReader(strings.NewReader(""), 0, decodeLine)
}

func TestErrorMessages(t *testing.T) {
	var d wireDecoder
	if err := d.Init([]byte(`123`)); err != nil {
		t.Fatal(err)
	}
	var s string
	err := d.String(&s)
	if err.Error() != `wire: decode type at "": expected string, got number` {
		t.Fatalf("%q", err.Error())
	}
}

func TestStringStop(t *testing.T) {
	// wireStringStopValid steps over valid non-ASCII characters as utf8 decides: texts of whole
	// characters, some of them invalid (a lone lead byte, a surrogate, a stray continuation byte)
	naiveValid := func(b []byte, i int) int {
		for i < len(b) {
			if c := b[i]; c == '"' || c == '\\' || c < 0x20 {
				return i
			} else if c < utf8.RuneSelf {
				i++
				continue
			}
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				return i
			}
			i += n
		}
		return i
	}
	// every sequence of up to three bytes (and a fourth) that starts with a non-ASCII byte, at
	// the start of the DFA's eight bytes and across two of them, followed by nothing or by ASCII
	var b []byte
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for _, c2 := range []byte{0, 0x7f, 0x80, 0x8f, 0x90, 0xbf, 0xc0, 0xff} {
				for _, seq := range [][]byte{{byte(c0), byte(c1), c2, 0x80}, {byte(c0), byte(c1), c2}, {byte(c0), byte(c1)}, {byte(c0)}} {
					for _, pre := range []string{"", "aaaaaaaaa", "\u00e9aa", "\u00e9aaaaa"} {
						for _, post := range []string{"", "z"} {
							b = append(append(append(b[:0], pre...), seq...), post...)
							if got, want := wireStringStopValid(b, 0), naiveValid(b, 0); got != want {
								t.Fatalf("% x: got %d want %d", b, got, want)
							}
						}
					}
				}
			}
		}
	}
	naive := func(b []byte, i int) int {
		for i < len(b) && b[i] != '"' && b[i] != '\\' && b[i] >= 0x20 {
			i++
		}
		return i
	}
	alphabet := []byte{'a', '"', '\\', 0, 0x1f, 0x20, 0x7f, 0x80, 0xff, '!', '#', '[', ']', 0x21, 0x22 ^ 0x80}
	seed := uint32(1)
	for n := 0; n < 20000; n++ {
		l := n % 40
		b := make([]byte, l)
		for k := range b {
			seed = seed*1664525 + 1013904223
			if seed>>28 < 12 {
				b[k] = 'a' + byte(seed>>8)%26
			} else {
				b[k] = alphabet[(seed>>8)%uint32(len(alphabet))]
			}
		}
		for i := 0; i <= l; i++ {
			if got, want := wireStringStop(b, i), naive(b, i); got != want {
				t.Fatalf("%q from %d: got %d want %d", b, i, got, want)
			}
		}
	}
	tokens := []string{"a", "bc", "é", "東", "🚀", "\"", "\\", "\x01", "\xff", "\xc3", "\xed\xa0\x80", "\x80", "defghijk"}
	for n := 0; n < 20000; n++ {
		var b []byte
		for k := 0; k < n%24; k++ {
			seed = seed*1664525 + 1013904223
			if seed>>28 < 10 {
				b = append(b, tokens[(seed>>8)%5]...)
			} else {
				b = append(b, tokens[(seed>>8)%uint32(len(tokens))]...)
			}
		}
		for i := 0; i <= len(b); i++ {
			if got, want := wireStringStopValid(b, i), naiveValid(b, i); got != want {
				t.Fatalf("Valid: %q from %d: got %d want %d", b, i, got, want)
			}
		}
	}
}
