package xcheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Exception is one deliberate difference between a generated decoder and JSON Schema
// (tests/differential-exceptions.json; codegen/conformance/exceptions.ts reads the same file).
type Exception struct {
	ID        string `json:"id"`
	Rule      int    `json:"rule"`
	Reason    string `json:"reason"`
	Side      string `json:"side"`      // "ts", "go" or "both"
	Decoder   string `json:"decoder"`   // "ok", "ignored", "any" or an error code
	Validator string `json:"validator"` // "valid", "invalid" or "any"
	Condition string `json:"condition"`
}

// LoadExceptions reads the exceptions file and checks that every condition is one this file knows.
func LoadExceptions(path string) ([]Exception, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f struct {
		Exceptions []Exception `json:"exceptions"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	for _, e := range f.Exceptions {
		if _, ok := conditions[e.Condition]; !ok {
			return nil, fmt.Errorf("%s: exception %s: unknown condition %q", path, e.ID, e.Condition)
		}
		if e.ID == "" || e.Reason == "" {
			return nil, fmt.Errorf("%s: every exception needs an id and a reason", path)
		}
	}
	return f.Exceptions, nil
}

// Verdict is a decoder's outcome as the exceptions see it.
type Verdict struct {
	Kind    string // "ok", "ignored" or "error"
	Code    string
	Pointer string
}

// Case is one differential comparison.
type Case struct {
	Input      []byte
	Decoder    Verdict
	Valid      bool
	FrameLimit int  // 0: none
	OpenUnion  bool // the type is an open union
}

// Agrees reports whether the decoder's verdict (not rejected: accepted or ignored; or rejected) is the validator's.
func (c Case) Agrees() bool { return (c.Decoder.Kind != "error") == c.Valid }

// Explain returns the id of the first exception of side "go" that explains a disagreement, or "".
func Explain(exceptions []Exception, side string, c Case) string {
	for _, e := range exceptions {
		if e.Side != "both" && e.Side != side {
			continue
		}
		switch e.Decoder {
		case "any":
		case "ok", "ignored":
			if c.Decoder.Kind != e.Decoder {
				continue
			}
		default:
			if c.Decoder.Kind != "error" || c.Decoder.Code != e.Decoder {
				continue
			}
		}
		if (e.Validator == "valid" && !c.Valid) || (e.Validator == "invalid" && c.Valid) {
			continue
		}
		if conditions[e.Condition](c) {
			return e.ID
		}
	}
	return ""
}

var conditions = map[string]func(Case) bool{
	"unsafe-number-at-pointer": func(c Case) bool {
		n, ok := numberAt(c.Input, c.Decoder.Pointer)
		if !ok {
			return false
		}
		f, err := strconv.ParseFloat(n, 64)
		return err != nil || math.IsInf(f, 0) || math.Abs(f) > MaxSafeInteger
	},
	"ill-formed-text":       func(c Case) bool { return !utf8.Valid(c.Input) || HasUnpairedSurrogate(c.Input) },
	"nesting-over-limit":    func(c Case) bool { return Nesting(c.Input) > 1000 },
	"line-over-frame-limit": func(c Case) bool { return c.FrameLimit > 0 && len(c.Input) > c.FrameLimit },
	"open-union":            func(c Case) bool { return c.OpenUnion },
	"inexact-number":        func(c Case) bool { return HasInexactNumber(c.Input) },
}

// MaxSafeInteger is 2^53 − 1.
const MaxSafeInteger = 1<<53 - 1

// numberAt returns the number literal at an RFC 6901 pointer of a JSON text (duplicate keys: the
// last one wins, as in JSON.parse).
func numberAt(input []byte, pointer string) (string, bool) {
	d := json.NewDecoder(bytes.NewReader(input))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "", false
	}
	if pointer != "" {
		for _, tok := range strings.Split(pointer[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch x := v.(type) {
			case map[string]any:
				v = x[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return "", false
				}
				v = x[i]
			default:
				return "", false
			}
		}
	}
	n, ok := v.(json.Number)
	return string(n), ok
}

// HasUnpairedSurrogate reports a \uD800-\uDFFF escape inside a string that is not part of a
// high-low pair.
func HasUnpairedSurrogate(b []byte) bool {
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case !in && b[i] == '"':
			in = true
		case in && b[i] == '"':
			in = false
		case in && b[i] == '\\' && i+1 < len(b):
			if b[i+1] != 'u' || i+5 >= len(b) {
				i++
				continue
			}
			u, err := strconv.ParseUint(string(b[i+2:i+6]), 16, 32)
			if err != nil {
				i++
				continue
			}
			switch {
			case u >= 0xD800 && u <= 0xDBFF:
				if i+11 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
					if lo, err := strconv.ParseUint(string(b[i+8:i+12]), 16, 32); err == nil && lo >= 0xDC00 && lo <= 0xDFFF {
						i += 11
						continue
					}
				}
				return true
			case u >= 0xDC00 && u <= 0xDFFF:
				return true
			}
			i += 5
		}
	}
	return false
}

// Nesting is the deepest container level of a JSON text (the root container is level 1).
func Nesting(b []byte) int {
	in, depth, deepest := false, 0, 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		if in {
			if c == '\\' {
				i++
			} else if c == '"' {
				in = false
			}
			continue
		}
		switch c {
		case '"':
			in = true
		case '{', '[':
			depth++
			if depth > deepest {
				deepest = depth
			}
		case '}', ']':
			depth--
		}
	}
	return deepest
}

// HasInexactNumber reports a number literal whose exact decimal value is not an IEEE double.
func HasInexactNumber(b []byte) bool {
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if in {
			if c == '\\' {
				i++
			} else if c == '"' {
				in = false
			}
			continue
		}
		if c == '"' {
			in = true
			continue
		}
		if c == '-' || (c >= '0' && c <= '9') {
			j := i
			for j < len(b) && strings.IndexByte("+-.eE0123456789", b[j]) >= 0 {
				j++
			}
			text := string(b[i:j])
			i = j - 1
			exact, ok := new(big.Rat).SetString(text)
			if !ok {
				// big.Rat refuses exponents beyond its range (1e-99999999999999999999): no double is that number
				if _, err := strconv.ParseFloat(text, 64); err == nil || strings.ContainsAny(text, "eE") {
					return true
				}
				continue
			}
			f, err := strconv.ParseFloat(text, 64)
			if err != nil || math.IsInf(f, 0) {
				return true
			}
			if exact.Cmp(new(big.Rat).SetFloat64(f)) != 0 {
				return true
			}
		}
	}
	return false
}
