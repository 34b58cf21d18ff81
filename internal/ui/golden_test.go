package ui_test

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

// errorsDoc has an error or a warning of most kinds the converter reports.
const errorsDoc = `{
  "model": "gpt-5",
  "input": "Find the report",
  "tool_choice": {"type": "function", "name": "missing_fn"},
  "tools_defs": [
    {"name": "search_docs", "description": "Search the docs", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}},
    {"name": "bad name!", "description": "", "parameters": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}, "strict": true}
  ],
  "extra": {
    "builtin_tools": [
      {"type": "web_search", "search_context_size": "huge"},
      {"type": "file_search", "vector_store_ids": ["vs_1"], "max_num_results": 99},
      {"type": "web_serch"},
      "web_search",
      {"type": "code_interpreter", "container": {"type": "auto"}},
      {"type": "file_search", "vector_store_ids": ["vs_2"], "colour": "blue"}
    ],
    "store": false
  }
}`

func errorsDocument(t testing.TB) *model.Document {
	t.Helper()
	d, err := model.Parse([]byte(errorsDoc))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// goldenStates are the screens kept as golden files.
var goldenStates = []struct {
	name string
	open func(t testing.TB, w, h int) *ui.App
}{
	{"request", func(t testing.TB, w, h int) *ui.App {
		return openAt(t, model.Example(), w, h)
	}},
	{"function_editor", func(t testing.TB, w, h int) *ui.App {
		a := openAt(t, model.Example(), w, h)
		send(t, a, press('j'), kEnter)
		return a
	}},
	{"diagnostics", func(t testing.TB, w, h int) *ui.App {
		a := openAt(t, errorsDocument(t), w, h)
		send(t, a, press('4'))
		return a
	}},
	{"editing_parameters", func(t testing.TB, w, h int) *ui.App {
		a := openAt(t, model.Example(), w, h)
		send(t, a, press('j'), kEnter, kTab, kTab, kEnter, tea.KeyPressMsg{Code: tea.KeyHome, Mod: tea.ModCtrl}, kDown, kDown, ctrl('e'))
		return a
	}},
	{"add_picker", func(t testing.TB, w, h int) *ui.App {
		a := openAt(t, model.Example(), w, h)
		send(t, a, press('a'), kDown)
		return a
	}},
}

func openAt(t testing.TB, d *model.Document, w, h int) *ui.App {
	t.Helper()
	a := ui.New(ui.Options{Doc: d, Name: "doc.json", Deps: offlineDeps(t)})
	send(t, a, tea.WindowSizeMsg{Width: w, Height: h})
	return a
}

// TestGolden keeps the stripped screen at two sizes; rewrite the files with
// go test ./internal/ui -run TestGolden -update.
func TestGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			for _, st := range goldenStates {
				t.Run(st.name, func(t *testing.T) {
					a := st.open(t, size[0], size[1])
					golden.RequireEqual(t, screen(a))
				})
			}
		})
	}
}

// TestGoldenStatesSayWhatTheyShow guards the golden files against being
// rewritten with a screen that no longer shows what they are about.
func TestGoldenStatesSayWhatTheyShow(t *testing.T) {
	want := map[string][]string{
		"request":            {"1 Tools", "2 Request", "▸ Model", "gpt-5", "3 Preview · 1367 bytes", "doc.json · 3 tools in the request · 0 errors · 0 warnings"},
		"function_editor":    {"2 get_weather (function)", "▸ Name", "get_weather", "enter edits", "Description", "3 Preview"},
		"diagnostics":        {"4 Diagnostics", "✗ ƒ bad name!", "doc.json · 4 tools in the request · 5 errors · 3 warnings"},
		"editing_parameters": {"2 get_weather (function)", "▸ Parameters (JSON Schema)", " EDIT ", "3:18", "esc stop editing"},
		"add_picker":         {"Add a tool", "type to filter", "  function", "› web_search", "file_search", "esc clear filter / close"},
	}
	// What only shows at one size.
	wide := map[string][]string{
		"request":     {"Tool choice", "◀ auto ▶", "4 Diagnostics · 0 errors, 0 warnings"},
		"diagnostics": {"4 Diagnostics · 5 errors, 3 warnings", "tools_defs[0] (function) /parameters", `must be one of "low", "medium", "high", got "huge"`, "f fix: make the parameters strict-compatible"},
	}
	narrow := map[string][]string{
		"diagnostics": {"4 Diagnostics ✗5 !3", "! search_… /parameters"},
	}
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		for _, st := range goldenStates {
			a := st.open(t, size[0], size[1])
			ws := want[st.name]
			if size[0] >= 130 {
				ws = append(ws, wide[st.name]...)
			} else {
				ws = append(ws, narrow[st.name]...)
			}
			if len(ws) == 0 {
				t.Errorf("golden state %s says nothing about what it shows", st.name)
			}
			for _, w := range ws {
				requireContains(t, screen(a), w, fmt.Sprintf("%s at %dx%d", st.name, size[0], size[1]))
			}
		}
	}
}

var (
	sweepWidths  = []int{1, 2, 5, 10, 20, 40, 59, 60, 79, 80, 100, 139, 140, 200}
	sweepHeights = []int{1, 2, 5, 10, 15, 16, 23, 24, 40, 60}
)

// exampleAfter opens the example at 80×24 and sends it msgs.
func exampleAfter(msgs ...tea.Msg) func(t testing.TB) *ui.App {
	return func(t testing.TB) *ui.App {
		a := openAt(t, model.Example(), 80, 24)
		send(t, a, msgs...)
		return a
	}
}

// sweepStates are the screens checked at every size: the example in each
// mode, and a document full of errors.
var sweepStates = []struct {
	name string
	open func(t testing.TB) *ui.App
}{
	{"request", exampleAfter()},
	{"function editing", exampleAfter(press('j'), kEnter, kTab, kTab, kEnter)},
	{"name being edited", exampleAfter(press('j'), kEnter, kEnter, tea.PasteMsg{Content: strings.Repeat("long_name_", 20)})},
	{"web_search form", exampleAfter(press('j'), press('j'), kEnter)},
	{"picker", exampleAfter(press('a'), kDown, kDown)},
	{"help", exampleAfter(press('?'))},
	{"quit prompt", exampleAfter(press('j'), press('x'), press('q'))},
	{"save as prompt", exampleAfter(ctrl('s'))},
	{"diagnostics", func(t testing.TB) *ui.App {
		a := openAt(t, errorsDocument(t), 80, 24)
		send(t, a, press('4'), press('j'), press('j'))
		return a
	}},
	{"empty document", func(t testing.TB) *ui.App { return openAt(t, &model.Document{}, 80, 24) }},
	{"palette", func(t testing.TB) *ui.App {
		a := openAt(t, model.Example(), 80, 24)
		send(t, a, ctrl('p'))
		typeText(t, a, "co")
		return a
	}},
	{"tool_choice chooser", func(t testing.TB) *ui.App {
		a := openAt(t, model.Example(), 80, 24)
		send(t, a, ctrl('p'))
		typeText(t, a, "tool_choice")
		send(t, a, kEnter)
		return a
	}},
	{"copy menu", exampleAfter(press('y'))},
	{"tools filter", func(t testing.TB) *ui.App {
		a := openAt(t, model.Example(), 80, 24)
		send(t, a, press('/'))
		typeText(t, a, "zzz")
		return a
	}},
	{"zoomed preview", exampleAfter(press('3'), press('z'))},
	{"recovery prompt", func(t testing.TB) *ui.App {
		a := ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: offlineDeps(t), Recovered: model.Example()})
		send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
		return a
	}},
}

// checkFits fails unless the view of a at w×h fits the terminal and, below
// the minimum size, says the terminal is too small.
func checkFits(t *testing.T, what string, a *ui.App, w, h int) {
	t.Helper()
	var content string
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s at %dx%d: panic: %v", what, w, h, r)
			}
		}()
		send(t, a, tea.WindowSizeMsg{Width: w, Height: h})
		content = a.View().Content
	}()
	ls := strings.Split(content, "\n")
	if len(ls) > h {
		t.Errorf("%s at %dx%d: %d lines", what, w, h, len(ls))
	}
	for i, l := range ls {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("%s at %dx%d: line %d is %d cells wide: %q", what, w, h, i+1, lw, ansi.Strip(l))
		}
	}
	small := w < ui.MinWidth || h < ui.MinHeight
	text := strings.Join(strings.Fields(ansi.Strip(content)), " ")
	// "too small" fits on one line from 20 columns, on two from 10.
	if small && (w >= 20 || (w >= 10 && h >= 2)) && !strings.Contains(text, "too small") {
		t.Errorf("%s at %dx%d: the view does not say the terminal is too small: %q", what, w, h, text)
	}
	if !small && strings.Contains(text, "too small") {
		t.Errorf("%s at %dx%d: says too small", what, w, h)
	}
}

// TestViewFitsEverySize: from 1×1 to 200×60 the view never panics, never
// draws past the terminal, and says when the terminal is too small. Each
// state is checked in a fresh app at every size and in one app resized
// through every size.
func TestViewFitsEverySize(t *testing.T) {
	for _, st := range sweepStates {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel()
			resized := st.open(t)
			for _, w := range sweepWidths {
				for _, h := range sweepHeights {
					checkFits(t, "fresh", st.open(t), w, h)
					checkFits(t, "resized", resized, w, h)
				}
			}
		})
	}
	t.Run("opened too small", func(t *testing.T) {
		t.Parallel()
		for _, w := range sweepWidths {
			for _, h := range sweepHeights {
				a := ui.New(ui.Options{Doc: model.Example(), Name: "example.json", Deps: offlineDeps(t)})
				checkFits(t, "new", a, w, h)
				// keys before and after a resize never panic
				send(t, a, press('j'), press('a'), kEnter, press('?'), kEsc)
				checkFits(t, "after keys", a, w, h)
			}
		}
	})
}
