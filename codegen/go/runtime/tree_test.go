package wire

import (
	"math"
	"strings"
	"testing"
)

// keysOf lists an object tree's keys with their Doc indices.
func keysOf(v *wireValue) string {
	var s []string
	for _, k := range v.Keys {
		s = append(s, k.Name+"@"+string(rune('0'+k.Doc)))
	}
	return strings.Join(s, ",")
}

func TestParseTreeScalars(t *testing.T) {
	v := wireParseTree([]byte(` "a\nb\u00e9\ud83d\ude00" `), 1)
	if v.Kind != wireKindString || v.Str != "a\nbé😀" || v.Bad || string(v.Raw) != `"a\nb\u00e9\ud83d\ude00"` {
		t.Fatalf("string: %+v", v)
	}
	v = wireParseTree([]byte(`"x\udc00"`), 1)
	if !v.Bad || v.Str != "x\xed\xb0\x80" {
		t.Fatalf("lone surrogate: %+v", v)
	}
	for text, want := range map[string]float64{"1e400": math.Inf(1), "-1e400": math.Inf(-1), "5e-324": 5e-324, "1e-400": 0, "0.1": 0.1} {
		v = wireParseTree([]byte(text), 1)
		if v.Kind != wireKindNumber || v.Num != want || string(v.Raw) != text {
			t.Errorf("%s: %+v", text, v)
		}
	}
	if v = wireParseTree([]byte("-0"), 1); !math.Signbit(v.Num) || !v.Finite() {
		t.Errorf("-0 is kept as JSON.parse gives it: %+v", v)
	}
	if v = wireParseTree([]byte("true"), 1); v.Kind != wireKindBoolean || !v.True {
		t.Errorf("true: %+v", v)
	}
	if v = wireParseTree([]byte("false"), 1); v.Kind != wireKindBoolean || v.True {
		t.Errorf("false: %+v", v)
	}
	if v = wireParseTree([]byte("null"), 1); v.Kind != wireKindNull {
		t.Errorf("null: %+v", v)
	}
}

func TestParseTreeOrder(t *testing.T) {
	v := wireParseTree([]byte(`{"b":1,"2":2,"a":3,"01":4,"b":5,"0":6,"4294967295":7,"4294967294":8}`), 1)
	if got := keysOf(v); got != "0@5,2@1,4294967294@7,b@0,a@2,01@3,4294967295@6" {
		t.Fatalf("order: %s", got)
	}
	if b := v.Get("b"); b == nil || b.Num != 5 {
		t.Fatalf("duplicate keeps the last value: %+v", b)
	}
	if v.Get("zz") != nil || v.Len() != 7 {
		t.Fatal("Get/Len")
	}
	// many members take the map path of the duplicate resolution
	var sb strings.Builder
	sb.WriteString(`{`)
	for i := 0; i < 20; i++ {
		sb.WriteString(`"k` + string(rune('a'+i)) + `":1,`)
	}
	sb.WriteString(`"ka":2,"7":0}`)
	v = wireParseTree([]byte(sb.String()), 1)
	if v.Len() != 21 || v.Keys[0].Name != "7" || v.Keys[1].Name != "ka" || v.Kids[1].Num != 2 || v.Keys[1].Doc != 0 {
		t.Fatalf("map path: %s", keysOf(v))
	}
	// keys: escapes and lone surrogates
	v = wireParseTree([]byte(`{"\u0061":1,"\ud800":2,"__proto__":3}`), 1)
	if v.Keys[0].Name != "a" || v.Keys[1].Name != "\xed\xa0\x80" || !v.Keys[1].Bad || v.Keys[2].Name != "__proto__" {
		t.Fatalf("keys: %+v", v.Keys)
	}
}

func TestParseTreeLevelsAndRaw(t *testing.T) {
	v := wireParseTree([]byte(`[ {"a" : [ ] } , 1 ]`), 3)
	if v.Level != 3 || v.Kids[0].Level != 4 || v.Kids[0].Kids[0].Level != 5 || string(v.Kids[0].Raw) != `{"a" : [ ] }` {
		t.Fatalf("levels/raw: %+v", v)
	}
}

func TestParseTreeDeep(t *testing.T) {
	n := 2 << 20 // 4 MiB of brackets
	b := []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
	v := wireParseTree(b, 1)
	if err := wireFreeTree(v, wireAnyKind); err == nil || err.Code != wireCodeDepth || wirePointerDepth(err.Pointer) != 1000 {
		t.Fatalf("deep: %v", err)
	}
	if c := wireCanon(v); len(c) != len(b) {
		t.Fatalf("canon of a deep value: %d bytes", len(c))
	}
}

func TestTreeOnDecoder(t *testing.T) {
	text := []byte(`{"x":[1,{"k":"v"}],"y":2}`)
	for _, fast := range []bool{false, true} {
		var d wireDecoder
		if fast {
			d.InitFast(text)
		} else if err := d.Init(text); err != nil {
			t.Fatal(err)
		}
		d.ObjectStart()
		d.NextMember()
		tr, err := d.Tree()
		if err != nil || tr.Kind != wireKindArray || tr.Level != 2 || tr.Kids[1].Level != 3 {
			t.Fatalf("fast=%v: tree %+v %v", fast, tr, err)
		}
		sub := d.Sub(tr)
		var got strings.Builder
		walkFast(&sub, &got)
		if got.String() != "[{k:v}]" || sub.bad || sub.depth != 1 {
			t.Fatalf("fast=%v: sub decoded %q", fast, got.String())
		}
		// d went on past the value, as after Skip
		if !d.NextMember() || string(d.Key()) != "y" {
			t.Fatalf("fast=%v: after Tree", fast)
		}
		var y int64
		if err := d.Int(&y); err != nil || y != 2 || d.NextMember() || !d.Done() {
			t.Fatalf("fast=%v: rest", fast)
		}
	}
}

func TestTreeFastPathFallsBack(t *testing.T) {
	for _, text := range []string{`{"a":[1,]}`, `{"a":"\x"}`, "{\"a\":\"\xff\"}", `{"a":[`, `{"a":`} {
		var d wireDecoder
		d.InitFast([]byte(text))
		d.ObjectStart()
		d.NextMember()
		if tr, err := d.Tree(); tr != nil || err == nil || !d.bad || d.Done() {
			t.Errorf("%q: %v %v", text, tr, err)
		}
		if _, err := d.Tree(); err == nil {
			t.Errorf("%q: a bad pass stays bad", text)
		}
	}
}

func TestTreePropertyOrder(t *testing.T) {
	var d wireDecoder
	if err := d.Init([]byte(`{"b":1,"1":2,"a":{"z":1,"0":2}}`)); err != nil {
		t.Fatal(err)
	}
	d.PropertyOrder()
	tr, _ := d.Tree()
	if keysOf(tr) != "1@0,b@1,a@2" || keysOf(&tr.Kids[2]) != "0@0,z@1" {
		t.Fatalf("property order: %s / %s", keysOf(tr), keysOf(&tr.Kids[2]))
	}
	known := func(k string) bool { return k == "a" }
	if err := wireClosedTree(tr, known); err == nil || err.Pointer != "/1" {
		t.Fatalf("closed under property order: %v", err)
	}
}

func TestTreeRecordsWatchedKeys(t *testing.T) {
	text := []byte(`{"a":"x","b":1,"a":"y"}`)
	var d wireDecoder
	d.InitFast(text)
	var p wireProbe
	keys := wireKeySet("a", "b")
	if !d.PeekObject(&p, keys) || !p.Partial() {
		t.Fatal("partial probe expected")
	}
	w := d.Watch(keys)
	tr, err := d.Tree()
	if err != nil || tr.Len() != 2 {
		t.Fatal(err)
	}
	if d.Unwatch(w, &p) {
		t.Fatal("the last 'a' differs from the first: not the same probe")
	}
	if !p.IsString(0, "y") || !p.IsNumber(1, 1) {
		t.Fatalf("watched positions: %v", p.pos)
	}
}

// A partial probe whose key occurs once is the complete one: Unwatch says so, and the union skips
// its second dispatch (a probe's unused slots must match the watch's).
func TestUnwatchSameWhenTheKeyOccursOnce(t *testing.T) {
	text := []byte(`{"x":1,"a":"x","b":2}`)
	var d wireDecoder
	d.InitFast(text)
	var p wireProbe
	keys := wireKeySet("a")
	if !d.PeekObject(&p, keys) || !p.Partial() {
		t.Fatal("partial probe expected")
	}
	w := d.Watch(keys)
	if _, err := d.Tree(); err != nil {
		t.Fatal(err)
	}
	if !d.Unwatch(w, &p) {
		t.Fatalf("one 'a': the same probe (%v)", p.pos)
	}
}

func TestSubOfForeignTreePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	var d wireDecoder
	_ = d.Init([]byte(`1`))
	d.Sub(wireParseTree([]byte(`1`), 1))
}
