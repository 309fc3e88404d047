package wire

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tests/format-cases.json against wireFormats; tests/ts/format-cases.test.ts runs the same file
// against the TypeScript runtime's $formats.

type formatCases struct {
	Formats map[string]struct {
		Valid, Invalid []string
		Suite          struct{ Valid, Invalid []string }
	}
	Disagreements []struct {
		Format, Data string
		Suite, Ours  bool
	}
}

func loadFormatCases(t *testing.T) formatCases {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "format-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f formatCases
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFormatCases(t *testing.T) {
	f := loadFormatCases(t)
	if len(f.Formats) != len(wireFormats) {
		t.Fatalf("%d formats in the file, %d in wireFormats", len(f.Formats), len(wireFormats))
	}
	n := 0
	check := func(format, s string, want bool) {
		n++
		is := wireFormats[format]
		if is == nil {
			t.Fatalf("no predicate for %q", format)
		}
		if got := is(s); got != want {
			t.Errorf("%s %q: got %v, want %v", format, s, got, want)
		}
	}
	for format, c := range f.Formats {
		for _, s := range append(c.Valid, c.Suite.Valid...) {
			check(format, s, true)
		}
		for _, s := range append(c.Invalid, c.Suite.Invalid...) {
			check(format, s, false)
		}
	}
	for _, d := range f.Disagreements {
		if d.Suite == d.Ours {
			t.Errorf("%s %q: a disagreement with the same verdict", d.Format, d.Data)
		}
		check(d.Format, d.Data, d.Ours)
	}
	if n < 600 {
		t.Errorf("only %d cases", n)
	}
}

// TestFormatCasesCoverTheSuite: every string case of the vendored suite is in the file, with the
// suite's verdict, or listed as a disagreement.
func TestFormatCasesCoverTheSuite(t *testing.T) {
	f := loadFormatCases(t)
	for format, c := range f.Formats {
		listed := map[string]bool{}
		for _, s := range c.Suite.Valid {
			listed["+"+s] = true
		}
		for _, s := range c.Suite.Invalid {
			listed["-"+s] = true
		}
		for _, d := range f.Disagreements {
			if d.Format == format {
				listed[map[bool]string{true: "+", false: "-"}[d.Suite]+d.Data] = true
			}
		}
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "tests", "vendor", "json-schema-test-suite", "tests", "draft2020-12", "optional", "format", format+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Tests []struct {
				Data  any
				Valid bool
			}
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatal(err)
		}
		for _, g := range groups {
			for _, c := range g.Tests {
				if s, ok := c.Data.(string); ok && !listed[map[bool]string{true: "+", false: "-"}[c.Valid]+s] {
					t.Errorf("%s: suite case %q (valid %v) is not in tests/format-cases.json", format, s, c.Valid)
				}
			}
		}
	}
}

// TestFormatsNeverPanic: prefixes and byte edits of every case stay in bounds.
func TestFormatsNeverPanic(t *testing.T) {
	f := loadFormatCases(t)
	for format, c := range f.Formats {
		is := wireFormats[format]
		for _, s := range append(append(c.Valid, c.Invalid...), append(c.Suite.Valid, c.Suite.Invalid...)...) {
			for i := 0; i <= len(s); i++ {
				is(s[:i])
				is(s[i:])
				for _, r := range ":.-[]%@\"\\T+" {
					is(s[:i] + string(r) + s[i:])
				}
			}
		}
		is(strings.Repeat("9", 300))
	}
}
