package wire

// The states of the string-scanning DFA, each a bit offset into a row of
// wireUtf8Rows (a shift DFA: the next state is row >> state, six bits).
const (
	wireUtf8Char  = 0 * 6 // between characters
	wireUtf8Need1 = 1 * 6 // one continuation byte (80..BF) to go
	wireUtf8Need2 = 2 * 6
	wireUtf8Need3 = 3 * 6
	wireUtf8E0    = 4 * 6 // after E0: A0..BF (no overlong form), then one more
	wireUtf8ED    = 5 * 6 // after ED: 80..9F (no surrogate), then one more
	wireUtf8F0    = 6 * 6 // after F0: 90..BF (no overlong form), then two more
	wireUtf8F4    = 7 * 6 // after F4: 80..8F (at most U+10FFFF), then two more
	wireUtf8Stop  = 8 * 6 // '"', '\\' or a control character between characters (absorbing)
	wireUtf8Bad   = 9 * 6 // invalid UTF-8 (absorbing)
)

// wireUtf8Rows[c] holds, for each state s, the state after byte c at bits s..s+5.
var wireUtf8Rows = func() (t [256]uint64) {
	for c := 0; c < 256; c++ {
		for s := wireUtf8Char; s <= wireUtf8Bad; s += 6 {
			t[c] |= uint64(wireUtf8Next(s, byte(c))) << s
		}
	}
	return
}()

// wireUtf8Step is the state after byte c in state s (only the low six bits of
// the result are the state).
func wireUtf8Step(s uint64, c byte) uint64 { return wireUtf8Rows[c] >> (s & 63) }

// wireUtf8Next is the DFA's transition: UTF-8 as utf8.Valid decides, and the
// bytes that end a string's plain contents.
func wireUtf8Next(s int, c byte) int {
	cont := func(lo, hi byte, next int) int {
		if c >= lo && c <= hi {
			return next
		}
		return wireUtf8Bad
	}
	switch s {
	case wireUtf8Stop, wireUtf8Bad:
		return s
	case wireUtf8Need1:
		return cont(0x80, 0xBF, wireUtf8Char)
	case wireUtf8Need2:
		return cont(0x80, 0xBF, wireUtf8Need1)
	case wireUtf8Need3:
		return cont(0x80, 0xBF, wireUtf8Need2)
	case wireUtf8E0:
		return cont(0xA0, 0xBF, wireUtf8Need1)
	case wireUtf8ED:
		return cont(0x80, 0x9F, wireUtf8Need1)
	case wireUtf8F0:
		return cont(0x90, 0xBF, wireUtf8Need2)
	case wireUtf8F4:
		return cont(0x80, 0x8F, wireUtf8Need2)
	}
	switch {
	case wireClass[c]&wireClsStringStop != 0:
		return wireUtf8Stop
	case c < 0x80:
		return wireUtf8Char
	case c < 0xC2: // a continuation byte, or an overlong two-byte lead
		return wireUtf8Bad
	case c < 0xE0:
		return wireUtf8Need1
	case c == 0xE0:
		return wireUtf8E0
	case c == 0xED:
		return wireUtf8ED
	case c < 0xF0:
		return wireUtf8Need2
	case c == 0xF0:
		return wireUtf8F0
	case c < 0xF4:
		return wireUtf8Need3
	case c == 0xF4:
		return wireUtf8F4
	}
	return wireUtf8Bad
}
