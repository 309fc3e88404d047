package wire

// Trees on the decoder. A type whose schema needs whole-value checks (the JSON
// Schema applicators) is decoded in two steps over the same bytes:
//
//	t, err := d.Tree()     // parse the value, move d past it
//	... tree validators on t (relative errors, as for any value) ...
//	sub := d.Sub(t)        // decode the typed value from the same bytes
//	err = decFoo(&sub, &v)
//
// (the validators may also run after the typed decode: Tree only parses).
//
// Invariants kept:
//   - Exact path (Init): the whole text is known valid, so Tree parses at once
//     and never fails.
//   - Fast path (InitFast): nothing is known, so Tree first checks the value's
//     syntax and UTF-8 (wireScanValue), and on anything wrong marks the pass
//     bad (as every fast primitive does) and returns that syntax error; the
//     caller returns it and the text is decoded again on the exact path, where
//     syntax is checked over the whole text before any schema check.
//   - Depth, first and propOrder are what they were after a Skip: Tree consumes
//     exactly one value. Under PropertyOrder the tree's key Doc indices are
//     property-order positions (see wireTreePropertyOrder), so "first unknown
//     key in document order" follows the result decoders' rule.
//   - A union watching the keys of this object (Watch, fast path) gets their
//     positions from Tree, as NextMember would have recorded them.
//   - Sub's bytes were validated by Tree (the whole text on the exact path, the
//     value on the fast path), so the sub decoder runs on the exact path: it
//     never goes bad, needs no fallback and reports nothing back to d.

// Tree parses the value at the current position into a tree and moves past it.
// On a bad fast pass it returns (nil, a syntax error) and the pass is bad.
func (d *wireDecoder) Tree() (*wireValue, *DecodeError) {
	if d.bad {
		return nil, d.fail()
	}
	d.ws()
	start := d.i
	scanned := -1
	if d.fast {
		if start >= len(d.b) {
			return nil, d.fail()
		}
		if scanned = wireScanValue(d.b, start, nil, true); scanned < 0 {
			return nil, d.fail()
		}
	}
	v, end := wireParseTreeAt(d.b, start, d.depth+1)
	if d.fast && end != scanned {
		// the tree's parse reads the text the strict scan rejects ("01": the scan ends after "0")
		return nil, d.fail()
	}
	d.i = end
	if d.propOrder {
		wireTreePropertyOrder(v)
	}
	if len(d.wkeys.names) > 0 && d.wdepth == d.depth+1 && v.Kind == wireKindObject {
		d.watchTree(v)
	}
	return v, nil
}

// watchTree records, as watchKey does member by member, where the value of each
// watched key's last occurrence starts (the tree keeps exactly that value).
func (d *wireDecoder) watchTree(v *wireValue) {
	for m := range v.Keys {
		if v.Keys[m].Bad {
			continue
		}
		if k := d.wkeys.index([]byte(v.Keys[m].Name)); k >= 0 {
			d.wpos[k] = int32(d.offsetOf(v.Kids[m].Raw))
		}
	}
}

// offsetOf is the index in d.b where raw, a slice of d.b, starts.
func (d *wireDecoder) offsetOf(raw []byte) int { return cap(d.b) - cap(raw) }

// Sub returns a decoder positioned at the start of t, a tree that d.Tree()
// returned, to decode the same value again: same bytes, depth (from t.Level)
// and PropertyOrder, on the exact path (Tree validated those bytes), with no union
// watch (Tree recorded it) and its own scratch space. It must read that one
// value only; d is already past it.
func (d *wireDecoder) Sub(t *wireValue) wireDecoder {
	i := d.offsetOf(t.Raw)
	if i < 0 || i >= len(d.b) || &d.b[i] != &t.Raw[0] {
		panic("wire: Sub of a tree not parsed from this decoder's text")
	}
	return wireDecoder{
		b:         d.b,
		buf:       d.buf[:len(d.buf):len(d.buf)], // capped: what it keeps never overwrites what d keeps next
		i:         i,
		depth:     int(t.Level) - 1,
		root:      d.root,
		rootAt:    d.rootAt,
		propOrder: d.propOrder,
	}
}
