package wire

import "strings"

// Asserted formats (x-assert-format): one predicate per format, each the twin
// of the same entry of $formats in the TypeScript runtime. Every grammar is
// ASCII: any other character makes a string invalid, except in json-pointer
// (RFC 6901 allows every character), so TypeScript's UTF-16 strings and Go's
// UTF-8 strings get the same verdicts. The grammars are in codegen/SEMANTICS.md
// ("Formats"); tests/format-cases.json holds the cases both languages run.
var wireFormats = map[string]func(string) bool{
	"date-time":     wireIsDateTime,
	"date":          wireIsDate,
	"time":          wireIsTime,
	"duration":      wireIsDuration,
	"email":         wireIsEmail,
	"hostname":      wireIsHostname,
	"ipv4":          wireIsIPv4,
	"ipv6":          wireIsIPv6,
	"uri":           wireIsURI,
	"uri-reference": wireIsURIReference,
	"uuid":          wireIsUUID,
	"json-pointer":  wireIsJSONPointer,
}

// wireDigits returns the value of s[i:i+n] when those are n ASCII digits, else -1.
func wireDigits(s string, i, n int) int {
	if i+n > len(s) {
		return -1
	}
	v := 0
	for k := i; k < i+n; k++ {
		if !wireIsDigit(s[k]) {
			return -1
		}
		v = v*10 + int(s[k]-'0')
	}
	return v
}

// wireIsDate: RFC 3339 full-date, YYYY-MM-DD, the day within its month (Gregorian leap years).
func wireIsDate(s string) bool { return len(s) == 10 && wireDateAt(s) }

func wireDateAt(s string) bool {
	y, m, d := wireDigits(s, 0, 4), wireDigits(s, 5, 2), wireDigits(s, 8, 2)
	if y < 0 || m < 1 || m > 12 || d < 1 || s[4] != '-' || s[7] != '-' {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// wireIsTime: RFC 3339 full-time, HH:MM:SS[.frac](Z|±HH:MM), Z case-insensitive;
// second 60 only where the time in UTC is 23:59 (a leap second).
func wireIsTime(s string) bool {
	h, m, sec := wireDigits(s, 0, 2), wireDigits(s, 3, 2), wireDigits(s, 6, 2)
	if h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 || s[2] != ':' || s[5] != ':' {
		return false
	}
	i := 8
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && wireIsDigit(s[i]) {
			i++
		}
		if i == j {
			return false
		}
	}
	off := 0 // minutes east of UTC
	switch {
	case i+1 == len(s) && (s[i] == 'Z' || s[i] == 'z'):
	case i+6 == len(s) && (s[i] == '+' || s[i] == '-') && s[i+3] == ':':
		oh, om := wireDigits(s, i+1, 2), wireDigits(s, i+4, 2)
		if oh < 0 || oh > 23 || om < 0 || om > 59 {
			return false
		}
		if off = oh*60 + om; s[i] == '-' {
			off = -off
		}
	default:
		return false
	}
	return sec < 60 || ((h*60+m-off)%1440+1440)%1440 == 23*60+59
}

// wireIsDateTime: RFC 3339 date-time, full-date "T" full-time (T case-insensitive).
func wireIsDateTime(s string) bool {
	return len(s) > 11 && (s[10] == 'T' || s[10] == 't') && wireDateAt(s[:10]) && wireIsTime(s[11:])
}

// wireIsDuration: the ISO 8601 duration of RFC 3339 appendix A (JSON Schema
// 2020-12 appendix A): P, then weeks alone (nW), or date elements in the order
// Y, M, D without gaps and an optional T with time elements in the order H, M,
// S without gaps; at least one element; whole numbers only.
func wireIsDuration(s string) bool {
	if len(s) < 3 || s[0] != 'P' {
		return false
	}
	i := 1
	if j := wireDurationRun(s, i, "W"); j == len(s) && j > i {
		return true
	}
	i = wireDurationRun(s, i, "YMD")
	if i < 0 {
		return false
	}
	if i < len(s) && s[i] == 'T' {
		j := wireDurationRun(s, i+1, "HMS")
		return j == len(s) && j > i+1
	}
	return i == len(s) && i > 1
}

// wireDurationRun reads number-unit elements from s[i] whose units are consecutive
// letters of units, and returns the index after them (-1 on a malformed element).
func wireDurationRun(s string, i int, units string) int {
	next := 0 // index in units of the first unit still allowed
	for i < len(s) && wireIsDigit(s[i]) {
		j := i
		for j < len(s) && wireIsDigit(s[j]) {
			j++
		}
		if j == len(s) {
			return -1
		}
		u := strings.IndexByte(units, s[j])
		if u < 0 || (next > 0 && u != next) {
			return -1
		}
		next, i = u+1, j+1
	}
	return i
}

// wireIsUUID: RFC 4122 text form, 8-4-4-4-12 hexadecimal digits, any case, any version and variant.
func wireIsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !wireIsHex(s[i]) {
			return false
		}
	}
	return true
}

// wireIsJSONPointer: RFC 6901, "" or "/"-prefixed tokens in which "~" is followed by 0 or 1.
func wireIsJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}

// wireIsIPv4: dotted quad of decimal octets 0-255, without leading zeros.
func wireIsIPv4(s string) bool {
	parts := 0
	for i := 0; ; {
		j := i
		for j < len(s) && wireIsDigit(s[j]) {
			j++
		}
		n := j - i
		if n == 0 || n > 3 || (n > 1 && s[i] == '0') || wireDigits(s, i, n) > 255 {
			return false
		}
		parts++
		if j == len(s) {
			return parts == 4
		}
		if s[j] != '.' || parts == 4 {
			return false
		}
		i = j + 1
	}
}

// wireIsIPv6: RFC 4291 section 2.2 text forms: eight groups of 1-4 hexadecimal
// digits, or fewer around one "::" (standing for at least one zero group); the
// last two groups may be written as an IPv4 dotted quad. No zone, no prefix length.
func wireIsIPv6(s string) bool {
	head, tail, compressed := s, "", false
	if k := strings.Index(s, "::"); k >= 0 {
		head, tail, compressed = s[:k], s[k+2:], true
		if strings.Contains(tail, "::") {
			return false
		}
	}
	if compressed {
		h, t := wireIPv6Groups(head, false), wireIPv6Groups(tail, true)
		return h >= 0 && t >= 0 && h+t <= 7
	}
	return wireIPv6Groups(head, true) == 8
}

// wireIPv6Groups counts the ":"-separated groups of s ("" has none), an IPv4
// tail (when allowed) counting two; -1 when a group is malformed.
func wireIPv6Groups(s string, v4 bool) int {
	if s == "" {
		return 0
	}
	n := 0
	for i := 0; ; {
		j := i
		for j < len(s) && s[j] != ':' {
			j++
		}
		g := s[i:j]
		if j == len(s) && v4 && strings.IndexByte(g, '.') >= 0 {
			if !wireIsIPv4(g) {
				return -1
			}
			return n + 2
		}
		if len(g) == 0 || len(g) > 4 {
			return -1
		}
		for k := 0; k < len(g); k++ {
			if !wireIsHex(g[k]) {
				return -1
			}
		}
		n++
		if j == len(s) {
			return n
		}
		i = j + 1
	}
}

// wireIsHostname: RFC 1123 host name in ASCII: dot-separated labels of 1-63
// letters, digits and hyphens, neither starting nor ending with a hyphen; at
// most 253 characters; no trailing dot. (No IDNA: xn-- labels are taken as they are.)
func wireIsHostname(s string) bool {
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	for i := 0; ; {
		j := i
		for j < len(s) && s[j] != '.' {
			c := s[j]
			if !wireIsAlnum(c) && c != '-' {
				return false
			}
			j++
		}
		if n := j - i; n == 0 || n > 63 || s[i] == '-' || s[j-1] == '-' {
			return false
		}
		if j == len(s) {
			return true
		}
		i = j + 1
	}
}

func wireIsAlnum(c byte) bool { return wireIsDigit(c) || (c|0x20)-'a' < 26 }

// wireIsEmail: a practical subset of the RFC 5321 Mailbox: Local-part "@"
// domain. Local-part: a Dot-string (atoms of atext separated by single dots)
// or a Quoted-string (qtextSMTP and backslash pairs of printable ASCII), at
// most 64 octets. Domain: a hostname (wireIsHostname), or an address literal
// "[" IPv4 "]" or "[IPv6:" IPv6 "]" (the tag case-insensitive, as ABNF strings
// are). No comments, no folding whitespace, no general address literals.
func wireIsEmail(s string) bool {
	i := 0
	if len(s) > 0 && s[0] == '"' {
		for i = 1; i < len(s) && s[i] != '"'; i++ {
			c := s[i]
			if c == '\\' {
				i++
				if i == len(s) || s[i] < 32 || s[i] > 126 {
					return false
				}
			} else if c < 32 || c > 126 {
				return false
			}
		}
		if i == len(s) {
			return false
		}
		i++ // closing quote
	} else {
		for {
			j := i
			for j < len(s) && wireIsAtext(s[j]) {
				j++
			}
			if j == i {
				return false
			}
			if i = j; i < len(s) && s[i] == '.' {
				i++
				continue
			}
			break
		}
	}
	if i > 64 || i == len(s) || s[i] != '@' {
		return false
	}
	d := s[i+1:]
	if len(d) > 2 && d[0] == '[' && d[len(d)-1] == ']' {
		lit := d[1 : len(d)-1]
		if len(lit) > 5 && lit[0]|0x20 == 'i' && lit[1]|0x20 == 'p' && lit[2]|0x20 == 'v' && lit[3] == '6' && lit[4] == ':' {
			return wireIsIPv6(lit[5:])
		}
		return wireIsIPv4(lit)
	}
	return wireIsHostname(d)
}

// wireIsAtext reports an RFC 5322 atext character: letters, digits and !#$%&'*+-/=?^_`{|}~.
func wireIsAtext(c byte) bool {
	return wireIsAlnum(c) || (c < 128 && strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0)
}
