package wire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// public is the runtime's API: declared, exported, in every generated package.
var public = map[string]bool{"DecodeError": true, "EncodeError": true, "Member": true, "Null": true, "Secret": true, "FrameReader": true, "SetFastPath": true, "Nullable": true, "OrderedMap": true}

// TestNames: the runtime is copied into every generated package, next to the emitter's names
// (exported names from the schema, and unexported helpers dec*, enc*, fast*, chk*, which*,
// variant*, keys*, pat*, is*, codec*). Every other package-level name of the runtime starts with
// "wire", which no generated name does, so the two can never collide.
func TestNames(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		check := func(id *ast.Ident) {
			if id.Name != "_" && !public[id.Name] && !strings.HasPrefix(id.Name, "wire") {
				t.Errorf("%s: package-level %s neither is public API nor starts with wire", fset.Position(id.Pos()), id.Name)
			}
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					check(d.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						check(s.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							check(n)
						}
					}
				}
			}
		}
	}
}
