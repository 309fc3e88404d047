package xcheck

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// Stand-ins for the generated code's types (the runtime's Nullable and OrderedMap, a union and its
// variants), so that the builders are tested before the runtime has them.

type Nullable[T any] struct {
	Value T
	Valid bool
}

type OrderedMap[T any] struct {
	keys  []string
	vals  []T
	index map[string]int
}

func (m *OrderedMap[T]) Set(key string, v T) {
	if i, ok := m.index[key]; ok {
		m.vals[i] = v
		return
	}
	if m.index == nil {
		m.index = map[string]int{}
	}
	m.index[key] = len(m.keys)
	m.keys = append(m.keys, key)
	m.vals = append(m.vals, v)
}

type Shape interface{ isShape() }

type Circle struct {
	R     float64
	Label *string
}

func (*Circle) isShape() {}

type Square struct {
	Side int64
}

func (*Square) isShape() {}

// a wrapper variant (a named scalar) and a boxed one (a nested union)
type ShapeName string

func (ShapeName) isShape() {}

type Thing struct {
	Name  Nullable[string]
	Attrs OrderedMap[int64]
	Shape Shape
	Extra []Member
}

// an object whose extras have a schema (additionalProperties: {...}): an OrderedMap field
type Counts struct {
	Total int64
	Rest  OrderedMap[int64]
}

type Member struct {
	Key   string
	Value json.RawMessage
}

// an object whose one Go field is its property "value" of a union type (its other property, "kind",
// is an implied const): the same shape as a box of a nested union, but an object of its own
type Holder struct {
	Value Shape
}

func testTypes() *Types {
	return &Types{
		Named: map[string]reflect.Type{
			"Shape": reflect.TypeFor[Shape](), "Circle": reflect.TypeFor[Circle](), "Square": reflect.TypeFor[Square](),
			"ShapeName": reflect.TypeFor[ShapeName](), "Thing": reflect.TypeFor[Thing](), "Counts": reflect.TypeFor[Counts](),
		},
		Fields: map[reflect.Type]map[string]string{
			reflect.TypeFor[Circle](): {"kind": "", "r": "R", "label": "Label"},
			reflect.TypeFor[Square](): {"kind": "", "side": "Side"},
			reflect.TypeFor[Thing]():  {"name": "Name", "attrs": "Attrs", "shape": "Shape"},
			reflect.TypeFor[Counts](): {"total": "Total"},
			reflect.TypeFor[Holder](): {"kind": "", "value": "Value"},
		},
		Extra: map[reflect.Type]string{reflect.TypeFor[Thing](): "Extra", reflect.TypeFor[Counts](): "Rest"},
		Wraps: map[reflect.Type]reflect.Type{reflect.TypeFor[ShapeName](): reflect.TypeFor[string]()},
		Codecs: map[string]Codec{"Shape": {Decode: func(b []byte) (any, error) {
			var probe map[string]any
			if json.Unmarshal(b, &probe) != nil {
				return ShapeName(""), nil
			}
			switch probe["kind"] {
			case "circle":
				return &Circle{}, nil
			case "square":
				return &Square{}, nil
			}
			return nil, errors.New("unknown_variant")
		}}},
	}
}

func TestBuildValueWithNewTypes(t *testing.T) {
	ts := testTypes()
	v, err := BuildValueWith(`{"name":null,"attrs":{"b":1,"a":2,"b":3},"shape":{"kind":"square","side":4},"zz":[1]}`, reflect.TypeFor[Thing](), ts)
	if err != nil {
		t.Fatal(err)
	}
	th := v.Interface().(Thing)
	if th.Name.Valid {
		t.Errorf("null must build an invalid Nullable, got %+v", th.Name)
	}
	if got := th.Attrs.keys; !reflect.DeepEqual(got, []string{"b", "a"}) || !reflect.DeepEqual(th.Attrs.vals, []int64{3, 2}) {
		t.Errorf("an OrderedMap keeps first positions and last values: %v %v", th.Attrs.keys, th.Attrs.vals)
	}
	if sq, ok := th.Shape.(*Square); !ok || sq.Side != 4 {
		t.Errorf("the union's decoder picks the variant: got %#v", th.Shape)
	}
	if len(th.Extra) != 1 || th.Extra[0].Key != "zz" || string(th.Extra[0].Value) != "[1]" {
		t.Errorf("extra members: %+v", th.Extra)
	}

	v, err = BuildValueWith(`{"name":"n","attrs":{},"shape":"plain"}`, reflect.TypeFor[Thing](), ts)
	if err != nil {
		t.Fatal(err)
	}
	th = v.Interface().(Thing)
	if !th.Name.Valid || th.Name.Value != "n" {
		t.Errorf("a value builds a valid Nullable: %+v", th.Name)
	}
	if n, ok := th.Shape.(ShapeName); !ok || n != "plain" {
		t.Errorf("a wrapper variant is built from its wrapped type: %#v", th.Shape)
	}

	// a value the union's decoder rejects: the first variant type (by name) it can be built as
	v, err = BuildValueWith(`{"kind":"nope","r":1.5}`, reflect.TypeFor[Shape](), ts)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := v.Interface().(*Circle); !ok || c.R != 1.5 {
		t.Errorf("fallback variant: %#v", v.Interface())
	}
	if _, err := BuildValueWith(`{"side":1,"unknown":2}`, reflect.TypeFor[Square](), ts); err == nil {
		t.Error("a key the struct does not declare (and no Extra field) must be an error")
	}
}

// Seed 478374914 schemas 949 and 992 of the generator fuzzer: an object with the one Go field Value
// was taken for the box of a nested union and filled from its own text again (forever: a hang on a
// long input, else a stack overflow; or the wrong value: encode said type at /value).
func TestBuildValueWithObjectOfOneValueField(t *testing.T) {
	v, err := BuildValueWith(`{"kind":"v0","value":{"kind":"square","side":2}}`, reflect.TypeFor[Holder](), testTypes())
	if err != nil {
		t.Fatal(err)
	}
	if sq, ok := v.Interface().(Holder).Value.(*Square); !ok || sq.Side != 2 {
		t.Errorf("the property value is the union: got %#v", v.Interface())
	}
}

func TestBuildValueWithMapExtras(t *testing.T) {
	v, err := BuildValueWith(`{"b":1,"total":3,"a":2,"b":4}`, reflect.TypeFor[Counts](), testTypes())
	if err != nil {
		t.Fatal(err)
	}
	c := v.Interface().(Counts)
	if c.Total != 3 || !reflect.DeepEqual(c.Rest.keys, []string{"b", "a"}) || !reflect.DeepEqual(c.Rest.vals, []int64{4, 2}) {
		t.Errorf("undeclared members go to the OrderedMap extras (first positions, last values): %+v", c)
	}
	if _, err := BuildValueWith(`{"total":3,"a":"x"}`, reflect.TypeFor[Counts](), testTypes()); err == nil {
		t.Error("an extra member that is not of the map's value type must be an error")
	}
}

// a tuple's struct (prefixItems): elements by index into Item<n>, the others into Rest
type Pair struct {
	Item1 string
	Item2 *Circle
	Rest  []int64
}

type Closed2 struct {
	Item1 *string
}

func TestBuildTuple(t *testing.T) {
	types := &Types{
		Fields: map[reflect.Type]map[string]string{reflect.TypeFor[Circle](): {"r": "R", "label": "Label"}},
		Tuples: map[reflect.Type]TupleFields{
			reflect.TypeFor[Pair]():    {Items: []string{"Item1", "Item2"}, Rest: "Rest"},
			reflect.TypeFor[Closed2](): {Items: []string{"Item1"}},
		},
	}
	v, err := BuildValueWith(`["a",{"r":2},3,4]`, reflect.TypeFor[Pair](), types)
	if err != nil {
		t.Fatal(err)
	}
	p := v.Interface().(Pair)
	if p.Item1 != "a" || p.Item2 == nil || p.Item2.R != 2 || !reflect.DeepEqual(p.Rest, []int64{3, 4}) {
		t.Fatalf("got %+v", p)
	}
	v, err = BuildValueWith(`["a"]`, reflect.TypeFor[Pair](), types)
	if err != nil || v.Interface().(Pair).Item2 != nil {
		t.Fatalf("a short tuple: %v %+v", err, v)
	}
	if _, err := BuildValueWith(`["a","b"]`, reflect.TypeFor[Closed2](), types); err == nil {
		t.Fatal("an element past a tuple without Rest was accepted")
	}
}
