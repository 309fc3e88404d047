package wire

import (
	"strings"
	"testing"
)

func TestNullable(t *testing.T) {
	var n Nullable[string]
	if n.Ptr() != nil || n.Or("d") != "d" {
		t.Fatal("null")
	}
	n = wireSome("x")
	if p := n.Ptr(); p == nil || *p != "x" || n.Or("d") != "x" {
		t.Fatal("value")
	}
	*n.Ptr() = "changed"
	if n.Value != "x" {
		t.Fatal("Ptr points to a copy")
	}
}

func TestOrderedMap(t *testing.T) {
	var nilMap *OrderedMap[int]
	if nilMap.Len() != 0 || nilMap.Keys() != nil {
		t.Fatal("nil map is empty")
	}
	if _, ok := nilMap.Get("a"); ok {
		t.Fatal("nil map Get")
	}
	for range nilMap.All() {
		t.Fatal("nil map All")
	}
	var m OrderedMap[int]
	for i, k := range []string{"b", "10", "a", "2", "b", "01", "4294967295", "0"} {
		m.Set(k, i)
	}
	if got := strings.Join(m.Keys(), ","); got != "b,10,a,2,01,4294967295,0" {
		t.Fatalf("insertion order: %s", got)
	}
	if v, ok := m.Get("b"); !ok || v != 4 || m.Len() != 7 {
		t.Fatalf("a repeated Set keeps the position and takes the value: %d", v)
	}
	var order []string
	for k := range wireMapOrder(&m) {
		order = append(order, k)
	}
	if got := strings.Join(order, ","); got != "0,2,10,b,a,01,4294967295" {
		t.Fatalf("encoder order: %s", got)
	}
	if !m.Delete("b") || m.Delete("b") {
		t.Fatal("Delete")
	}
	m.Set("b", 9)
	if got := strings.Join(m.Keys(), ","); got != "10,a,2,01,4294967295,0,b" {
		t.Fatalf("after Delete and Set: %s", got)
	}
	if v, _ := m.Get("0"); v != 7 {
		t.Fatal("index after Delete")
	}
	n := 0
	for k, v := range m.All() {
		if got, _ := m.Get(k); got != v {
			t.Fatal("All pairs")
		}
		if n++; n == 2 {
			break
		}
	}
}
