package wire

import "strconv"

// Tree checks: the Go twins of the checks of codegen/next/ts/runtime.ts that
// run on parsed values. Each returns the same code as its TypeScript twin with
// a pointer relative to the value it was given (callers prefix it with in/at
// on the way up), and a message that never quotes input text.

// Error codes of the applicators (the TypeScript runtime's WireErrorCode).
const (
	wireCodeAmbiguousVariant = "ambiguous_variant"
	wireCodeForbidden        = "forbidden"
	wireCodeNot              = "not"
	wireCodeUnique           = "unique"
	wireCodeContains         = "contains"
	wireCodeFormat           = "format"
	wireCodePropertyName     = "property_name"
)

// wireCheck is a generated tree validator: nil, or the error relative to v.
type wireCheck func(v *wireValue) *DecodeError

// wireTreeWalk is an open container of an iterative walk.
type wireTreeWalk struct {
	v    *wireValue
	next int // index of the next child to visit
}

// wireTreePointer is the pointer, relative to the walk's root, of the child each open container is at.
func wireTreePointer(stack []wireTreeWalk) string {
	p := ""
	for _, o := range stack {
		k := o.next - 1
		if o.v.Kind == wireKindObject {
			p += "/" + wireEscapePointer(o.v.Keys[k].Name)
		} else {
			p += "/" + strconv.Itoa(k)
		}
	}
	return p
}

// wireFreeTree is a free-form value (≈ $free): its top-level kind must be in
// kinds (else type), then a depth-first walk in property order: a container
// at a level above MaxDepth → depth at it; a key with an unpaired surrogate →
// utf8 at its object (before its value is visited); a string with one → utf8
// at it; a non-finite number → range at it. It is iterative.
func wireFreeTree(v *wireValue, kinds wireKinds) *DecodeError {
	if kinds&(1<<v.Kind) == 0 {
		return wireFail(wireCodeType, "unexpected "+v.Kind.String())
	}
	var stack []wireTreeWalk
	for cur := v; ; {
		var bad *DecodeError
		switch cur.Kind {
		case wireKindObject, wireKindArray:
			if cur.Level > wireMaxDepth {
				bad = wireFail(wireCodeDepth, wireDepthMessage)
			} else if len(cur.Kids) > 0 {
				stack = append(stack, wireTreeWalk{v: cur})
			}
		case wireKindString:
			if cur.Bad {
				bad = wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
			}
		case wireKindNumber:
			if !cur.Finite() {
				bad = wireFail(wireCodeRange, "number is not finite")
			}
		}
		if bad != nil {
			return bad.under(wireTreePointer(stack))
		}
		cur = nil
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(top.v.Kids) {
				stack = stack[:len(stack)-1]
				continue
			}
			if top.v.Kind == wireKindObject && top.v.Keys[top.next].Bad {
				return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate").under(wireTreePointer(stack[:len(stack)-1]))
			}
			cur = &top.v.Kids[top.next]
			top.next++
			break
		}
		if cur == nil {
			return nil
		}
	}
}

// wireClosedTree is a closed object's unknown-key check (≈ $closed): the first
// key that known rejects, in document order (first occurrence; property order in a
// tree from a PropertyOrder decoder) → unknown_field at it, or utf8 at the
// object when that key holds an unpaired surrogate. v is an object (else nil).
func wireClosedTree(v *wireValue, known func(string) bool) *DecodeError {
	first := -1
	for m := range v.Keys {
		if !known(v.Keys[m].Name) && (first < 0 || v.Keys[m].Doc < v.Keys[first].Doc) {
			first = m
		}
	}
	if first < 0 {
		return nil
	}
	if v.Keys[first].Bad {
		return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
	}
	return wireFail(wireCodeUnknownField, "unknown property").in(v.Keys[first].Name)
}

// wireExtrasTree checks an open object's extra members (≈ $extras): in property
// order, a key with an unpaired surrogate → utf8 at the object, then the value
// as a free-form value. v is an object (else nil).
func wireExtrasTree(v *wireValue, known func(string) bool) *DecodeError {
	for m := range v.Keys {
		if known(v.Keys[m].Name) {
			continue
		}
		if v.Keys[m].Bad {
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		if err := wireFreeTree(&v.Kids[m], wireAnyKind); err != nil {
			return err.in(v.Keys[m].Name)
		}
	}
	return nil
}

// wirePointerDepth is the number of tokens of a pointer: the deeper of two errors has more.
func wirePointerDepth(p string) int {
	n := 0
	for i := 0; i < len(p); i++ {
		if p[i] == '/' {
			n++
		}
	}
	return n
}

// wireUnion is anyOf / oneOf by their exact meaning (≈ $union). Variants whose
// kinds can hold the value are tried in schema order. anyOf: the first that
// accepts; oneOf: exactly one, a second match → ambiguous_variant at the
// value. It returns the matched variant's index. None: type at the value when
// no variant takes its kind, else the error with the most pointer tokens among
// the variants tried (the first of equally deep ones).
func wireUnion(v *wireValue, oneOf bool, variants []wireCheck, kinds []wireKinds) (int, *DecodeError) {
	bit := wireKinds(1) << v.Kind
	matched := -1
	var best *DecodeError
	bestDepth := -1
	for i, check := range variants {
		if kinds[i]&bit == 0 {
			continue
		}
		if e := check(v); e != nil {
			if d := wirePointerDepth(e.Pointer); d > bestDepth {
				best, bestDepth = e, d
			}
			continue
		}
		if !oneOf {
			return i, nil
		}
		if matched >= 0 {
			return -1, wireFail(wireCodeAmbiguousVariant, "matches variants "+strconv.Itoa(matched)+" and "+strconv.Itoa(i)+" of oneOf (exactly one must match)")
		}
		matched = i
	}
	if matched >= 0 {
		return matched, nil
	}
	if best == nil {
		return -1, wireFail(wireCodeType, "no variant takes a value of kind "+v.Kind.String())
	}
	return -1, best
}

// wireNot fails (not, at the value) when check accepts v (≈ $not).
func wireNot(v *wireValue, check wireCheck) *DecodeError {
	if check(v) == nil {
		return wireFail(wireCodeNot, "the value matches a schema it must not match")
	}
	return nil
}

// wireIf is if/then/else (≈ $if): then (or nil) when cond accepts v, else otherwise (or nil).
func wireIf(v *wireValue, cond, then, otherwise wireCheck) *DecodeError {
	next := otherwise
	if cond(v) == nil {
		next = then
	}
	if next == nil {
		return nil
	}
	return next(v)
}

// wireNever is the false schema (≈ $never): forbidden at the value.
func wireNever(v *wireValue) *DecodeError {
	return wireFail(wireCodeForbidden, "no value is allowed here (got "+v.Kind.String()+")")
}

// wireContains is contains with minContains (min) and maxContains (max, -1:
// none) (≈ $contains): the count of elements check accepts, out of bounds →
// contains at the array. With ev, the matching elements count as evaluated.
// v is an array (else nil).
func wireContains(v *wireValue, check wireCheck, min, max int, ev *wireEv) *DecodeError {
	if v.Kind != wireKindArray {
		return nil
	}
	n := 0
	for i := range v.Kids {
		if check(&v.Kids[i]) != nil {
			continue
		}
		n++
		if ev != nil {
			ev.AddItem(i)
		}
	}
	if n < min {
		return wireFail(wireCodeContains, strconv.Itoa(n)+" elements match contains, expected at least "+strconv.Itoa(min))
	}
	if max >= 0 && n > max {
		return wireFail(wireCodeContains, strconv.Itoa(n)+" elements match contains, expected at most "+strconv.Itoa(max))
	}
	return nil
}

// wireSizeCheck is minProperties (min) / maxProperties (max), -1 for none
// (≈ $sizeCheck): length at the object. v is an object (else nil).
func wireSizeCheck(v *wireValue, min, max int) *DecodeError {
	if v.Kind != wireKindObject {
		return nil
	}
	n := len(v.Kids)
	if min >= 0 && n < min {
		return wireFail(wireCodeLength, "object of "+strconv.Itoa(n)+" properties, expected at least "+strconv.Itoa(min))
	}
	if max >= 0 && n > max {
		return wireFail(wireCodeLength, "object of "+strconv.Itoa(n)+" properties, expected at most "+strconv.Itoa(max))
	}
	return nil
}

// wirePropertyNames is propertyNames (≈ $propertyNames): each key, in property
// order, checked as a string value; the first rejected → property_name at
// that key's pointer, a key holding an unpaired surrogate → utf8 at the object.
// v is an object (else nil).
func wirePropertyNames(v *wireValue, check wireCheck) *DecodeError {
	if v.Kind != wireKindObject {
		return nil
	}
	for m := range v.Keys {
		k := &v.Keys[m]
		if k.Bad {
			// utf8 at the object, as everywhere else: no pointer names an ill-formed key
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		s := wireValue{Str: k.Name, Level: v.Level + 1, Kind: wireKindString}
		if e := check(&s); e != nil {
			return wireFail(wireCodePropertyName, "the property name does not match propertyNames ("+e.Code+")").in(k.Name)
		}
	}
	return nil
}
