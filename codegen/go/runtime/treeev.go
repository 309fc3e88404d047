package wire

// The evaluation records of unevaluatedProperties / unevaluatedItems: which
// members and elements of one value the other keywords evaluated (annotations,
// in JSON Schema's terms), the Go twins of $Ev and its functions.

// wireEv records the evaluated keys and element indices of one value. Its zero
// value is empty and ready to use.
type wireEv struct {
	props map[string]struct{}
	items []uint64 // bit set of indices
}

// wireCheckEv is a generated tree validator that also records what it evaluated.
type wireCheckEv func(v *wireValue, ev *wireEv) *DecodeError

// AddProp records key as evaluated.
func (ev *wireEv) AddProp(key string) {
	if ev.props == nil {
		ev.props = make(map[string]struct{})
	}
	ev.props[key] = struct{}{}
}

// HasProp reports that key was evaluated.
func (ev *wireEv) HasProp(key string) bool {
	_, ok := ev.props[key]
	return ok
}

// AddItem records element i as evaluated.
func (ev *wireEv) AddItem(i int) {
	for len(ev.items) <= i>>6 {
		ev.items = append(ev.items, 0)
	}
	ev.items[i>>6] |= 1 << (i & 63)
}

// HasItem reports that element i was evaluated.
func (ev *wireEv) HasItem(i int) bool {
	return i>>6 < len(ev.items) && ev.items[i>>6]&(1<<(i&63)) != 0
}

// Merge adds everything from records.
func (ev *wireEv) Merge(from *wireEv) {
	for k := range from.props {
		ev.AddProp(k)
	}
	for len(ev.items) < len(from.items) {
		ev.items = append(ev.items, 0)
	}
	for w, bits := range from.items {
		ev.items[w] |= bits
	}
}

// wireEvObject records what an object's own keywords evaluated (≈ $evObject):
// its declared keys (known), the keys its patterns match (patterns, or nil) and,
// with all (additionalProperties), every key. v is an object (else nothing).
func wireEvObject(v *wireValue, ev *wireEv, known, patterns func(string) bool, all bool) {
	if v.Kind != wireKindObject {
		return
	}
	for m := range v.Keys {
		k := v.Keys[m].Name
		if all || (known != nil && known(k)) || (patterns != nil && patterns(k)) {
			ev.AddProp(k)
		}
	}
}

// wireEvItems records what an array's own keywords evaluated (≈ $evItems): its
// first prefix elements (prefixItems) and, with all (items), every element.
func wireEvItems(v *wireValue, ev *wireEv, prefix int, all bool) {
	if v.Kind != wireKindArray {
		return
	}
	n := min(prefix, len(v.Kids))
	if all {
		n = len(v.Kids)
	}
	for i := 0; i < n; i++ {
		ev.AddItem(i)
	}
}

// wireEvAll records every member or element of v (≈ $evAll): an unevaluated*
// keyword that held evaluated them all for an enclosing one.
func wireEvAll(v *wireValue, ev *wireEv) {
	switch v.Kind {
	case wireKindArray:
		wireEvItems(v, ev, 0, true)
	case wireKindObject:
		wireEvObject(v, ev, nil, nil, true)
	}
}

// wireUnionEv is wireUnion recording what the matching variants evaluated
// (≈ $unionEv): unlike wireUnion, anyOf tries every variant and merges the
// record of each that matches; oneOf fails as wireUnion does.
func wireUnionEv(v *wireValue, oneOf bool, variants []wireCheckEv, kinds []wireKinds, ev *wireEv) (int, *DecodeError) {
	bit := wireKinds(1) << v.Kind
	matched := -1
	var best *DecodeError
	bestDepth := -1
	for i, check := range variants {
		if kinds[i]&bit == 0 {
			continue
		}
		var r wireEv
		if e := check(v, &r); e != nil {
			if d := wirePointerDepth(e.Pointer); d > bestDepth {
				best, bestDepth = e, d
			}
			continue
		}
		if oneOf && matched >= 0 {
			return -1, wireFail(wireCodeAmbiguousVariant, "matches two variants of oneOf (exactly one must match)")
		}
		if matched < 0 {
			matched = i
		}
		ev.Merge(&r)
	}
	if matched >= 0 {
		return matched, nil
	}
	if best == nil {
		return -1, wireFail(wireCodeType, "no variant takes a value of kind "+v.Kind.String())
	}
	return -1, best
}

// wireIfEv is wireIf recording what cond (when it held) and the branch taken evaluated (≈ $ifEv).
func wireIfEv(v *wireValue, cond, then, otherwise wireCheckEv, ev *wireEv) *DecodeError {
	var r wireEv
	next := otherwise
	if cond(v, &r) == nil {
		ev.Merge(&r)
		next = then
	}
	if next == nil {
		return nil
	}
	return next(v, ev)
}

// wireUnevaluatedProperties checks the members nothing evaluated, in property
// order (≈ $unevaluatedProperties): a key with an unpaired surrogate → utf8 at
// the object; with no schema (check nil) → unknown_field at the key; else the
// value against check. Then every member counts as evaluated. v is an object
// (else nil).
func wireUnevaluatedProperties(v *wireValue, ev *wireEv, check wireCheck) *DecodeError {
	if v.Kind != wireKindObject {
		return nil
	}
	for m := range v.Keys {
		k := &v.Keys[m]
		if ev.HasProp(k.Name) {
			continue
		}
		if k.Bad {
			return wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
		}
		if check == nil {
			return wireFail(wireCodeUnknownField, "unevaluated property").in(k.Name)
		}
		if e := check(&v.Kids[m]); e != nil {
			return e.in(k.Name)
		}
	}
	wireEvAll(v, ev)
	return nil
}

// wireUnevaluatedItems checks the elements nothing evaluated, in order
// (≈ $unevaluatedItems): with no schema (check nil) → forbidden at the
// element; else the element against check. Then every element counts as
// evaluated. v is an array (else nil).
func wireUnevaluatedItems(v *wireValue, ev *wireEv, check wireCheck) *DecodeError {
	if v.Kind != wireKindArray {
		return nil
	}
	for i := range v.Kids {
		if ev.HasItem(i) {
			continue
		}
		if check == nil {
			return wireFail(wireCodeForbidden, "unevaluated element").at(i)
		}
		if e := check(&v.Kids[i]); e != nil {
			return e.at(i)
		}
	}
	wireEvAll(v, ev)
	return nil
}
