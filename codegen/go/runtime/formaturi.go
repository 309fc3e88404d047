package wire

import "strings"

// wireIsURI: RFC 3986 URI, scheme ":" hier-part ["?" query] ["#" fragment], in ASCII.
func wireIsURI(s string) bool {
	k := wireSchemeEnd(s)
	return k > 0 && wireURIRest(s[k+1:], true)
}

// wireIsURIReference: RFC 3986 URI-reference: a URI, or a relative-ref (whose
// first path segment holds no ":", else it would read as a scheme).
func wireIsURIReference(s string) bool {
	if k := wireSchemeEnd(s); k > 0 {
		return wireURIRest(s[k+1:], true)
	}
	return wireURIRest(s, false)
}

// wireSchemeEnd returns the index of the ":" ending a valid scheme at the start of s, or -1.
func wireSchemeEnd(s string) int {
	if len(s) == 0 || (s[0]|0x20)-'a' >= 26 {
		return -1
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return i
		}
		if !wireIsAlnum(c) && c != '+' && c != '-' && c != '.' {
			return -1
		}
	}
	return -1
}

// wireURIRest checks what follows the scheme's ":" (hier-part, hasScheme) or a
// whole relative-ref: ["//" authority path-abempty | path] ["?" query] ["#" fragment].
func wireURIRest(s string, hasScheme bool) bool {
	if k := strings.IndexByte(s, '#'); k >= 0 {
		if !wireURIChars(s[k+1:], "/?") {
			return false
		}
		s = s[:k]
	}
	if k := strings.IndexByte(s, '?'); k >= 0 {
		if !wireURIChars(s[k+1:], "/?") {
			return false
		}
		s = s[:k]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		end := strings.IndexByte(s, '/')
		if end < 0 {
			end = len(s)
		}
		return wireAuthority(s[:end]) && wireURIChars(s[end:], "/")
	}
	if !hasScheme && !strings.HasPrefix(s, "/") {
		// path-noscheme: the first segment has no ":"
		first := s
		if k := strings.IndexByte(s, '/'); k >= 0 {
			first = s[:k]
		}
		if strings.IndexByte(first, ':') >= 0 {
			return false
		}
	}
	// path-absolute (not "//", handled above), path-rootless, path-noscheme or path-empty
	return wireURIChars(s, "/")
}

// wireAuthority: [userinfo "@"] host [":" port], host an IP literal or a reg-name.
func wireAuthority(a string) bool {
	if k := strings.IndexByte(a, '@'); k >= 0 {
		if !wireURIPart(a[:k], ":") {
			return false
		}
		a = a[k+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		k := strings.IndexByte(a, ']')
		if k < 0 {
			return false
		}
		host, port = a[:k+1], a[k+1:]
		if port != "" && port[0] != ':' {
			return false
		}
	} else if k := strings.IndexByte(a, ':'); k >= 0 {
		host, port = a[:k], a[k:]
	}
	for i := 1; i < len(port); i++ {
		if !wireIsDigit(port[i]) {
			return false
		}
	}
	if strings.HasPrefix(host, "[") {
		return wireIPLiteral(host[1 : len(host)-1])
	}
	return wireURIPart(host, "")
}

// wireIPLiteral: the inside of "[...]": an IPv6 address or an IPvFuture ("v" hex "." ...).
func wireIPLiteral(s string) bool {
	if len(s) > 0 && (s[0] == 'v' || s[0] == 'V') {
		k := strings.IndexByte(s, '.')
		if k < 2 || k == len(s)-1 {
			return false
		}
		for i := 1; i < k; i++ {
			if !wireIsHex(s[i]) {
				return false
			}
		}
		for i := k + 1; i < len(s); i++ {
			if c := s[i]; !wireIsUnreserved(c) && !wireIsSubDelim(c) && c != ':' {
				return false
			}
		}
		return true
	}
	return wireIsIPv6(s)
}

// wireURIChars: pchar ("unreserved / pct-encoded / sub-delims / : / @") and the extra characters.
func wireURIChars(s, extra string) bool { return wireURIPart(s, ":@"+extra) }

// wireURIPart: unreserved, pct-encoded, sub-delims and the extra characters only.
func wireURIPart(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case wireIsUnreserved(c) || wireIsSubDelim(c):
		case c == '%':
			if i+2 >= len(s) || !wireIsHex(s[i+1]) || !wireIsHex(s[i+2]) {
				return false
			}
			i += 2
		case c < 128 && strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
	}
	return true
}

func wireIsUnreserved(c byte) bool {
	return wireIsAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

func wireIsSubDelim(c byte) bool { return c < 128 && strings.IndexByte("!$&'()*+,;=", c) >= 0 }
