package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// Kind is the JSON kind of a value.
type Kind uint8

// JSON kinds; a Kinds set is a bit mask of 1<<Kind.
const (
	KindObject Kind = iota
	KindArray
	KindString
	KindNumber
	KindBoolean
	KindNull
)

// Kinds is a set of JSON kinds (bit 1<<Kind); AnyKind allows every kind.
type Kinds uint8

// AnyKind is the set of all JSON kinds.
const AnyKind Kinds = 1<<6 - 1

var kindNames = [...]string{"object", "array", "string", "number", "boolean", "null"}

func (k Kind) String() string { return kindNames[k] }

// Decoder walks one JSON text that CheckText has accepted. Because the syntax
// is known to be valid, it never fails on syntax; schema errors are returned
// with pointers relative to the value being decoded, and the caller prefixes
// them on the way up (pointers are built only on error).
type Decoder struct {
	b       []byte
	s       string // b as a string, made on first use for short texts (one allocation for all their strings)
	i       int
	depth   int // containers enclosing the current position
	key     []byte
	keyBad  bool
	scratch []byte
	root    rootIndex
	rootAt  int // index of the root value
}

// Init checks the text (UTF-8, then syntax) and prepares to decode it.
func (d *Decoder) Init(b []byte) *DecodeError {
	if !utf8.Valid(b) {
		return Fail(CodeUTF8, "input is not valid UTF-8")
	}
	d.root.n = 0
	if !validJSON(b, &d.root) {
		return Fail(CodeSyntax, "input is not one JSON value")
	}
	d.b, d.s, d.i, d.depth = b, "", 0, 0
	d.rootAt = skipWS(b, 0)
	if b[d.rootAt] != '{' {
		d.root.n = -1
	}
	return nil
}

func (d *Decoder) ws() {
	for class[d.b[d.i]]&clsWS != 0 {
		d.i++
	}
}

// Kind returns the kind of the value at the current position.
func (d *Decoder) Kind() Kind {
	d.ws()
	switch d.b[d.i] {
	case '{':
		return KindObject
	case '[':
		return KindArray
	case '"':
		return KindString
	case 't', 'f':
		return KindBoolean
	case 'n':
		return KindNull
	}
	return KindNumber
}

// TypeError skips the current value and returns a type error naming what was expected.
func (d *Decoder) TypeError(want string) *DecodeError {
	k := d.Kind()
	d.Skip()
	return Fail(CodeType, "expected "+want+", got "+k.String())
}

// skipStringAt returns the index after the string opening at b[i].
func skipStringAt(b []byte, i int) int {
	i = stringStop(b, i+1)
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

func skipNumberAt(b []byte, i int) int {
	for i < len(b) && class[b[i]]&clsNumber != 0 {
		i++
	}
	return i
}

// Skip skips the current value, iteratively.
func (d *Decoder) Skip() {
	d.ws()
	b, i := d.b, d.i
	switch b[i] {
	case '"':
		i = skipStringAt(b, i)
	case 't', 'n':
		i += 4
	case 'f':
		i += 5
	case '{', '[':
		n := 0
		for {
			switch b[i] {
			case '"':
				i = skipStringAt(b, i)
				continue
			case '{', '[':
				n++
			case '}', ']':
				n--
				if n == 0 {
					d.i = i + 1
					return
				}
			}
			i++
		}
	default:
		i = skipNumberAt(b, i)
	}
	d.i = i
}

// ObjectStart enters the object at the current position; false (nothing consumed) if it is not an object.
func (d *Decoder) ObjectStart() bool {
	d.ws()
	if d.b[d.i] != '{' {
		return false
	}
	d.i++
	d.depth++
	return true
}

// NextMember reads the next member's key (see Key) and positions at its value;
// false when the object ends (the closing brace is consumed).
func (d *Decoder) NextMember() bool {
	d.ws()
	if d.b[d.i] == ',' {
		d.i++
		d.ws()
	}
	if d.b[d.i] == '}' {
		d.i++
		d.depth--
		return false
	}
	d.key, d.keyBad, d.i = d.readString(d.i, true)
	d.ws()
	d.i++ // ':'
	return true
}

// Key is the current member's key, unescaped (valid until the next call on d).
func (d *Decoder) Key() []byte { return d.key }

// KeyBad reports that the current key holds an unpaired surrogate escape.
func (d *Decoder) KeyBad() bool { return d.keyBad }

// Unknown skips the current member's value and returns the unknown_field
// error of its key (or utf8 at the object when the key holds an unpaired
// surrogate), relative to the object.
func (d *Decoder) Unknown() *DecodeError {
	d.Skip()
	if d.keyBad {
		return Fail(CodeUTF8, "property name holds an unpaired surrogate")
	}
	return Fail(CodeUnknownField, "unknown property").In(string(d.key))
}

// ArrayStart enters the array at the current position; false (nothing consumed) if it is not an array.
func (d *Decoder) ArrayStart() bool {
	d.ws()
	if d.b[d.i] != '[' {
		return false
	}
	d.i++
	d.depth++
	return true
}

// NextElement positions at the next element; false when the array ends (consumed).
func (d *Decoder) NextElement() bool {
	d.ws()
	if d.b[d.i] == ',' {
		d.i++
		d.ws()
	}
	if d.b[d.i] == ']' {
		d.i++
		d.depth--
		return false
	}
	return true
}

// readString decodes the string opening at b[i]; it returns the contents
// (a slice of the input when there is no escape, else d.scratch; lone
// surrogates are written as their 3-byte generalized UTF-8 form), whether a
// lone surrogate was found, and the index after the closing quote.
func (d *Decoder) readString(i int, _ bool) ([]byte, bool, int) {
	b := d.b
	start := i + 1
	j := stringStop(b, start)
	if b[j] == '"' {
		return b[start:j], false, j + 1
	}
	out, bad, end := unescape(d.scratch[:0], b, start)
	d.scratch = out
	return out, bad, end
}

// unescape appends the contents of the (valid) string starting after its quote at b[i].
func unescape(dst, b []byte, i int) ([]byte, bool, int) {
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
			r := hex4(b[i:])
			i += 4
			if r >= 0xD800 && r < 0xDC00 && i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
				if r2 := hex4(b[i+2:]); r2 >= 0xDC00 && r2 < 0xE000 {
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

func hex4(b []byte) rune {
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
func (d *Decoder) String(v *string) *DecodeError {
	d.ws()
	if d.b[d.i] != '"' {
		return d.TypeError("string")
	}
	start := d.i + 1
	b := d.b
	j := stringStop(b, start)
	if b[j] == '"' {
		d.i = j + 1
		*v = d.substring(start, j)
		return nil
	}
	s, bad, end := d.readString(d.i, false)
	d.i = end
	if bad {
		return Fail(CodeUTF8, "string holds an unpaired surrogate")
	}
	*v = string(s)
	return nil
}

// shareLimit is the longest text whose strings share one allocation (a kept
// string keeps at most this many bytes alive).
const shareLimit = 1024

func (d *Decoder) substring(i, j int) string {
	if len(d.b) > shareLimit {
		return string(d.b[i:j])
	}
	if d.s == "" {
		d.s = string(d.b)
	}
	return d.s[i:j]
}

// ConstString decodes a string that must equal want: type, then utf8, then
// const, as the checks of a string with a const run. It does not allocate.
func (d *Decoder) ConstString(want string) *DecodeError {
	d.ws()
	if d.b[d.i] != '"' {
		return d.TypeError("string")
	}
	s, bad, end := d.readString(d.i, false)
	d.i = end
	if bad {
		return Fail(CodeUTF8, "string holds an unpaired surrogate")
	}
	if string(s) != want {
		return Fail(CodeConst, "string is not the expected constant")
	}
	return nil
}

// Secret decodes a string value into a Secret.
func (d *Decoder) Secret(v *Secret) *DecodeError {
	return d.String((*string)(v))
}

// Bool decodes a boolean value.
func (d *Decoder) Bool(v *bool) *DecodeError {
	d.ws()
	switch d.b[d.i] {
	case 't':
		d.i += 4
		*v = true
		return nil
	case 'f':
		d.i += 5
		*v = false
		return nil
	}
	return d.TypeError("boolean")
}

// Null decodes a null value.
func (d *Decoder) Null(v *Null) *DecodeError {
	d.ws()
	if d.b[d.i] == 'n' {
		d.i += 4
		return nil
	}
	return d.TypeError("null")
}

// Float decodes any finite number.
func (d *Decoder) Float(v *float64) *DecodeError {
	d.ws()
	c := d.b[d.i]
	if c != '-' && !isDigit(c) {
		return d.TypeError("number")
	}
	start := d.i
	d.i = skipNumberAt(d.b, start)
	f, ok := parseNumber(d.b[start:d.i])
	if !ok {
		return Fail(CodeRange, "number is not finite")
	}
	*v = f
	return nil
}

// Int decodes a whole number within ±(2^53 − 1) (1.0 and 1e3 are whole).
func (d *Decoder) Int(v *int64) *DecodeError {
	d.ws()
	c := d.b[d.i]
	if c != '-' && !isDigit(c) {
		return d.TypeError("integer")
	}
	start := d.i
	d.i = skipNumberAt(d.b, start)
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
				if !isDigit(c) {
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
	f, ok := parseNumber(t)
	if !ok {
		return Fail(CodeRange, "number is not finite")
	}
	if f != math.Trunc(f) {
		return Fail(CodeType, "expected integer, got a fraction")
	}
	if f > MaxSafeInteger || f < -MaxSafeInteger {
		return Fail(CodeRange, "integer beyond ±(2^53 − 1)")
	}
	*v = int64(f)
	return nil
}

// parseNumber returns the double nearest to a valid JSON number token, and false when it is not finite.
func parseNumber(t []byte) (float64, bool) {
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
// *v receives a copy of the exact input bytes.
func (d *Decoder) Raw(v *json.RawMessage, kinds Kinds) *DecodeError {
	k := d.Kind()
	if kinds&(1<<k) == 0 {
		d.Skip()
		return Fail(CodeType, "unexpected "+k.String())
	}
	start := d.i
	d.Skip()
	span := d.b[start:d.i]
	if err := CheckRaw(span, d.depth+1); err != nil {
		return err
	}
	*v = append(json.RawMessage(nil), span...)
	return nil
}

// RawSpan skips the current value and returns its exact bytes (a slice of the input) and its level.
func (d *Decoder) RawSpan() ([]byte, int) {
	d.ws()
	start := d.i
	d.Skip()
	return d.b[start:d.i], d.depth + 1
}

// Probe records, for up to 64 discriminator keys, where the value of each key's
// last occurrence starts in the current object (without consuming it).
type Probe struct {
	pos [8]int32 // most unions test few keys; more use extra
	ext []int32
	b   []byte
}

func (p *Probe) at(k int) int32 {
	if k < len(p.pos) {
		return p.pos[k]
	}
	return p.ext[k-len(p.pos)]
}

func (p *Probe) set(k int, v int32) {
	if k < len(p.pos) {
		p.pos[k] = v
		return
	}
	p.ext[k-len(p.pos)] = v
}

// ProbeObject scans the object at the current position for keys. It returns
// false (consuming nothing) when the value is not an object.
func (d *Decoder) ProbeObject(p *Probe, keys []string) bool {
	d.ws()
	if d.b[d.i] != '{' {
		return false
	}
	p.b = d.b
	if len(keys) > len(p.pos) {
		p.ext = make([]int32, len(keys)-len(p.pos))
	}
	for k := range keys {
		p.set(k, -1)
	}
	if d.i == d.rootAt && d.root.n >= 0 {
		// the validator recorded the root object's members
		for m := 0; m < d.root.n; m++ {
			ks, vs := int(d.root.keys[m]), int(d.root.vals[m])
			key, bad, _ := d.readString(ks, true)
			if bad {
				continue
			}
			for k, want := range keys {
				if string(key) == want {
					p.set(k, int32(vs))
				}
			}
		}
		return true
	}
	save, saveDepth := d.i, d.depth
	d.ObjectStart()
	for d.NextMember() {
		if !d.keyBad {
			for k, key := range keys {
				if string(d.key) == key {
					d.ws()
					p.set(k, int32(d.i))
				}
			}
		}
		d.Skip()
	}
	d.i, d.depth = save, saveDepth
	return true
}

// Has reports whether key k was present.
func (p *Probe) Has(k int) bool { return p.at(k) >= 0 }

// IsString reports whether key k's value is the string s.
func (p *Probe) IsString(k int, s string) bool {
	i := p.at(k)
	if i < 0 || p.b[i] != '"' {
		return false
	}
	b := p.b
	start := int(i) + 1
	j := bytes.IndexByte(b[start:], '"') + start
	if bytes.IndexByte(b[start:j], '\\') < 0 {
		return string(b[start:j]) == s
	}
	v, bad, _ := unescape(nil, b, start)
	return !bad && string(v) == s
}

// IsNumber reports whether key k's value is a number equal to f.
func (p *Probe) IsNumber(k int, f float64) bool {
	i := p.at(k)
	if i < 0 {
		return false
	}
	b := p.b
	if c := b[i]; c != '-' && !isDigit(c) {
		return false
	}
	x, ok := parseNumber(b[i:skipNumberAt(b, int(i))])
	return ok && x == f
}

// IsBool reports whether key k's value is the boolean v.
func (p *Probe) IsBool(k int, v bool) bool {
	i := p.at(k)
	if i < 0 {
		return false
	}
	c := p.b[i]
	return (v && c == 't') || (!v && c == 'f')
}

// IsNull reports whether key k's value is null.
func (p *Probe) IsNull(k int) bool {
	i := p.at(k)
	return i >= 0 && p.b[i] == 'n'
}

// UnknownVariant skips the current value and returns unknown_variant at it.
func (d *Decoder) UnknownVariant() *DecodeError {
	d.Skip()
	return Fail(CodeUnknownVariant, "no variant matches")
}

// UnknownVariantAt skips the current object and returns unknown_variant at its member key.
func (d *Decoder) UnknownVariantAt(key string) *DecodeError {
	d.Skip()
	return Fail(CodeUnknownVariant, "discriminator matches no variant").In(key)
}
