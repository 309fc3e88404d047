package xcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Exception is one deliberate difference between a generated decoder and JSON Schema
// (tests/differential-exceptions.json; codegen/next/conformance/exceptions.ts reads the same file).
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
	Input   []byte
	Decoder Verdict
	Valid   bool
	// ValidatorPointers: when the validator says invalid, the instance locations of its innermost errors.
	ValidatorPointers []string
	// Revalidate gives the validator's verdict on another text (a condition may change the input).
	Revalidate func(input []byte) bool
	FrameLimit int  // 0: none
	OpenUnion  bool // the type is an open union
	// Discriminators: for an open union, per discriminator key, the values that pick a variant.
	Discriminators map[string][]any
}

// Agrees reports whether the decoder's verdict is the validator's: accepted and valid, or rejected
// and invalid. "Ignored" (an open union's answer) is a verdict of its own that agrees with no
// validator: every ignored line needs an exception (open-union-unrecognised, for invalid lines only).
func (c Case) Agrees() bool {
	switch c.Decoder.Kind {
	case "ok":
		return c.Valid
	case "error":
		return !c.Valid
	}
	return false
}

// Explain returns the id of the first exception of the side that explains a disagreement, or "".
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

// conditions are checked where the verdicts differ: at the decoder's error pointer when the decoder
// rejects, at the validator's error locations when the validator rejects.
var conditions = map[string]func(Case) bool{
	"unsafe-number-at-pointer": func(c Case) bool {
		if c.Decoder.Kind != "error" {
			return false
		}
		s, ok := SpanAt(c.Input, c.Decoder.Pointer)
		if !ok || s.Kind != "number" {
			return false
		}
		f, err := strconv.ParseFloat(string(c.Input[s.Start:s.End]), 64)
		return err != nil || math.IsInf(f, 0) || math.Abs(f) > MaxSafeInteger
	},
	"ill-formed-text-at-pointer": func(c Case) bool {
		if c.Decoder.Kind != "error" {
			return false
		}
		if !utf8.Valid(c.Input) {
			return c.Decoder.Pointer == ""
		}
		s, ok := SpanAt(c.Input, c.Decoder.Pointer)
		if !ok {
			return false
		}
		switch s.Kind {
		case "string":
			return HasUnpairedSurrogate(c.Input[s.Start:s.End])
		case "object":
			for _, m := range members(c.Input, s.Start) {
				if HasUnpairedSurrogate(c.Input[m.keyStart:m.keyEnd]) {
					return true
				}
			}
		}
		return false
	},
	"ill-formed-text-in-input": func(c Case) bool {
		// a utf8 error must be at the string (ill-formed-text-at-pointer): only another code is explained here
		return c.Decoder.Kind == "error" && c.Decoder.Code != "utf8" && utf8.Valid(c.Input) && HasUnpairedSurrogate(c.Input)
	},
	"unsafe-number-in-input": func(c Case) bool {
		// a range error must be at the number (unsafe-number-at-pointer): only another code is explained here
		return c.Decoder.Kind == "error" && c.Decoder.Code != "range" && utf8.Valid(c.Input) && HasUnsafeNumber(c.Input)
	},
	"nesting-over-limit-at-pointer": func(c Case) bool {
		if c.Decoder.Kind != "error" {
			return false
		}
		s, ok := SpanAt(c.Input, c.Decoder.Pointer)
		return ok && (s.Kind == "object" || s.Kind == "array") && len(tokens(c.Decoder.Pointer))+1 > 1000
	},
	"line-over-frame-limit": func(c Case) bool {
		return c.FrameLimit > 0 && len(c.Input) > c.FrameLimit && c.Decoder.Kind == "error" && c.Decoder.Pointer == ""
	},
	"open-union-unrecognised": func(c Case) bool { return c.OpenUnion && !recognised(c) },
	"input-not-utf8":          func(c Case) bool { return !utf8.Valid(c.Input) },
	"inexact-number-at-pointer": func(c Case) bool {
		if c.Revalidate == nil || !utf8.Valid(c.Input) {
			return false
		}
		var pointers []string
		switch {
		case c.Decoder.Kind == "error":
			pointers = []string{c.Decoder.Pointer}
		case c.Decoder.Kind == "ok" && !c.Valid:
			pointers = c.ValidatorPointers
		}
		// the inexact number literals at those pointers, replaced by the exact value of the double the decoders see
		type edit struct {
			start, end int
			text       string
		}
		var edits []edit
		done := map[string]bool{}
		for _, p := range pointers {
			if done[p] {
				continue
			}
			done[p] = true
			s, ok := SpanAt(c.Input, p)
			if !ok || s.Kind != "number" {
				continue
			}
			lit := c.Input[s.Start:s.End]
			f, err := strconv.ParseFloat(string(lit), 64)
			if (err != nil && !errors.Is(err, strconv.ErrRange)) || math.IsInf(f, 0) || !HasInexactNumber(lit) {
				continue
			}
			edits = append(edits, edit{s.Start, s.End, ExactDecimal(f)})
		}
		if len(edits) == 0 {
			return false
		}
		sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		out := append([]byte(nil), c.Input...)
		for _, e := range edits {
			out = append(out[:e.start:e.start], append([]byte(e.text), out[e.end:]...)...)
		}
		// explained only if the validator, given the numbers as the decoders read them, agrees with the decoder
		return c.Revalidate(out) == (c.Decoder.Kind == "ok")
	},
}

// MaxSafeInteger is 2^53 − 1.
const MaxSafeInteger = 1<<53 - 1

// recognised reports whether an open union's dispatch picks a variant: an object with a known value
// at a discriminator key.
func recognised(c Case) bool {
	if !utf8.Valid(c.Input) {
		return false
	}
	var v any
	if err := json.Unmarshal(c.Input, &v); err != nil {
		return false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, values := range c.Discriminators {
		got, present := m[k]
		if !present {
			continue
		}
		for _, want := range values {
			if got == want || (isNumber(got) && isNumber(want) && toFloat(got) == toFloat(want)) {
				return true
			}
		}
	}
	return false
}

func isNumber(v any) bool {
	switch v.(type) {
	case float64, int, int64:
		return true
	}
	return false
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	}
	return math.NaN()
}

// ExactDecimal writes the exact decimal value of a finite double as a JSON number (digits and a
// negative exponent).
func ExactDecimal(f float64) string {
	if f == 0 {
		if math.Signbit(f) {
			return "-0"
		}
		return "0"
	}
	r := new(big.Rat).SetFloat64(f)
	k := r.Denom().BitLen() - 1 // the denominator is 2^k
	n := new(big.Int).Mul(r.Num(), new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(k)), nil))
	if k == 0 {
		return n.String()
	}
	return n.String() + "e-" + strconv.Itoa(k)
}

// Span is where the value at a pointer is in a JSON text, and its kind ("object", "array",
// "string", "number" or "literal").
type Span struct {
	Start, End int
	Kind       string
}

func tokens(pointer string) []string {
	if pointer == "" {
		return nil
	}
	out := strings.Split(pointer[1:], "/")
	for i, t := range out {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return out
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// valueEnd is the end of the value that starts at i (iterative, for deep nesting); -1 when the text ends first.
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			if b[j] == '\\' {
				j++
			} else if b[j] == '"' {
				return j + 1
			}
		}
		return -1
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e := valueEnd(b, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && strings.IndexByte(",]} \t\n\r", b[j]) < 0 {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

type rawMember struct{ keyStart, keyEnd, valueStart int }

// members lists the members of the object at i in document order.
func members(b []byte, i int) []rawMember {
	var out []rawMember
	i = skipWS(b, i+1)
	for i < len(b) && b[i] == '"' {
		ke := valueEnd(b, i)
		if ke < 0 {
			break
		}
		colon := skipWS(b, ke)
		if colon >= len(b) || b[colon] != ':' {
			break
		}
		vs := skipWS(b, colon+1)
		out = append(out, rawMember{i, ke, vs})
		ve := valueEnd(b, vs)
		if ve < 0 {
			break
		}
		i = skipWS(b, ve)
		if i >= len(b) || b[i] != ',' {
			break
		}
		i = skipWS(b, i+1)
	}
	return out
}

// SpanAt finds the value at an RFC 6901 pointer of a JSON text (duplicate keys: the last one wins,
// as in JSON.parse).
func SpanAt(b []byte, pointer string) (Span, bool) {
	i := skipWS(b, 0)
	for _, tok := range tokens(pointer) {
		if i >= len(b) {
			return Span{}, false
		}
		switch b[i] {
		case '{':
			found := -1
			for _, m := range members(b, i) {
				var key string
				if json.Unmarshal(b[m.keyStart:m.keyEnd], &key) != nil {
					return Span{}, false
				}
				if key == tok {
					found = m.valueStart
				}
			}
			if found < 0 {
				return Span{}, false
			}
			i = found
		case '[':
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || strconv.Itoa(n) != tok {
				return Span{}, false
			}
			i = skipWS(b, i+1)
			if i >= len(b) || b[i] == ']' {
				return Span{}, false
			}
			for ; n > 0; n-- {
				e := valueEnd(b, i)
				if e < 0 {
					return Span{}, false
				}
				i = skipWS(b, e)
				if i >= len(b) || b[i] != ',' {
					return Span{}, false
				}
				i = skipWS(b, i+1)
			}
		default:
			return Span{}, false
		}
	}
	end := valueEnd(b, i)
	if end < 0 {
		return Span{}, false
	}
	kind := "literal"
	switch c := b[i]; {
	case c == '{':
		kind = "object"
	case c == '[':
		kind = "array"
	case c == '"':
		kind = "string"
	case c == '-' || (c >= '0' && c <= '9'):
		kind = "number"
	}
	return Span{i, end, kind}, true
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

// HasUnsafeNumber reports a number literal (outside strings) that is not finite as a double or is
// beyond ±(2^53 − 1) (rule 9).
func HasUnsafeNumber(b []byte) bool {
	return anyNumberLiteral(b, func(text string) bool {
		f, err := strconv.ParseFloat(text, 64)
		return err != nil || math.IsInf(f, 0) || math.Abs(f) > MaxSafeInteger
	})
}

// HasInexactNumber reports a number literal whose exact decimal value is not an IEEE double.
func HasInexactNumber(b []byte) bool {
	return anyNumberLiteral(b, func(text string) bool {
		exact, ok := new(big.Rat).SetString(text)
		if !ok {
			// big.Rat refuses exponents beyond its range (1e-99999999999999999999): no double is that number
			_, err := strconv.ParseFloat(text, 64)
			return err == nil || strings.ContainsAny(text, "eE")
		}
		f, err := strconv.ParseFloat(text, 64)
		return err != nil || math.IsInf(f, 0) || exact.Cmp(new(big.Rat).SetFloat64(f)) != 0
	})
}

// anyNumberLiteral reports whether bad holds for the text of some number literal of b (outside strings).
func anyNumberLiteral(b []byte, bad func(text string) bool) bool {
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
			if bad(text) {
				return true
			}
		}
	}
	return false
}
