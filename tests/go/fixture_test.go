package vectors_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFixtureEmitter generates the Go fixture protocol (tests/go/testdata/fixture: keywords the real
// protocols do not use) with the codegen CLI (the new core) into a temporary module, then vets and
// runs the behaviour checks below inside it. Needs node and go.
func TestFixtureEmitter(t *testing.T) {
	if testing.Short() {
		t.Skip("generates code with node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found")
	}
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	run := func(d string, name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = d
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	schema, err := os.ReadFile(filepath.Join("testdata", "fixture", "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "schema", "fixture"), 0o755); err != nil {
		t.Fatal(err)
	}
	config := `{"protocols":[{"name":"fixture","schema":["schema/fixture"],"go":{"dir":"go/fixture"}}],"goModules":[{"dir":"go","module":"example.com/fixture"}]}`
	for name, text := range map[string][]byte{"wire-codegen.json": []byte(config), "schema/fixture/shapes.json": schema} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(root, "node", "bin/codegen.cjs", "generate", "--root", dir)
	dir = filepath.Join(dir, "go")
	if err := os.WriteFile(filepath.Join(dir, "fixture", "fixture_test.go"), []byte(fixtureChecks), 0o644); err != nil {
		t.Fatal(err)
	}
	run(dir, "go", "vet", "./...")
	run(dir, "go", "test", "./...")
	cmd := exec.Command("gofmt", "-l", ".")
	cmd.Dir = dir
	if out, err := cmd.Output(); err != nil || len(out) != 0 {
		t.Fatalf("gofmt -l: %s %v", out, err)
	}
}

const fixtureChecks = `package fixture

import (
	"errors"
	"testing"
)

func check(t *testing.T, line, code, ptr, canonical string) {
	t.Helper()
	v, err := DecodeShape([]byte(line))
	if code != "" {
		var de *DecodeError
		if !errors.As(err, &de) || de.Code != code || de.Pointer != ptr {
			t.Errorf("%s: got %v, want %s at %q", line, err, code, ptr)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	out, err := EncodeShape(v)
	if err != nil || string(out) != canonical {
		t.Errorf("%s: encoded %s %v, want %s", line, out, err, canonical)
	}
}

func TestFixture(t *testing.T) {
	base := ` + "`" + `{"sides":3.0,"limits":{"count":4,"grid":[["ab"]],"flag":false%s}}` + "`" + `
	ok := func(extra, canonical string) { check(t, sprintf(base, extra), "", "", canonical) }
	bad := func(extra, code, ptr string) { check(t, sprintf(base, extra), code, ptr, "") }
	ok("", ` + "`" + `{"sides":3,"limits":{"count":4,"grid":[["ab"]],"flag":false}}` + "`" + `)
	ok(` + "`" + `,"ratio":0.5,"tag":"a\u00e9c","level":3,"blob":{"b":[],"a":1e2},"tags":[]` + "`" + `,
		` + "`" + `{"sides":3,"limits":{"count":4,"ratio":0.5,"tag":"aéc","level":3,"grid":[["ab"]],"flag":false,"blob":{"b":[],"a":100},"tags":[]}}` + "`" + `)
	bad(` + "`" + `,"ratio":1` + "`" + `, "range", "/limits/ratio")
	bad(` + "`" + `,"ratio":0` + "`" + `, "range", "/limits/ratio")
	bad(` + "`" + `,"tag":"a\nc"` + "`" + `, "pattern", "/limits/tag")
	bad(` + "`" + `,"tag":"a\u2028c"` + "`" + `, "pattern", "/limits/tag")
	bad(` + "`" + `,"tag":"xxabc"` + "`" + `, "pattern", "/limits/tag")
	bad(` + "`" + `,"tag":"abcdef"` + "`" + `, "length", "/limits/tag")
	bad(` + "`" + `,"level":4` + "`" + `, "enum", "/limits/level")
	bad(` + "`" + `,"level":2.5` + "`" + `, "type", "/limits/level")
	bad(` + "`" + `,"flag":true` + "`" + `, "const", "/limits/flag")
	bad(` + "`" + `,"grid":[]` + "`" + `, "length", "/limits/grid")
	bad(` + "`" + `,"grid":[[],[],[]]` + "`" + `, "length", "/limits/grid")
	bad(` + "`" + `,"grid":[["ab","x"],[1]]` + "`" + `, "length", "/limits/grid/0/1")
	bad(` + "`" + `,"count":5` + "`" + `, "range", "/limits/count")
	bad(` + "`" + `,"count":12` + "`" + `, "range", "/limits/count")
	bad(` + "`" + `,"count":0` + "`" + `, "range", "/limits/count")
	check(t, ` + "`" + `{"sides":5}` + "`" + `, "unknown_variant", "/sides", "")
	check(t, ` + "`" + `{"sides":"3"}` + "`" + `, "unknown_variant", "/sides", "")
	check(t, ` + "`" + `{"sides":4e0,"triangles":[{"sides":3}],"x":{"1":2,"0":1}}` + "`" + `, "", "", ` + "`" + `{"sides":4,"triangles":[{"sides":3}],"x":{"0":1,"1":2}}` + "`" + `)
	check(t, ` + "`" + `{"sides":4,"triangles":[{"sides":4}]}` + "`" + `, "const", "/triangles/0/sides", "")

	// encoders refuse what decoders reject
	ratio := 1.5
	for _, v := range []Shape{
		&Triangle{Limits: &Limits{Count: 4, Grid: [][]string{{"ab"}}, Ratio: &ratio}},
		&Triangle{Limits: &Limits{Count: 3, Grid: [][]string{{"ab"}}}},
		&Triangle{Limits: &Limits{Count: 4}},
		&Triangle{Limits: &Limits{Count: 4, Grid: [][]string{{"a"}}}},
		&Triangle{Limits: &Limits{Count: 4, Grid: [][]string{{"ab"}}, Blob: []byte("{")}},
	} {
		if _, err := EncodeShape(v); err == nil {
			t.Errorf("%+v: encoded", v)
		}
	}
}

func sprintf(format, s string) string {
	for i := 0; i+1 < len(format); i++ {
		if format[i] == '%' && format[i+1] == 's' {
			return format[:i] + s + format[i+2:]
		}
	}
	return format
}
`
