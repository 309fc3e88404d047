package wire

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// wireKind is the JSON kind of a value.
type wireKind uint8

// JSON kinds; a Kinds set is a bit mask of 1<<Kind.
const (
	wireKindObject wireKind = iota
	wireKindArray
	wireKindString
	wireKindNumber
	wireKindBoolean
	wireKindNull
)

// wireKinds is a set of JSON kinds (bit 1<<Kind); AnyKind allows every kind.
type wireKinds uint8

// wireAnyKind is the set of all JSON kinds.
const wireAnyKind wireKinds = 1<<6 - 1

var wireKindNames = [...]string{"object", "array", "string", "number", "boolean", "null"}

func (k wireKind) String() string { return wireKindNames[k] }

// wireDecoder walks one JSON text. After Init (the exact path) the text is known
// to be UTF-8 and valid JSON, so it never fails on syntax. After InitFast (the
// fast path) nothing is known: every primitive checks the syntax and the UTF-8
// of what it reads, and on anything wrong marks the pass bad (see Done) and
// stops reading; the caller then decodes the text again on the exact path, so
// that every error, code and pointer comes from the exact path. Schema errors
// are returned with pointers relative to the value being decoded, and the
// caller prefixes them on the way up (pointers are built only on error).
type wireDecoder struct {
	b []byte
	// short texts (wireShareLimit): the bytes of the strings and free-form
	// values decoded, appended and never changed after (see keep), in one
	// allocation made on first use with room for all the rest of the text holds
	buf     []byte
	strs    []string // NewString's cells
	i       int
	depth   int // containers enclosing the current position
	key     []byte
	keyBad  bool
	scratch []byte
	root    wireRootIndex
	rootAt  int  // index of the root value
	fast    bool // InitFast: the text was not checked beforehand
	bad     bool // fast path: the text holds something the fast path does not accept
	first   bool // just after '{' or '[' (no member or element read yet)
	// fast path: the discriminator keys a union watches while its variant
	// decodes (the members of the object at depth wdepth; 0: none)
	wkeys  wireKeys
	wdepth int
	wpos   [8]int32
	// Unknown keys in ECMAScript property order (result decoders) instead of document order.
	propOrder bool
}

// Init checks the text (UTF-8, then syntax) and prepares to decode it.
func (d *wireDecoder) Init(b []byte) *DecodeError {
	if !utf8.Valid(b) {
		return wireFail(wireCodeUTF8, "input is not valid UTF-8")
	}
	d.root.n = 0
	if !wireValidJSON(b, &d.root) {
		return wireFail(wireCodeSyntax, "input is not one JSON value")
	}
	d.b, d.buf, d.strs, d.i, d.depth = b, nil, nil, 0, 0
	d.fast, d.bad = false, false
	d.rootAt = wireSkipWS(b, 0)
	if b[d.rootAt] != '{' {
		d.root.n = -1
	}
	return nil
}

// InitFast prepares a single strict pass over b: decoding checks UTF-8 and
// syntax as it goes. After decoding, Done tells whether the pass succeeded;
// if it did not (or decoding returned an error), decode b again after Init.
func (d *wireDecoder) InitFast(b []byte) {
	d.b, d.buf, d.strs, d.i, d.depth = b, nil, nil, 0, 0
	d.fast, d.bad = true, false
	d.root.n, d.rootAt = -1, -1
	if wireFastOff.Load() {
		d.fail()
	}
}

var wireFastOff atomic.Bool

// SetFastPath turns the fast path of the generated decoders on or off (it is
// on unless turned off) and returns the previous setting. It is for tests that
// compare the fast path with the exact path; decoding gives the same outcome
// either way.
func SetFastPath(on bool) bool {
	return !wireFastOff.Swap(!on)
}

// Done reports, after a decoder returned no error on the fast path, that the
// pass met nothing wrong and that only whitespace follows the value.
func (d *wireDecoder) Done() bool {
	d.ws()
	return !d.bad && d.i == len(d.b)
}

// wireRecover is deferred by the fast path: a panic (which a malformed text
// should never cause) turns into a fallback to the exact path.
func wireRecover(ok *bool) {
	if recover() != nil {
		*ok = false
	}
}

// fail marks the fast pass bad and moves to the end of the text, so that
// every later read stops at once. It returns a syntax error for the caller
// to return (the fast path discards it).
func (d *wireDecoder) fail() *DecodeError {
	d.bad = true
	d.i = len(d.b)
	return wireFail(wireCodeSyntax, "input is not one JSON value")
}

func (d *wireDecoder) ws() {
	b, i := d.b, d.i
	if i < len(b) && b[i] > ' ' {
		return // no whitespace, the common case: no table load, no store
	}
	for i < len(b) && wireClass[b[i]]&wireClsWS != 0 {
		i++
	}
	d.i = i
}

// at skips whitespace and returns the byte at the current position (0 at the end).
func (d *wireDecoder) at() byte {
	if c := d.peek(); c > ' ' {
		return c
	}
	return d.atAfterWS()
}

// peek returns the byte at the current position (0 at the end) without
// skipping whitespace; the hottest callers write at as
// `c := d.peek(); if c <= ' ' { c = d.atAfterWS() }`, which inlines.
func (d *wireDecoder) peek() byte {
	if uint(d.i) < uint(len(d.b)) {
		return d.b[d.i]
	}
	return 0
}

// atAfterWS is at when the current byte is whitespace or the text ends.
func (d *wireDecoder) atAfterWS() byte {
	d.ws()
	if d.i < len(d.b) {
		return d.b[d.i]
	}
	return 0
}

// Kind returns the kind of the value at the current position.
func (d *wireDecoder) Kind() wireKind {
	switch d.at() {
	case '{':
		return wireKindObject
	case '[':
		return wireKindArray
	case '"':
		return wireKindString
	case 't', 'f':
		return wireKindBoolean
	case 'n':
		return wireKindNull
	}
	return wireKindNumber
}

// TypeError skips the current value and returns a type error naming what was expected.
func (d *wireDecoder) TypeError(want string) *DecodeError {
	k := d.Kind()
	d.Skip()
	return wireFail(wireCodeType, "expected "+want+", got "+k.String())
}

// NotEntered is the error of an ObjectStart or ArrayStart that returned false: a container at a
// level above MaxDepth (only a recursive definition reaches one) → depth, else type; the value is skipped.
func (d *wireDecoder) NotEntered(want string) *DecodeError {
	if c := d.at(); (c == '{' || c == '[') && d.depth >= wireMaxDepth {
		d.Skip()
		return wireFail(wireCodeDepth, wireDepthMessage)
	}
	return d.TypeError(want)
}

// wireSkipStringAt returns the index after the string opening at b[i].
func wireSkipStringAt(b []byte, i int) int {
	i = wireStringStop(b, i+1)
	if b[i] == '"' {
		return i + 1
	}
	for {
		j := bytes.IndexByte(b[i:], '"')
		i += j
		// count the backslashes before the quote
		n := 0
		for k := i - 1; b[k] == '\\'; k-- {
			n++
		}
		i++
		if n&1 == 0 {
			return i
		}
	}
}

func wireSkipNumberAt(b []byte, i int) int {
	for i < len(b) && wireClass[b[i]]&wireClsNumber != 0 {
		i++
	}
	return i
}

// Skip skips the current value, checking it (strings included) as it goes.
func (d *wireDecoder) Skip() {
	d.ws()
	j := wireScanValue(d.b, d.i, nil, true)
	if j < 0 {
		d.fail()
		return
	}
	d.i = j
}

// ObjectStart enters the object at the current position; false (nothing consumed) if it is not an
// object or is nested deeper than MaxDepth (NotEntered gives the error).
func (d *wireDecoder) ObjectStart() bool {
	c := d.peek()
	if c <= ' ' {
		c = d.atAfterWS()
	}
	if c != '{' || d.depth >= wireMaxDepth {
		return false
	}
	d.i++
	d.depth++
	d.first = true
	return true
}

// NextMember reads the next member's key (see Key) and positions at its value;
// false when the object ends (the closing brace is consumed) or the text is bad.
func (d *wireDecoder) NextMember() bool {
	if d.bad {
		return false
	}
	c := d.peek()
	if c <= ' ' {
		c = d.atAfterWS()
	}
	if c == '}' {
		d.i++
		d.depth--
		d.first = false
		return false
	}
	if !d.first {
		if c != ',' {
			d.fail()
			return false
		}
		d.i++
		if c = d.peek(); c <= ' ' {
			c = d.atAfterWS()
		}
	}
	d.first = false
	if c != '"' {
		d.fail()
		return false
	}
	key, bad, end := d.readString(d.i)
	if end < 0 {
		d.fail()
		return false
	}
	d.key, d.keyBad, d.i = key, bad, end
	if c = d.peek(); c <= ' ' {
		c = d.atAfterWS()
	}
	if c != ':' {
		d.fail()
		return false
	}
	d.i++
	if d.depth == d.wdepth && !bad && d.wkeys.may(key) {
		d.watchKey()
	}
	return true
}

// wireEnd is what Member returns when the object ends or the text is bad.
const wireEnd = -2

// wireMembers is an object type's property names in schema order, for Member.
type wireMembers struct {
	names []string
	lits  []wireMemberLit
	keys  wireKeys
	index map[string]int // for many names, instead of comparing with each
}

// wireMemberLit is a name's member text after a member, as encoders write it,
// `,"name":`: as two little-endian words and their masks, or in s when it is
// longer than 16 bytes. After '{' the comma's place holds the brace, and the
// first mask leaves it out.
type wireMemberLit struct {
	w, m [2]uint64
	n    int // len(`,"name":`); 0 when encoders write the name with an escape
	s    string
}

func wireMemberSet(names ...string) *wireMembers {
	m := &wireMembers{names: names, lits: make([]wireMemberLit, len(names)), keys: wireKeySet(names...)}
	for k, n := range names {
		lit := string(wireAppendQuoted([]byte{','}, n)) + ":"
		if !utf8.ValidString(n) || len(lit) != len(n)+4 {
			continue // the key read would differ from the text (unescaped), or need checking
		}
		l := &m.lits[k]
		l.n = len(lit)
		if len(lit) > 16 {
			l.s = lit
			continue
		}
		var word [16]byte
		copy(word[:], lit)
		for j := range 2 {
			l.w[j] = binary.LittleEndian.Uint64(word[8*j:])
			if c := len(lit) - 8*j; c >= 8 {
				l.m[j] = ^uint64(0)
			} else if c > 0 {
				l.m[j] = 1<<(8*c) - 1
			}
		}
	}
	if len(names) > 16 {
		m.index = make(map[string]int, len(names))
		for k, n := range names {
			m.index[n] = k
		}
	}
	return m
}

// Member is NextMember for an object whose properties are m's names: it returns
// the index of the key read, -1 for another key, or wireEnd. next is the index
// expected (the one after the previous member's): when the text holds its member
// next, written as encoders write it, Member takes it without reading the key,
// with the same result except that Key is set only when Member returns -1.
func (d *wireDecoder) Member(m *wireMembers, next int) int {
	if uint(next) < uint(len(m.lits)) && !d.bad {
		l := &m.lits[next]
		b, i, m0 := d.b, d.i, l.m[0]
		if d.first {
			i, m0 = i-1, m0&^0xff
		}
		var ok bool
		if l.s != "" {
			ok = wireLongMember(b, i, l.s, d.first)
		} else {
			ok = l.n != 0 && i >= 0 && i+16 <= len(b) &&
				binary.LittleEndian.Uint64(b[i:])&m0 == l.w[0]&m0 &&
				binary.LittleEndian.Uint64(b[i+8:])&l.m[1] == l.w[1]
		}
		if ok {
			d.i, d.first = i+l.n, false
			if d.depth == d.wdepth && d.wkeys.mayLen(l.n-4) {
				d.key = b[i+2 : i+l.n-2]
				d.watchKey()
			}
			return next
		}
	}
	if !d.NextMember() {
		return wireEnd
	}
	if m.index != nil {
		if k, ok := m.index[string(d.key)]; ok {
			return k
		}
		return -1
	}
	return m.keys.index(d.key)
}

// wireLongMember reports that b[i:] starts with lit (after '{': with anything in the comma's place).
func wireLongMember(b []byte, i int, lit string, first bool) bool {
	if i < 0 || i+len(lit) > len(b) || (!first && b[i] != ',') {
		return false
	}
	return string(b[i+1:i+len(lit)]) == lit[1:]
}

// watchKey records where the current member's value starts when its key is watched.
func (d *wireDecoder) watchKey() {
	d.ws()
	if k := d.wkeys.index(d.key); k >= 0 {
		d.wpos[k] = int32(d.i)
	}
}

// wireKeys is the set of keys a union probes: their names, and a mask of their
// lengths (bit n: a key of n bytes; bit 63: of 63 or more) that rules most
// other keys out without a comparison.
type wireKeys struct {
	names []string
	lens  uint64
}

func wireKeySet(names ...string) wireKeys {
	ks := wireKeys{names: names}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			panic("wire: generator bug: a key set names " + n + " twice")
		}
		ks.lens |= 1 << min(len(n), 63)
	}
	return ks
}

// may reports that key may be one of the names (one of them is as long).
func (ks *wireKeys) may(key []byte) bool { return ks.mayLen(len(key)) }

// mayLen reports that a key of n bytes may be one of the names.
func (ks *wireKeys) mayLen(n int) bool { return ks.lens>>min(n, 63)&1 != 0 }

// index returns the position of key among the names (they are distinct), -1 when it is not one.
func (ks *wireKeys) index(key []byte) int {
	if !ks.may(key) {
		return -1
	}
	for k, n := range ks.names {
		if string(key) == n {
			return k
		}
	}
	return -1
}

// wireWatched is the watch state of an enclosing union, saved by Watch.
type wireWatched struct {
	keys  wireKeys
	depth int
	pos   [8]int32
}

// Watch starts recording, while the object at the current position decodes,
// where the value of each of keys' last occurrence starts (at most 8 keys),
// as ProbeObject does; Unwatch gives the result. It returns the previous
// watch, for Unwatch to restore.
func (d *wireDecoder) Watch(keys wireKeys) wireWatched {
	prev := wireWatched{d.wkeys, d.wdepth, d.wpos}
	d.wkeys, d.wdepth = keys, d.depth+1
	for k := range d.wpos {
		d.wpos[k] = -1
	}
	return prev
}

// Unwatch stores what Watch recorded into p (a complete probe) and restores
// prev. It reports whether the complete probe equals the partial one p held
// (no watched key after the first one found), which then selects the same variant.
func (d *wireDecoder) Unwatch(prev wireWatched, p *wireProbe) bool {
	same := p.pos == d.wpos
	p.pos = d.wpos
	p.rest = 0
	p.b = d.b
	d.wkeys, d.wdepth, d.wpos = prev.keys, prev.depth, prev.pos
	return same
}

// Bad marks the fast pass bad (see Done) and returns an error to return.
func (d *wireDecoder) Bad() *DecodeError { return d.fail() }

// Key is the current member's key, unescaped (valid until the next call on d;
// after Member, only when it returned -1).
func (d *wireDecoder) Key() []byte { return d.key }

// KeyBad reports that the current key holds an unpaired surrogate escape.
func (d *wireDecoder) KeyBad() bool { return d.keyBad }

// Unknown skips the current member's value and returns the error for the first
// unknown key of the object: prior (the first found so far, or nil) or this
// member's unknown_field (utf8 at the object when the key holds an unpaired
// surrogate), relative to the object. "First" is document order, except under
// PropertyOrder, where an array-index key comes before every other key,
// smallest first, as JSON.parse orders an object's keys.
func (d *wireDecoder) Unknown(prior *DecodeError) *DecodeError {
	if prior != nil && !d.propOrder {
		d.Skip()
		return prior
	}
	d.Skip()
	var e *DecodeError
	if d.keyBad {
		e = wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")
	} else {
		e = wireFail(wireCodeUnknownField, "unknown property").in(string(d.key))
	}
	if prior == nil {
		return e
	}
	k, ok := wireArrayIndex(string(d.key))
	if !ok || d.keyBad {
		return prior
	}
	if prior.Code == wireCodeUnknownField && len(prior.Pointer) > 1 {
		if pk, pok := wireArrayIndex(prior.Pointer[1:]); pok && pk <= k {
			return prior
		}
	}
	return e
}

// PropertyOrder makes Unknown follow ECMAScript property order instead of
// document order: typed result decoders do, because TypeScript runs them on an
// already parsed value, which has no document order (codegen/SEMANTICS.md).
func (d *wireDecoder) PropertyOrder() { d.propOrder = true }

// ArrayStart enters the array at the current position; false (nothing consumed) if it is not an
// array or is nested deeper than MaxDepth (NotEntered gives the error).
func (d *wireDecoder) ArrayStart() bool {
	if d.at() != '[' || d.depth >= wireMaxDepth {
		return false
	}
	d.i++
	d.depth++
	d.first = true
	return true
}

// NextElement positions at the next element; false when the array ends
// (consumed) or the text is bad.
func (d *wireDecoder) NextElement() bool {
	if d.bad {
		return false
	}
	c := d.at()
	if c == ']' {
		d.i++
		d.depth--
		d.first = false
		return false
	}
	if !d.first {
		if c != ',' {
			d.fail()
			return false
		}
		d.i++
		if c = d.at(); c == ']' || c == 0 {
			d.fail()
			return false
		}
	}
	d.first = false
	return true
}

// readString decodes the string opening at b[i]; it returns the contents
// (a slice of the input when there is no escape, else d.scratch; lone
// surrogates are written as their 3-byte generalized UTF-8 form), whether a
// lone surrogate was found, and the index after the closing quote (-1 when
// the string is malformed or not UTF-8).
func (d *wireDecoder) readString(i int) ([]byte, bool, int) {
	b := d.b
	start := i + 1
	if start+8 <= len(b) {
		// a short key or constant: the closing quote in the first word, only printable ASCII before it
		if m := wireStopBitsU(binary.LittleEndian.Uint64(b[start:])); m != 0 {
			if j := start + bits.TrailingZeros64(m)>>3; b[j] == '"' {
				return b[start:j], false, j + 1
			}
		}
	}
	end, esc := wireScanStringBody(b, start)
	if end < 0 || !esc {
		return b[start:max(end-1, start)], false, end
	}
	out, bad, _ := wireUnescape(d.scratch[:0], b, start)
	d.scratch = out
	return out, bad, end
}

// wireUnescape appends the contents of the (valid) string starting after its quote at b[i].
func wireUnescape(dst, b []byte, i int) ([]byte, bool, int) {
	bad := false
	for {
		j := i
		for b[j] != '"' && b[j] != '\\' {
			j++
		}
		dst = append(dst, b[i:j]...)
		i = j
		if b[i] == '"' {
			return dst, bad, i + 1
		}
		c := b[i+1]
		i += 2
		switch c {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := wireHex4(b[i:])
			i += 4
			if r >= 0xD800 && r < 0xDC00 && i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
				if r2 := wireHex4(b[i+2:]); r2 >= 0xDC00 && r2 < 0xE000 {
					dst = utf8.AppendRune(dst, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
					i += 6
					continue
				}
			}
			if r >= 0xD800 && r < 0xE000 {
				bad = true
				dst = append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
				continue
			}
			dst = utf8.AppendRune(dst, r)
		default: // '"', '\\', '/'
			dst = append(dst, c)
		}
	}
}

func wireHex4(b []byte) rune {
	var r rune
	for k := 0; k < 4; k++ {
		c := b[k]
		switch {
		case c <= '9':
			c -= '0'
		default:
			c = (c | 0x20) - 'a' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// String decodes a string value.
func (d *wireDecoder) String(v *string) *DecodeError {
	c := d.peek()
	if c <= ' ' {
		c = d.atAfterWS()
	}
	if c != '"' {
		return d.TypeError("string")
	}
	b := d.b
	start := d.i + 1
	if start+16 <= len(b) {
		// a short string: the closing quote in the first two words, only printable ASCII before it
		j := start
		m := wireStopBitsU(binary.LittleEndian.Uint64(b[j:]))
		if m == 0 {
			j += 8
			m = wireStopBitsU(binary.LittleEndian.Uint64(b[j:]))
		}
		if m != 0 {
			if j += bits.TrailingZeros64(m) >> 3; b[j] == '"' {
				d.i = j + 1
				*v = d.substring(start, j)
				return nil
			}
		}
	}
	end, esc := wireScanStringBody(b, start)
	if end < 0 {
		return d.fail()
	}
	d.i = end
	if !esc {
		*v = d.substring(start, end-1)
		return nil
	}
	// unescaping never lengthens a string: appended to the shared bytes, else
	// one allocation, made into the string
	if len(b) <= wireShareLimit {
		d.room(start, end-1-start)
		n := len(d.buf)
		s, bad, _ := wireUnescape(d.buf, b, start)
		if bad {
			return wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
		}
		d.buf = s
		*v = unsafe.String(unsafe.SliceData(s[n:]), len(s)-n)
		return nil
	}
	s, bad, _ := wireUnescape(make([]byte, 0, end-1-start), b, start)
	if bad {
		return wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
	}
	*v = unsafe.String(unsafe.SliceData(s), len(s))
	return nil
}

// NewString returns a new string variable, for an optional property held by
// pointer: the variables of one text are made four at a time.
func (d *wireDecoder) NewString() *string {
	if len(d.strs) == cap(d.strs) {
		d.strs = make([]string, 0, 4)
	}
	d.strs = d.strs[:len(d.strs)+1]
	return &d.strs[len(d.strs)-1]
}

// wireShareLimit is the longest text whose strings share one allocation (a kept
// string keeps at most this many bytes alive).
const wireShareLimit = 1024

func (d *wireDecoder) substring(i, j int) string {
	if len(d.b) > wireShareLimit {
		return string(d.b[i:j])
	}
	s := d.keep(i, j)
	return unsafe.String(unsafe.SliceData(s), len(s))
}

// keep appends b[i:j] to the shared bytes of a short text (wireDecoder.buf)
// and returns them, capped at their end (so that an append to a free-form
// value copies). The shared bytes are only ever appended to: a string or a
// free-form value made from them never changes.
func (d *wireDecoder) keep(i, j int) []byte {
	d.room(i, j-i)
	n := len(d.buf)
	d.buf = append(d.buf, d.b[i:j]...)
	return d.buf[n:len(d.buf):len(d.buf)]
}

// room makes sure n more bytes fit in the shared bytes: if not, they move on
// to a new allocation with room for everything the text still holds from b[i]
// on (what decoding copies from here is at most that; the bytes kept so far
// stay where they are, with the strings made of them).
func (d *wireDecoder) room(i, n int) {
	if cap(d.buf)-len(d.buf) < n {
		d.buf = make([]byte, 0, len(d.b)-i)
	}
}

// wireBox is a union variant's value and the shared bytes of a short text
// (wireDecoder.buf), in one allocation.
type wireBox[T any, B any] struct {
	v   T
	buf B
}

// wireNewVariant returns a new variable for a union's variant at the current
// position. While a short text has no shared bytes yet, they are made in the
// same allocation (a string of the text keeps the value alive, and the value
// the bytes, as they would apart), with room for the rest of the text but the
// variant's skeleton (codegen/next/go/skeleton.ts): the bytes of it that are
// never copied.
func wireNewVariant[T any](d *wireDecoder, skeleton int) *T {
	if d.buf != nil || len(d.b) > wireShareLimit {
		return new(T)
	}
	switch n := len(d.b) - d.i - skeleton; {
	case n <= 0:
		return new(T)
	case n <= 16:
		x := new(wireBox[T, [16]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 32:
		x := new(wireBox[T, [32]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 48:
		x := new(wireBox[T, [48]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 64:
		x := new(wireBox[T, [64]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 96:
		x := new(wireBox[T, [96]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 128:
		x := new(wireBox[T, [128]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 192:
		x := new(wireBox[T, [192]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 256:
		x := new(wireBox[T, [256]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 384:
		x := new(wireBox[T, [384]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 512:
		x := new(wireBox[T, [512]byte])
		d.buf = x.buf[:0]
		return &x.v
	case n <= 768:
		x := new(wireBox[T, [768]byte])
		d.buf = x.buf[:0]
		return &x.v
	}
	x := new(wireBox[T, [wireShareLimit]byte])
	d.buf = x.buf[:0]
	return &x.v
}

// ConstString decodes a string that must equal want: type, then utf8, then
// const, as the checks of a string with a const run. It does not allocate.
func (d *wireDecoder) ConstString(want string) *DecodeError {
	c := d.peek()
	if c <= ' ' {
		c = d.atAfterWS()
	}
	if c != '"' {
		return d.TypeError("string")
	}
	s, bad, end := d.readString(d.i)
	if end < 0 {
		return d.fail()
	}
	d.i = end
	if bad {
		return wireFail(wireCodeUTF8, "string holds an unpaired surrogate")
	}
	if string(s) != want {
		return wireFail(wireCodeConst, "string is not the expected constant")
	}
	return nil
}

// Secret decodes a string value into a Secret.
func (d *wireDecoder) Secret(v *Secret) *DecodeError {
	return d.String((*string)(v))
}

// Bool decodes a boolean value.
func (d *wireDecoder) Bool(v *bool) *DecodeError {
	switch d.at() {
	case 't':
		if !wireHasLiteral(d.b, d.i, "true") {
			return d.fail()
		}
		d.i += 4
		*v = true
		return nil
	case 'f':
		if !wireHasLiteral(d.b, d.i, "false") {
			return d.fail()
		}
		d.i += 5
		*v = false
		return nil
	}
	return d.TypeError("boolean")
}

// Null decodes a null value.
func (d *wireDecoder) Null(v *Null) *DecodeError {
	if d.at() == 'n' {
		if !wireHasLiteral(d.b, d.i, "null") {
			return d.fail()
		}
		d.i += 4
		return nil
	}
	return d.TypeError("null")
}

// Float decodes any finite number.
func (d *wireDecoder) Float(v *float64) *DecodeError {
	c := d.at()
	if c != '-' && !wireIsDigit(c) {
		return d.TypeError("number")
	}
	start := d.i
	if d.i = wireScanNumber(d.b, start); d.i < 0 {
		return d.fail()
	}
	f, ok := wireParseNumber(d.b[start:d.i])
	if !ok {
		return wireFail(wireCodeRange, "number is not finite")
	}
	*v = f
	return nil
}

// Int decodes a whole number within ±(2^53 − 1) (1.0 and 1e3 are whole).
func (d *wireDecoder) Int(v *int64) *DecodeError {
	c := d.at()
	if c != '-' && !wireIsDigit(c) {
		return d.TypeError("integer")
	}
	start := d.i
	if d.i = wireScanNumber(d.b, start); d.i < 0 {
		return d.fail()
	}
	t := d.b[start:d.i]
	// fast path: up to 15 digits, no fraction or exponent
	if n := len(t); n <= 16 {
		neg := t[0] == '-'
		k := 0
		if neg {
			k = 1
		}
		if n-k <= 15 {
			var x int64
			for ; k < n; k++ {
				c := t[k]
				if !wireIsDigit(c) {
					goto slow
				}
				x = x*10 + int64(c-'0')
			}
			if neg {
				x = -x
			}
			*v = x
			return nil
		}
	}
slow:
	f, ok := wireParseNumber(t)
	if !ok {
		return wireFail(wireCodeRange, "number is not finite")
	}
	if f != math.Trunc(f) {
		return wireFail(wireCodeType, "expected integer, got a fraction")
	}
	if f > wireMaxSafeInteger || f < -wireMaxSafeInteger {
		return wireFail(wireCodeRange, "integer beyond ±(2^53 − 1)")
	}
	*v = int64(f)
	return nil
}

// wireParseNumber returns the double nearest to a valid JSON number token, and false when it is not finite.
func wireParseNumber(t []byte) (float64, bool) {
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(t), len(t)), 64)
	if err != nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return f, false
	}
	if math.IsInf(f, 0) {
		return f, false
	}
	if f == 0 {
		f = 0 // -0 is 0
	}
	return f, true
}

// Raw decodes a free-form value: its top-level kind must be in kinds, then it is
// checked as JSON.parse gives it (depth, lone surrogates, non-finite numbers).
// *v receives a copy of the exact input bytes (for a short text, a part of the
// copy that its strings share).
func (d *wireDecoder) Raw(v *json.RawMessage, kinds wireKinds) *DecodeError {
	k := d.Kind()
	if kinds&(1<<k) == 0 {
		d.Skip()
		return wireFail(wireCodeType, "unexpected "+k.String())
	}
	start := d.i
	d.Skip()
	if d.bad {
		return wireFail(wireCodeSyntax, "input is not one JSON value")
	}
	span := d.b[start:d.i]
	if err := wireCheckRaw(span, d.depth+1); err != nil {
		return err
	}
	if len(d.b) <= wireShareLimit {
		*v = d.keep(start, d.i)
		return nil
	}
	*v = append(json.RawMessage(nil), span...)
	return nil
}

// RawSpan skips the current value and returns its exact bytes (a slice of the input) and its level.
// (On a bad fast pass it returns the text null, so that later checks see a valid value.)
func (d *wireDecoder) RawSpan() ([]byte, int) {
	d.ws()
	start := d.i
	d.Skip()
	if d.bad {
		return []byte("null"), d.depth + 1
	}
	return d.b[start:d.i], d.depth + 1
}

// wireProbe records, for up to 64 discriminator keys, where the value of each key's
// last occurrence starts in the current object (without consuming it).
type wireProbe struct {
	pos  [8]int32 // most unions test few keys; more use extra
	ext  []int32
	b    []byte
	rest int // fast path: the probe is partial; the skim stopped at the value at b[rest]
}

// Partial reports a probe of the fast path that stopped at the first
// discriminator key: keys after it are not known yet. A union either decodes
// the variant this partial view selects while watching its keys (Watch), and
// checks that the complete view selects the same variant, or completes the
// probe with ProbeRest.
func (p *wireProbe) Partial() bool { return p.rest > 0 }

// ProbeRest completes a partial probe.
func (d *wireDecoder) ProbeRest(p *wireProbe, keys wireKeys) {
	if !d.skim(p, keys, p.rest, true, false) {
		d.fail()
	}
}

func (p *wireProbe) at(k int) int32 {
	if k < len(p.pos) {
		return p.pos[k]
	}
	return p.ext[k-len(p.pos)]
}

func (p *wireProbe) set(k int, v int32) {
	if k < len(p.pos) {
		p.pos[k] = v
		return
	}
	p.ext[k-len(p.pos)] = v
}

// ProbeObject scans the object at the current position for keys. It returns
// false (consuming nothing) when the value is not an object.
func (d *wireDecoder) ProbeObject(p *wireProbe, keys wireKeys) bool {
	return d.probe(p, keys, false)
}

// PeekObject is ProbeObject, except that on the fast path (up to 8 keys) it
// may give a partial probe (see Partial).
func (d *wireDecoder) PeekObject(p *wireProbe, keys wireKeys) bool {
	return d.probe(p, keys, len(keys.names) <= len(d.wpos))
}

func (d *wireDecoder) probe(p *wireProbe, keys wireKeys, peek bool) bool {
	if d.at() != '{' {
		return false
	}
	p.b = d.b
	if len(keys.names) > len(p.pos) {
		p.ext = make([]int32, len(keys.names)-len(p.pos))
	}
	// every slot, not only keys': Unwatch compares the whole array with the watch's
	for k := range p.pos {
		p.pos[k] = -1
	}
	for k := range p.ext {
		p.ext[k] = -1
	}
	if d.i == d.rootAt && d.root.n >= 0 {
		// the validator recorded the root object's members
		for m := 0; m < d.root.n; m++ {
			ks, vs := int(d.root.keys[m]), int(d.root.vals[m])
			key, bad, _ := d.readString(ks)
			if bad {
				continue
			}
			if k := keys.index(key); k >= 0 {
				p.set(k, int32(vs))
			}
		}
		return true
	}
	if d.fast {
		if !d.skim(p, keys, d.i+1, false, peek) {
			d.fail()
			return false
		}
		return true
	}
	save, saveDepth, saveFirst := d.i, d.depth, d.first
	// entered whatever its depth: the probe only looks for keys, and the decode that follows gives the depth error
	d.i++
	d.depth++
	d.first = true
	for d.NextMember() {
		if !d.keyBad {
			if k := keys.index(d.key); k >= 0 {
				d.ws()
				p.set(k, int32(d.i))
			}
		}
		d.Skip()
	}
	d.i, d.depth, d.first = save, saveDepth, saveFirst
	return true
}

// skim is ProbeObject on the fast path: it finds the members of the object
// whose members start at b[i] (after its '{'; or, with atValue, the value of
// a member starts there) without checking their values (the variant decoder
// reads the whole object again, checking everything, so a skim that is misled
// by a malformed text only leads to a failed pass). With stop, it stops after
// the first member whose key is in keys (a partial probe). It never reads out
// of bounds, and returns false for anything it does not handle (a key with an
// escape, a text that ends early).
func (d *wireDecoder) skim(p *wireProbe, keys wireKeys, i int, atValue, stop bool) bool {
	b := d.b
	p.rest = 0
	for {
		if atValue {
			if i = wireSkimValue(b, i); i < 0 {
				return false
			}
			i = wireSkipWS(b, i)
			if i >= len(b) {
				return false
			}
			if b[i] == '}' {
				return true
			}
			if b[i] != ',' {
				return false
			}
			i = wireSkipWS(b, i+1)
		} else {
			i = wireSkipWS(b, i)
			if i < len(b) && b[i] == '}' {
				return true
			}
		}
		if i >= len(b) || b[i] != '"' {
			return false
		}
		ks := i + 1
		j := ks
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' {
				return false
			}
			j++
		}
		if j >= len(b) {
			return false
		}
		key := b[ks:j]
		i = wireSkipWS(b, j+1)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = wireSkipWS(b, i+1)
		k := keys.index(key)
		if k >= 0 {
			p.set(k, int32(i))
		}
		if k >= 0 && stop {
			p.rest = i
			return true
		}
		atValue = true
	}
}

// wireSkimValue returns the index after the value at b[i] as if the text were
// valid, or -1 when the text ends first. It does not check the value.
func wireSkimValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return wireSkimString(b, i)
	case '{', '[':
		n := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				if i = wireSkimString(b, i); i < 0 {
					return -1
				}
				continue
			case '{', '[':
				n++
			case '}', ']':
				if n--; n == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	}
	// a literal or a number (possibly nothing: the decoder will refuse it)
	for i < len(b) && (wireClass[b[i]]&wireClsNumber != 0 || b[i]-'a' < 26) {
		i++
	}
	return i
}

// wireSkimString returns the index after the string opening at b[i] (the first
// quote not escaped by a backslash), or -1 when the text ends first.
func wireSkimString(b []byte, i int) int {
	i++
	for {
		i = wireQuoteStop(b, i)
		if i >= len(b) {
			return -1
		}
		n := 0
		for k := i - 1; b[k] == '\\'; k-- {
			n++
		}
		i++
		if n&1 == 0 {
			return i
		}
	}
}

// Has reports whether key k was present.
func (p *wireProbe) Has(k int) bool { return p.at(k) >= 0 }

// Str returns key k's value when it is a string, for a comparison: its contents
// (unescaped; as they are in the text when they hold no escape, where a valid
// constant only equals valid UTF-8). It is false for any other value, and for a
// string with a bad escape or an unpaired surrogate.
func (p *wireProbe) Str(k int) (string, bool) {
	i := p.at(k)
	if i < 0 || int(i) >= len(p.b) || p.b[i] != '"' {
		return "", false
	}
	b := p.b
	start := int(i) + 1
	if j := wireStringStop(b, start); j < len(b) && b[j] == '"' {
		return unsafe.String(unsafe.SliceData(b[start:j]), j-start), true
	}
	if end, _ := wireScanStringBody(b, start); end < 0 {
		return "", false
	}
	v, bad, _ := wireUnescape(nil, b, start)
	if bad {
		return "", false
	}
	return unsafe.String(unsafe.SliceData(v), len(v)), true
}

// IsString reports whether key k's value is the string s.
func (p *wireProbe) IsString(k int, s string) bool {
	v, ok := p.Str(k)
	return ok && v == s
}

// IsNumber reports whether key k's value is a number equal to f.
func (p *wireProbe) IsNumber(k int, f float64) bool {
	i := p.at(k)
	if i < 0 || int(i) >= len(p.b) {
		return false
	}
	b := p.b
	if c := b[i]; c != '-' && !wireIsDigit(c) {
		return false
	}
	end := wireScanNumber(b, int(i))
	if end < 0 {
		return false
	}
	x, ok := wireParseNumber(b[i:end])
	return ok && x == f
}

// IsBool reports whether key k's value is the boolean v.
func (p *wireProbe) IsBool(k int, v bool) bool {
	i := p.at(k)
	if i < 0 || int(i) >= len(p.b) {
		return false
	}
	c := p.b[i]
	return (v && c == 't') || (!v && c == 'f')
}

// IsNull reports whether key k's value is null.
func (p *wireProbe) IsNull(k int) bool {
	i := p.at(k)
	return i >= 0 && int(i) < len(p.b) && p.b[i] == 'n'
}

// UnknownVariant skips the current value and returns unknown_variant at it.
func (d *wireDecoder) UnknownVariant() *DecodeError {
	d.Skip()
	return wireFail(wireCodeUnknownVariant, "no variant matches")
}

// UnknownVariantAt skips the current object and returns unknown_variant at its member key.
func (d *wireDecoder) UnknownVariantAt(key string) *DecodeError {
	d.Skip()
	return wireFail(wireCodeUnknownVariant, "discriminator matches no variant").in(key)
}

// wireQuoteStop returns the index of the first '"' at or after i (len(b) if none).
func wireQuoteStop(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		q := binary.LittleEndian.Uint64(b[i:]) ^ (wireLsb * '"')
		if m := (q - wireLsb) &^ q & wireMsb; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(b) && b[i] != '"' {
		i++
	}
	return i
}
