package wire

import (
	"strings"
	"testing"
)

// compileCase compiles the small schema language of the "check" cases of tests/tree-cases.json
// (the same compiler as tests/ts/tree-cases.test.ts has) into calls of the tree helpers.
func compileCase(t *testing.T, s *wireValue, ev bool) wireCheckEv {
	if s.Kind == wireKindBoolean {
		if s.True {
			return func(*wireValue, *wireEv) *DecodeError { return nil }
		}
		return func(v *wireValue, _ *wireEv) *DecodeError { return wireNever(v) }
	}
	keywords := "type const enum minProperties maxProperties properties closed propertyNames items contains minContains maxContains uniqueItems multipleOf format not if then else anyOf oneOf unevaluatedProperties unevaluatedItems"
	for _, k := range s.Keys {
		if !strings.Contains(" "+keywords+" ", " "+k.Name+" ") {
			t.Fatalf("unknown keyword %s", k.Name)
		}
	}
	var parts []wireCheckEv
	add := func(c wireCheckEv) { parts = append(parts, c) }
	sub := func(x *wireValue) wireCheck { return plainCheck(compileCase(t, x, ev)) }
	num := func(key string, def int) int {
		if x := s.Get(key); x != nil {
			return int(x.Num)
		}
		return def
	}
	if ty := s.Get("type"); ty != nil {
		add(func(v *wireValue, _ *wireEv) *DecodeError {
			switch ty.Str {
			case "string":
				return wireTreeString(v)
			case "integer":
				return wireTreeInteger(v)
			case "number":
				return wireTreeNumber(v)
			case "boolean":
				return wireTreeKind(v, wireKindBoolean)
			case "null":
				return wireTreeKind(v, wireKindNull)
			case "array":
				return wireTreeKind(v, wireKindArray)
			}
			return wireTreeKind(v, wireKindObject)
		})
	}
	if c, e := s.Get("const"), s.Get("enum"); c != nil || e != nil {
		var canon []string
		code := wireCodeEnum
		if c != nil {
			canon, code = []string{wireCanon(c)}, wireCodeConst
		} else {
			for i := range e.Kids {
				canon = append(canon, wireCanon(&e.Kids[i]))
			}
		}
		add(func(v *wireValue, _ *wireEv) *DecodeError { return wireOneOfValues(v, canon, code) })
	}
	if s.Get("minProperties") != nil || s.Get("maxProperties") != nil {
		lo, hi := num("minProperties", -1), num("maxProperties", -1)
		add(func(v *wireValue, _ *wireEv) *DecodeError { return wireSizeCheck(v, lo, hi) })
	}
	if props, closed := s.Get("properties"), s.Get("closed"); props != nil || closed != nil {
		var names []string
		var subs []wireCheckEv
		if props != nil {
			for m := range props.Keys {
				names = append(names, props.Keys[m].Name)
				subs = append(subs, compileCase(t, &props.Kids[m], ev))
			}
		}
		known := func(k string) bool {
			for _, n := range names {
				if n == k {
					return true
				}
			}
			return false
		}
		add(func(v *wireValue, e *wireEv) *DecodeError {
			if v.Kind != wireKindObject {
				return nil
			}
			if closed != nil && closed.True {
				if err := wireClosedTree(v, known); err != nil {
					return err
				}
			}
			for i, n := range names {
				if x := v.Get(n); x != nil {
					if err := subs[i](x, &wireEv{}); err != nil {
						return err.in(n)
					}
				}
			}
			wireEvObject(v, e, known, nil, false)
			return nil
		})
	}
	if x := s.Get("propertyNames"); x != nil {
		c := sub(x)
		add(func(v *wireValue, _ *wireEv) *DecodeError { return wirePropertyNames(v, c) })
	}
	if x := s.Get("items"); x != nil {
		c := sub(x)
		add(func(v *wireValue, e *wireEv) *DecodeError {
			if v.Kind != wireKindArray {
				return nil
			}
			for i := range v.Kids {
				if err := c(&v.Kids[i]); err != nil {
					return err.at(i)
				}
			}
			wireEvItems(v, e, 0, true)
			return nil
		})
	}
	if x := s.Get("contains"); x != nil {
		c := sub(x)
		lo, hi := num("minContains", 1), num("maxContains", -1)
		add(func(v *wireValue, e *wireEv) *DecodeError {
			if !ev {
				e = nil
			}
			return wireContains(v, c, lo, hi, e)
		})
	}
	if x := s.Get("uniqueItems"); x != nil && x.True {
		add(func(v *wireValue, _ *wireEv) *DecodeError { return wireUnique(v) })
	}
	if x := s.Get("multipleOf"); x != nil {
		add(func(v *wireValue, _ *wireEv) *DecodeError {
			if v.Kind == wireKindNumber && !wireMultipleOf(v.Num, x.Num) {
				return wireFail(wireCodeRange, "multipleOf")
			}
			return nil
		})
	}
	if x := s.Get("format"); x != nil {
		add(func(v *wireValue, _ *wireEv) *DecodeError {
			if v.Kind == wireKindString && !wireFormats[x.Str](v.Str) {
				return wireFail(wireCodeFormat, "format")
			}
			return nil
		})
	}
	if x := s.Get("not"); x != nil {
		c := sub(x)
		add(func(v *wireValue, _ *wireEv) *DecodeError { return wireNot(v, c) })
	}
	if x := s.Get("if"); x != nil {
		opt := func(key string) wireCheckEv {
			if y := s.Get(key); y != nil {
				return compileCase(t, y, ev)
			}
			return nil
		}
		ci, ct, ce := compileCase(t, x, ev), opt("then"), opt("else")
		add(func(v *wireValue, e *wireEv) *DecodeError {
			if ev {
				return wireIfEv(v, ci, ct, ce, e)
			}
			return wireIf(v, plainCheck(ci), plainCheck(ct), plainCheck(ce))
		})
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		x := s.Get(kw)
		if x == nil {
			continue
		}
		var variants []wireCheckEv
		var plains []wireCheck
		var kinds []wireKinds
		for i := range x.Kids {
			variants = append(variants, compileCase(t, &x.Kids[i], ev))
			plains = append(plains, plainCheck(variants[i]))
			k := wireAnyKind
			if ty := x.Kids[i].Get("type"); ty != nil {
				name := ty.Str
				if name == "integer" {
					name = "number"
				}
				k = kindsOf([]string{name})
			}
			kinds = append(kinds, k)
		}
		oneOf := kw == "oneOf"
		add(func(v *wireValue, e *wireEv) *DecodeError {
			var err *DecodeError
			if ev {
				_, err = wireUnionEv(v, oneOf, variants, kinds, e)
			} else {
				_, err = wireUnion(v, oneOf, plains, kinds)
			}
			return err
		})
	}
	if x := s.Get("unevaluatedProperties"); x != nil {
		var c wireCheck
		if !(x.Kind == wireKindBoolean && !x.True) {
			c = sub(x)
		}
		add(func(v *wireValue, e *wireEv) *DecodeError { return wireUnevaluatedProperties(v, e, c) })
	}
	if x := s.Get("unevaluatedItems"); x != nil {
		var c wireCheck
		if !(x.Kind == wireKindBoolean && !x.True) {
			c = sub(x)
		}
		add(func(v *wireValue, e *wireEv) *DecodeError { return wireUnevaluatedItems(v, e, c) })
	}
	return func(v *wireValue, e *wireEv) *DecodeError {
		for _, p := range parts {
			if err := p(v, e); err != nil {
				return err
			}
		}
		return nil
	}
}

// plainCheck runs a recording check with a record of its own (nil stays nil).
func plainCheck(c wireCheckEv) wireCheck {
	if c == nil {
		return nil
	}
	return func(v *wireValue) *DecodeError { return c(v, &wireEv{}) }
}
