package xcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Validators validates instances against one protocol's schema files with
// github.com/santhosh-tekuri/jsonschema/v6 (draft 2020-12), an implementation independent of the
// generated code.
type Validators struct {
	protocol string
	compiler *jsonschema.Compiler
	defs     map[string]string // definition name -> resource URL
	compiled map[string]*jsonschema.Schema
}

const baseURL = "https://wire.invalid/"

// NewValidators loads schema/<protocol>/*.json under root.
func NewValidators(root, protocol string) (*Validators, error) {
	files, err := filepath.Glob(filepath.Join(root, "schema", protocol, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no schema files in %s", filepath.Join(root, "schema", protocol))
	}
	sort.Strings(files)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseRegexpEngine(ecmaPattern)
	v := &Validators{protocol: protocol, compiler: c, defs: map[string]string{}, compiled: map[string]*jsonschema.Schema{}}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		url := baseURL + protocol + "/" + filepath.Base(f)
		if err := c.AddResource(url, doc); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if m, ok := doc.(map[string]any); ok {
			if defs, ok := m["$defs"].(map[string]any); ok {
				for name := range defs {
					v.defs[name] = url
				}
			}
		}
	}
	return v, nil
}

// Validate reports whether input (one JSON text) is valid against the definition's schema. A text
// that is not JSON for encoding/json is invalid.
func (v *Validators) Validate(def string, input []byte) (bool, string, error) {
	r, err := v.Check(def, input)
	return r.Valid, r.Detail, err
}

// Result is a validator's verdict: when invalid, a detail and the instance locations (RFC 6901
// pointers) of the innermost errors ([""] for a text that is not JSON).
type Result struct {
	Valid    bool
	Detail   string
	Pointers []string
}

// Check validates input as Validate does and also gives where the errors are.
func (v *Validators) Check(def string, input []byte) (Result, error) {
	sch, err := v.schema(def)
	if err != nil {
		return Result{}, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(input))
	if err != nil {
		return Result{Detail: "not JSON: " + err.Error(), Pointers: []string{""}}, nil
	}
	if err := sch.Validate(doc); err != nil {
		msg := err.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		var pointers []string
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			pointers = leafLocations(ve, map[string]bool{}, nil)
		}
		return Result{Detail: msg, Pointers: pointers}, nil
	}
	return Result{Valid: true}, nil
}

// leafLocations lists the instance locations of the errors without causes, each once, in order.
func leafLocations(e *jsonschema.ValidationError, seen map[string]bool, out []string) []string {
	if len(e.Causes) == 0 {
		var b strings.Builder
		for _, tok := range e.InstanceLocation {
			b.WriteByte('/')
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1"))
		}
		if p := b.String(); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
		return out
	}
	for _, c := range e.Causes {
		out = leafLocations(c, seen, out)
	}
	return out
}

func (v *Validators) schema(def string) (*jsonschema.Schema, error) {
	sch, ok := v.compiled[def]
	if !ok {
		url, found := v.defs[def]
		if !found {
			return nil, fmt.Errorf("schema/%s has no definition %q", v.protocol, def)
		}
		var err error
		sch, err = v.compiler.Compile(url + "#/$defs/" + def)
		if err != nil {
			return nil, fmt.Errorf("compiling %s: %v", def, err)
		}
		v.compiled[def] = sch
	}
	return sch, nil
}

// ecmaPattern compiles a schema pattern (ECMAScript syntax) with Go's regexp. The only rewriting is
// of escape syntax RE2 lacks: \uXXXX becomes \x{XXXX}. Everything else is taken as it is, so a
// pattern whose meaning differs between the dialects shows up as a disagreement.
func ecmaPattern(s string) (jsonschema.Regexp, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == 'u' && i+5 < len(s) && isHex(s[i+2:i+6]) {
				b.WriteString(`\x{` + s[i+2:i+6] + `}`)
				i += 5
				continue
			}
			b.WriteString(s[i : i+2])
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return regexp.Compile(b.String())
}

func isHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}
