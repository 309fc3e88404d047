package wire

// wireCanonical reports that raw is already in canonical form, so that
// wireAppendRaw may copy it as it is: exactly one JSON value, UTF-8, without
// whitespace, its top-level kind in kinds, no container deeper than MaxDepth
// (the value at nesting level `level`), every string (keys too) escaped as
// JSON.stringify escapes it, every number as Number::toString writes it, and
// no object with a duplicate key or an array-index key (whose order
// JSON.parse would change). False means only "take the exact path", which
// then gives the canonical form or the error.
func wireCanonical(raw []byte, level int, kinds wireKinds) bool {
	if len(raw) == 0 {
		return false
	}
	var k wireKind
	switch raw[0] {
	case '{':
		k = wireKindObject
	case '[':
		k = wireKindArray
	case '"':
		k = wireKindString
	case 't', 'f':
		k = wireKindBoolean
	case 'n':
		k = wireKindNull
	default:
		k = wireKindNumber
	}
	if kinds&(1<<k) == 0 {
		return false
	}
	var small [64]int32
	i, _ := wireCanonValue(raw, 0, level, small[:0])
	return i == len(raw)
}

// wireCanonMaxKeys is the most keys an object may hold on the canonical path
// (the duplicate check is quadratic).
const wireCanonMaxKeys = 64

// wireCanonValue checks the value at b[i] (nesting level `level`) and returns
// the index after it, -1 when it is not canonical. keys holds the span of each
// key of the objects open around b[i] (its start and end); it is returned as
// it was given, possibly grown.
func wireCanonValue(b []byte, i, level int, keys []int32) (int, []int32) {
	if i >= len(b) {
		return -1, keys
	}
	switch b[i] {
	case '{':
		if level > wireMaxDepth {
			return -1, keys
		}
		i++
		if i < len(b) && b[i] == '}' {
			return i + 1, keys
		}
		base := len(keys)
		for {
			if i >= len(b) || b[i] != '"' {
				return -1, keys
			}
			end := wireCanonString(b, i+1)
			if end < 0 || end >= len(b) || b[end] != ':' {
				return -1, keys
			}
			key := b[i+1 : end-1]
			if len(key) > 0 && wireIsDigit(key[0]) {
				if _, idx := wireArrayIndex(string(key)); idx {
					return -1, keys
				}
			}
			if len(keys)-base >= 2*wireCanonMaxKeys {
				return -1, keys
			}
			for k := base; k < len(keys); k += 2 {
				if string(b[keys[k]:keys[k+1]]) == string(key) {
					return -1, keys
				}
			}
			keys = append(keys, int32(i+1), int32(end-1))
			if i, keys = wireCanonValue(b, end+1, level+1, keys); i < 0 || i >= len(b) {
				return -1, keys
			}
			if b[i] == '}' {
				keys = keys[:base]
				return i + 1, keys
			}
			if b[i] != ',' {
				return -1, keys
			}
			i++
		}
	case '[':
		if level > wireMaxDepth {
			return -1, keys
		}
		i++
		if i < len(b) && b[i] == ']' {
			return i + 1, keys
		}
		for {
			if i, keys = wireCanonValue(b, i, level+1, keys); i < 0 || i >= len(b) {
				return -1, keys
			}
			if b[i] == ']' {
				return i + 1, keys
			}
			if b[i] != ',' {
				return -1, keys
			}
			i++
		}
	case '"':
		return wireCanonString(b, i+1), keys
	case 't':
		if !wireHasLiteral(b, i, "true") {
			return -1, keys
		}
		return i + 4, keys
	case 'f':
		if !wireHasLiteral(b, i, "false") {
			return -1, keys
		}
		return i + 5, keys
	case 'n':
		if !wireHasLiteral(b, i, "null") {
			return -1, keys
		}
		return i + 4, keys
	}
	end := wireScanNumber(b, i)
	if end < 0 || !wireCanonNumber(b[i:end]) {
		return -1, keys
	}
	return end, keys
}

// wireCanonNumber reports that a valid number token is written as Number::toString writes its value.
func wireCanonNumber(t []byte) bool {
	k := 0
	if t[0] == '-' {
		k = 1
	}
	if n := len(t) - k; n <= 15 && (t[k] != '0' || (n == 1 && k == 0)) {
		plain := true
		for _, c := range t[k:] {
			if !wireIsDigit(c) {
				plain = false
				break
			}
		}
		if plain {
			return true // at most 15 digits: the exact value, written as such
		}
	}
	f, ok := wireParseNumber(t)
	if !ok {
		return false
	}
	var buf [32]byte
	return string(wireAppendES(buf[:0], f)) == string(t)
}

// wireCanonString checks the string whose contents start at b[i] (after its
// opening quote): UTF-8, and escaped exactly as JSON.stringify escapes (only
// '"', '\\' and control characters; \b \t \n \f \r, else \u00xx in lower
// case). It returns the index after the closing quote, -1 when it is not so.
func wireCanonString(b []byte, i int) int {
	for {
		i = wireStringStopValid(b, i)
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			if i+1 >= len(b) {
				return -1
			}
			switch b[i+1] {
			case '"', '\\', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || b[i+2] != '0' || b[i+3] != '0' {
					return -1
				}
				h, l := b[i+4], b[i+5]
				var v byte
				switch {
				case l-'0' < 10:
					v = l - '0'
				case l-'a' < 6:
					v = l - 'a' + 10
				default:
					return -1
				}
				switch h {
				case '0':
				case '1':
					v += 16
				default:
					return -1
				}
				if v == '\b' || v == '\t' || v == '\n' || v == '\f' || v == '\r' {
					return -1
				}
				i += 6
			default:
				return -1
			}
		default: // a control character, or invalid UTF-8
			return -1
		}
	}
}
