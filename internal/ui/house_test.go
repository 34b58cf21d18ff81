package ui

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The house: package ui is the root that routes; each pane and dialog is
// a package under it (a component) that reads kit's contract and returns
// actions. Go's import rules keep components apart once no component
// imports another or the root, which this test checks, with the root's
// size that keeps it a router.

const uiPath = "github.com/tooltui/tooltui/internal/ui"

// shared are the packages under internal/ui that every component may
// import: the contract and the widgets it draws with.
var shared = map[string]bool{"kit": true, "display": true, "editor": true, "filterlist": true, "checklist": true}

// imports lists the packages a directory's Go files (tests left out)
// import.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			seen[p] = true
		}
	}
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// subpackages are the directories under internal/ui that hold Go code.
func subpackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "testdata" {
			continue
		}
		if gos, _ := filepath.Glob(filepath.Join(e.Name(), "*.go")); len(gos) > 0 {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestComponentsImportNeitherTheRootNorEachOther(t *testing.T) {
	pkgs := subpackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("only %d packages under internal/ui: %v", len(pkgs), pkgs)
	}
	for _, pkg := range pkgs {
		for _, im := range imports(t, pkg) {
			if im == uiPath {
				t.Errorf("internal/ui/%s imports the root (package ui): a component returns actions instead", pkg)
				continue
			}
			other, ok := strings.CutPrefix(im, uiPath+"/")
			if !ok {
				continue
			}
			switch {
			case shared[pkg] && pkg != "kit" && (other == "kit" || !shared[other]):
				// the widgets stand alone: they import no more than each other
				t.Errorf("internal/ui/%s is a widget and imports internal/ui/%s", pkg, other)
			case pkg == "kit" && !shared[other]:
				t.Errorf("the contract (kit) imports the component %s", other)
			case !shared[other]:
				t.Errorf("the component %s imports the component %s: what both need belongs in kit", pkg, other)
			}
		}
	}
}

// countLines counts the lines of a directory's Go files, tests left out.
func countLines(t *testing.T, dir string, only string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || only != "" && filepath.Base(f) != only {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n += strings.Count(string(b), "\n")
	}
	return n
}

func TestTheRootOnlyRoutes(t *testing.T) {
	if n := countLines(t, ".", "app.go"); n > 400 {
		t.Errorf("app.go has %d lines, over 400: what belongs to one pane or dialog goes to its package", n)
	}
	if n := countLines(t, ".", ""); n > 3000 {
		t.Errorf("package ui has %d lines (tests left out), over 3,000: what belongs to one pane or dialog goes to its package", n)
	}
}
