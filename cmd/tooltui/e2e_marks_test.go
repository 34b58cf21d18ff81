package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

// fourteenFunctions is a document of 14 functions, fn_00 … fn_13.
func fourteenFunctions() string {
	var fns []string
	for i := range 14 {
		fns = append(fns, fmt.Sprintf(`{"name": "fn_%02d", "description": "d", "parameters": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}, "strict": true}`, i))
	}
	return `{"model": "gpt-5", "tools_defs": [` + strings.Join(fns, ",\n") + "]}\n"
}

// savedFunctions saves with ctrl+s and reads the file back: each
// function's name, with "-" after a disabled one.
func (x *term) savedFunctions(doc string) []string {
	x.t.Helper()
	x.keys("app", "C-s")
	x.waitFor("app", "the save", statusHas(`^Saved `))
	d, err := model.ReadFile(doc)
	if err != nil {
		x.t.Fatal(err)
	}
	var out []string
	for _, t := range d.Functions {
		n := model.StringAt(t.Raw, []string{"name"})
		if t.Disabled {
			n += "-"
		}
		out = append(out, n)
	}
	return out
}

// TestE2EMarkedTools: m marks 3 of 14 functions, x deletes exactly them
// and one ctrl+z brings all 3 back; space disables the marked tools and
// the marks stay on them through an undo; esc clears the marks, and x then
// deletes the selected tool alone, as without marks.
func TestE2EMarkedTools(t *testing.T) {
	x := newTerm(t)
	_, doc, status := openDoc(t, x, fourteenFunctions())
	all14 := []string{}
	for i := range 14 {
		all14 = append(all14, fmt.Sprintf("fn_%02d", i))
	}

	x.keys("app", "j", "j", "j")
	x.waitFor("app", "fn_02 selected", has("2 fn_02 (function)"))
	x.keys("app", "m")
	x.waitFor("app", "fn_02 marked, fn_03 selected", all(statusHas(`^Marked fn_02 · 1 marked`), has("2 fn_03 (function)", "1 Tools · 1 marked", "●ƒ fn_02")))
	x.keys("app", "j", "j", "m")
	x.waitFor("app", "fn_05 marked", has("1 Tools · 2 marked", "●ƒ fn_05"))
	x.keys("app", "j", "j", "j", "m")
	x.waitFor("app", "fn_09 marked", has("1 Tools · 3 marked", "●ƒ fn_09"))

	x.keys("app", "x")
	s := x.waitFor("app", "the three deleted", statusHas(`^Deleted 3 marked tools as one change`))
	if strings.Contains(s, "marked─") || strings.Contains(s, "●") {
		t.Errorf("marks are left after the delete:\n%s", s)
	}
	want := slices.DeleteFunc(slices.Clone(all14), func(n string) bool { return n == "fn_02" || n == "fn_05" || n == "fn_09" })
	if got := x.savedFunctions(doc); !slices.Equal(got, want) {
		t.Fatalf("after x the file has %v, want %v", got, want)
	}
	x.keys("app", "C-z")
	x.waitFor("app", "the undo", statusHas(`^Undid the last change`))
	if got := x.savedFunctions(doc); !slices.Equal(got, all14) {
		t.Fatalf("one ctrl+z gave %v, want all 14 back", got)
	}

	// Mark fn_00 and fn_01, then space disables both.
	x.keys("app", "g", "j")
	x.waitFor("app", "fn_00 selected", has("2 fn_00 (function)"))
	x.keys("app", "m", "m")
	x.waitFor("app", "two marked", has("1 Tools · 2 marked", "●ƒ fn_00", "●ƒ fn_01", "2 fn_02 (function)"))
	x.keys("app", "Space")
	x.waitFor("app", "the two disabled", all(statusHas(`^Disabled 2 marked tools`), has("●ƒ fn_00 (off)", "●ƒ fn_01 (off)")))
	wantOff := slices.Clone(all14)
	wantOff[0], wantOff[1] = "fn_00-", "fn_01-"
	if got := x.savedFunctions(doc); !slices.Equal(got, wantOff) {
		t.Fatalf("after space the file has %v, want %v", got, wantOff)
	}
	// The marks follow their tools through the undo.
	x.keys("app", "C-z")
	s = x.waitFor("app", "the undo", statusHas(`^Undid the last change`))
	if !strings.Contains(s, "1 Tools · 2 marked") || !strings.Contains(s, "●ƒ fn_00  ") || !strings.Contains(s, "●ƒ fn_01  ") {
		t.Errorf("the marks did not stay on fn_00 and fn_01 through the undo:\n%s", s)
	}

	// esc clears the marks; x deletes the selected tool alone.
	x.keys("app", "Escape")
	x.waitFor("app", "the marks cleared", all(statusHas(`^Cleared 2 marks`), has("─1 Tools─")))
	x.keys("app", "x")
	x.waitFor("app", "fn_02 deleted", statusHas(`^Deleted fn_02 \(ctrl\+z to undo\)`))
	want = slices.DeleteFunc(slices.Clone(all14), func(n string) bool { return n == "fn_02" })
	if got := x.savedFunctions(doc); !slices.Equal(got, want) {
		t.Fatalf("x without marks left %v, want %v", got, want)
	}
	quitClean(t, x, status)
}
