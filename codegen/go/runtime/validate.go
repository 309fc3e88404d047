package wire

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Character classes of the lexer.
const (
	wireClsStringStop = 1 << iota // '"', '\\' or a control character inside a string
	wireClsWS                     // JSON whitespace
	wireClsNumber                 // a byte that may continue a number token
)

var wireClass = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] |= wireClsStringStop
	}
	t['"'] |= wireClsStringStop
	t['\\'] |= wireClsStringStop
	for _, c := range " \t\n\r" {
		t[c] |= wireClsWS
	}
	for _, c := range "0123456789+-.eE" {
		t[c] |= wireClsNumber
	}
	return t
}()

// wireCheckText verifies step 1 and 2 of decoding: the bytes are UTF-8 and form
// exactly one JSON value surrounded by optional whitespace.
func wireCheckText(b []byte) *DecodeError {
	if !utf8.Valid(b) {
		return wireFail(wireCodeUTF8, "input is not valid UTF-8")
	}
	if !wireValidJSON(b, nil) {
		return wireFail(wireCodeSyntax, "input is not one JSON value")
	}
	return nil
}

// wireRootIndex remembers where the members of a root object start, so that a
// union at the root finds its discriminators without scanning the text again.
type wireRootIndex struct {
	n    int // members recorded; -1 when there were too many (or the root is no object)
	keys [12]int32
	vals [12]int32
}

func (r *wireRootIndex) add(key, val int) {
	if r.n >= 0 && r.n < len(r.keys) {
		r.keys[r.n], r.vals[r.n] = int32(key), int32(val)
		r.n++
	} else {
		r.n = -1
	}
}

func wireSkipWS(b []byte, i int) int {
	for i < len(b) && wireClass[b[i]]&wireClsWS != 0 {
		i++
	}
	return i
}

// wireScanString returns the index after the closing quote of the string opening
// at b[i] ('"'), or -1 when the string is malformed.
func wireScanString(b []byte, i int) int {
	i++
	for {
		i = wireStringStop(b, i)
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; c {
		case '"':
			return i + 1
		case '\\':
			if i+1 >= len(b) {
				return -1
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !wireIsHex(b[i+2]) || !wireIsHex(b[i+3]) || !wireIsHex(b[i+4]) || !wireIsHex(b[i+5]) {
					return -1
				}
				i += 6
			default:
				return -1
			}
		default: // control character
			return -1
		}
	}
}

func wireIsHex(c byte) bool {
	return c-'0' < 10 || (c|0x20)-'a' < 6
}

func wireIsDigit(c byte) bool { return c-'0' < 10 }

// wireScanNumber returns the index after the number starting at b[i], or -1.
func wireScanNumber(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return -1
	}
	if b[i] == '0' {
		i++
	} else if b[i]-'1' < 9 {
		i++
		for i < len(b) && wireIsDigit(b[i]) {
			i++
		}
	} else {
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !wireIsDigit(b[i]) {
			return -1
		}
		for i < len(b) && wireIsDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i]|0x20) == 'e' {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !wireIsDigit(b[i]) {
			return -1
		}
		for i < len(b) && wireIsDigit(b[i]) {
			i++
		}
	}
	return i
}

func wireHasLiteral(b []byte, i int, lit string) bool {
	return len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit
}

// wireValidJSON reports whether b is exactly one JSON value (RFC 8259) with
// optional surrounding whitespace (b is known to be UTF-8).
func wireValidJSON(b []byte, rec *wireRootIndex) bool {
	i := wireScanValue(b, wireSkipWS(b, 0), rec, false)
	return i >= 0 && wireSkipWS(b, i) == len(b)
}

// wireScanValue returns the index after the JSON value starting at b[i], or -1
// when there is none. With u, strings are also checked to be UTF-8 (the
// bytes outside strings are ASCII in any valid value). It is iterative:
// nesting depth costs one byte of stack per level and no recursion.
func wireScanValue(b []byte, i int, rec *wireRootIndex, u bool) int {
	var small [64]byte
	stack := small[:0]
	for {
		// A value starts at b[i].
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; c {
		case '{':
			i = wireSkipWS(b, i+1)
			if i < len(b) && b[i] == '}' {
				i++
				break
			}
			stack = append(stack, '{')
			k := i
			if i = wireObjectKey(b, i, u); i < 0 {
				return -1
			}
			if rec != nil && len(stack) == 1 {
				rec.add(k, i)
			}
			continue
		case '[':
			i = wireSkipWS(b, i+1)
			if i < len(b) && b[i] == ']' {
				i++
				break
			}
			stack = append(stack, '[')
			continue
		case '"':
			if i = wireScanStr(b, i, u); i < 0 {
				return -1
			}
		case 't':
			if !wireHasLiteral(b, i, "true") {
				return -1
			}
			i += 4
		case 'f':
			if !wireHasLiteral(b, i, "false") {
				return -1
			}
			i += 5
		case 'n':
			if !wireHasLiteral(b, i, "null") {
				return -1
			}
			i += 4
		default:
			if i = wireScanNumber(b, i); i < 0 {
				return -1
			}
		}
		// After a value.
		for {
			if len(stack) == 0 {
				return i
			}
			i = wireSkipWS(b, i)
			if i >= len(b) {
				return -1
			}
			top := stack[len(stack)-1]
			c := b[i]
			if c == ',' {
				i = wireSkipWS(b, i+1)
				if top == '{' {
					k := i
					if i = wireObjectKey(b, i, u); i < 0 {
						return -1
					}
					if rec != nil && len(stack) == 1 {
						rec.add(k, i)
					}
				}
				break // next value
			}
			if (top == '{' && c == '}') || (top == '[' && c == ']') {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			return -1
		}
	}
}

// wireScanStr is scanString, or scanStringBody (UTF-8 checked too) when u.
func wireScanStr(b []byte, i int, u bool) int {
	if u {
		end, _ := wireScanStringBody(b, i+1)
		return end
	}
	return wireScanString(b, i)
}

// wireScanStringBody checks the string whose contents start at b[i] (after its
// opening quote): escapes, no control character, UTF-8. It returns the index
// after the closing quote (-1 when the string is malformed) and whether the
// string holds an escape.
func wireScanStringBody(b []byte, i int) (int, bool) {
	esc := false
	for {
		i = wireStringStopValid(b, i)
		if i >= len(b) {
			return -1, esc
		}
		c := b[i]
		switch {
		case c == '"':
			return i + 1, esc
		case c == '\\':
			esc = true
			if i+1 >= len(b) {
				return -1, esc
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !wireIsHex(b[i+2]) || !wireIsHex(b[i+3]) || !wireIsHex(b[i+4]) || !wireIsHex(b[i+5]) {
					return -1, esc
				}
				i += 6
			default:
				return -1, esc
			}
		default: // a control character, or invalid UTF-8
			return -1, esc
		}
	}
}

// wireObjectKey scans `"key" :` at b[i] and returns the index of the value (after whitespace).
func wireObjectKey(b []byte, i int, u bool) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	if i = wireScanStr(b, i, u); i < 0 {
		return -1
	}
	i = wireSkipWS(b, i)
	if i >= len(b) || b[i] != ':' {
		return -1
	}
	return wireSkipWS(b, i+1)
}

const (
	wireLsb = 0x0101010101010101
	wireMsb = 0x8080808080808080
)

// wireStopBits marks (the high bit of) each byte of the word x that is '"', '\\'
// or a control character; the lowest mark is exact (a borrow only corrupts the
// bytes above a real one).
func wireStopBits(x uint64) uint64 { return wireStopTest(x) & wireMsb }

// wireStopBitsU is wireStopBits that also marks the bytes of non-ASCII characters.
func wireStopBitsU(x uint64) uint64 { return (wireStopTest(x) | x) & wireMsb }

// wireStopTest is the word test of wireStopBits before its mask.
func wireStopTest(x uint64) uint64 {
	q := x ^ (wireLsb * '"')
	s := x ^ (wireLsb * '\\')
	return ((q - wireLsb) &^ q) | ((s - wireLsb) &^ s) | ((x - wireLsb*0x20) &^ x)
}

// wireStringStop returns the index of the first byte at or after i that is '"',
// '\\' or a control character (len(b) if none), eight bytes at a time.
func wireStringStop(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := wireStopBits(x); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i < len(b) && len(b) >= 8 {
		// the last bytes, in the word that ends the text (overlapping the bytes checked)
		x := binary.LittleEndian.Uint64(b[len(b)-8:])
		if wireStopBits(x) == 0 {
			return len(b)
		}
	}
	for i < len(b) && wireClass[b[i]]&wireClsStringStop == 0 {
		i++
	}
	return i
}

// wireStringStopValid returns the index of the first byte at or after b[i]
// where a string's contents stop: '"', '\\', a control character, or the start of
// an invalid UTF-8 sequence (len(b) when there is none). ASCII goes eight bytes
// at a time; from the first non-ASCII byte on, the shift DFA of wireUtf8Rows
// checks eight bytes per step with no branch per character, so text that mixes
// ASCII and other scripts costs no mispredicted branches.
func wireStringStopValid(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if m := wireStopBitsU(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			if i += bits.TrailingZeros64(m) >> 3; b[i] < utf8.RuneSelf {
				return i
			}
			break
		}
	}
	if i+8 > len(b) && len(b) >= 8 && wireStopBitsU(binary.LittleEndian.Uint64(b[len(b)-8:])) == 0 {
		return len(b) // the last bytes, in the word that ends the text (overlapping the bytes checked)
	}
	var s uint64 // wireUtf8Char: i is at the start of a character
	for ; i+8 <= len(b); i += 8 {
		w := b[i : i+8 : i+8]
		t := wireUtf8Step(s, w[0])
		t = wireUtf8Step(t, w[1])
		t = wireUtf8Step(t, w[2])
		t = wireUtf8Step(t, w[3])
		t = wireUtf8Step(t, w[4])
		t = wireUtf8Step(t, w[5])
		t = wireUtf8Step(t, w[6])
		t = wireUtf8Step(t, w[7])
		if t&63 >= wireUtf8Stop {
			return wireStringStopAt(b, i, s)
		}
		s = t
	}
	t := s
	for k := i; k < len(b); k++ {
		t = wireUtf8Step(t, b[k])
	}
	if t&63 == wireUtf8Char {
		return len(b)
	}
	return wireStringStopAt(b, i, s)
}

// wireStringStopAt finds the stop of wireStringStopValid byte by byte from b[i],
// where the DFA is in state s: the start of the character where it stops.
func wireStringStopAt(b []byte, i int, s uint64) int {
	start := i
	if s&63 != wireUtf8Char {
		// inside a character: it starts at the lead byte before i
		for start--; b[start]&0xC0 == 0x80; start-- {
		}
	}
	for ; i < len(b); i++ {
		s = wireUtf8Step(s, b[i])
		if st := s & 63; st == wireUtf8Char {
			start = i + 1
		} else if st >= wireUtf8Stop {
			return start
		}
	}
	return start // len(b), or the start of a truncated character
}
