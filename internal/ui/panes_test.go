// Table tests of each pane through App.Update, asserting on the stripped
// view, Output() and Dirty().
package ui_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui"
)

func TestToolsPane(t *testing.T) {
	fn, ws, fs := "function:get_weather", "web_search", "file_search"
	cases := []struct {
		name   string
		keys   []tea.Msg
		title  string   // editor title afterwards: what is selected
		tools  []string // the request's tools afterwards
		dirty  bool
		want   []string // on the screen
		absent []string // not on the screen
	}{
		{name: "starts on the request", title: "Request", tools: exampleTools},
		{name: "j selects the function", keys: []tea.Msg{press('j')}, title: "get_weather (function)", tools: exampleTools},
		{name: "down twice selects web_search", keys: []tea.Msg{kDown, kDown}, title: "web_search (built-in)", tools: exampleTools},
		{name: "k goes back up", keys: []tea.Msg{press('j'), press('j'), press('k')}, title: "get_weather (function)", tools: exampleTools},
		{name: "up goes back up", keys: []tea.Msg{kDown, kUp}, title: "Request", tools: exampleTools},
		{name: "up on the first row stays", keys: []tea.Msg{kUp, press('k')}, title: "Request", tools: exampleTools},
		{name: "down past the last row stays", keys: []tea.Msg{kDown, kDown, kDown, kDown, kDown, kDown}, title: "file_search (built-in)", tools: exampleTools},
		{name: "G selects the last row", keys: []tea.Msg{press('G')}, title: "file_search (built-in)", tools: exampleTools},
		{name: "g selects the first row", keys: []tea.Msg{press('G'), press('g')}, title: "Request", tools: exampleTools},

		{name: "x on the request deletes nothing", keys: []tea.Msg{press('x')}, title: "Request", tools: exampleTools},
		{name: "x deletes web_search", keys: []tea.Msg{press('j'), press('j'), press('x')},
			title: "file_search (built-in)", tools: []string{fn, fs}, dirty: true,
			want: []string{"Deleted web_search"}, absent: []string{"◆ web_search"}},
		{name: "x deletes the function", keys: []tea.Msg{press('j'), press('x')},
			tools: []string{ws, fs}, dirty: true, absent: []string{"ƒ get_weather"}},
		{name: "ctrl+z undoes a delete", keys: []tea.Msg{press('j'), press('j'), press('x'), ctrl('z')},
			title: "web_search (built-in)", tools: exampleTools, dirty: false, want: []string{"◆ web_search", "Undid"}},
		{name: "ctrl+y redoes it", keys: []tea.Msg{press('j'), press('j'), press('x'), ctrl('z'), ctrl('y')},
			title: "file_search (built-in)", tools: []string{fn, fs}, dirty: true, want: []string{"Redid"}, absent: []string{"◆ web_search"}},
		{name: "ctrl+z twice undoes two deletes", keys: []tea.Msg{press('j'), press('x'), press('x'), ctrl('z'), ctrl('z')},
			tools: exampleTools, dirty: false}, // back to the state on disk
		{name: "ctrl+z with nothing to undo", keys: []tea.Msg{ctrl('z')}, title: "Request", tools: exampleTools, want: []string{"Nothing to undo"}},
		{name: "ctrl+y with nothing to redo", keys: []tea.Msg{ctrl('y')}, title: "Request", tools: exampleTools, want: []string{"Nothing to redo"}},

		{name: "D duplicates web_search", keys: []tea.Msg{press('j'), press('j'), press('D')},
			title: "web_search (built-in)", tools: []string{fn, ws, ws, fs}, dirty: true},
		{name: "D on a function leaves the copy out until it is renamed", keys: []tea.Msg{press('j'), press('D')},
			title: "get_weather (function)", tools: exampleTools, dirty: true,
			want: []string{"✗ ƒ get_weather", "Diagnostics (1)"}},
		{name: "D on the request does nothing", keys: []tea.Msg{press('D')}, title: "Request", tools: exampleTools},

		{name: "K moves file_search above web_search", keys: []tea.Msg{press('G'), press('K')},
			title: "file_search (built-in)", tools: []string{fn, fs, ws}, dirty: true},
		{name: "J moves it back", keys: []tea.Msg{press('G'), press('K'), press('J')},
			title: "file_search (built-in)", tools: exampleTools, dirty: true},
		{name: "K on the first built-in stays below the functions", keys: []tea.Msg{press('j'), press('j'), press('K')},
			title: "web_search (built-in)", tools: exampleTools},
		{name: "J on the last row stays", keys: []tea.Msg{press('G'), press('J')}, title: "file_search (built-in)", tools: exampleTools},

		{name: "space disables web_search", keys: []tea.Msg{press('j'), press('j'), kSpace},
			title: "web_search (built-in)", tools: []string{fn, fs}, dirty: true, want: []string{"web_search (off)"}},
		{name: "space again enables it", keys: []tea.Msg{press('j'), press('j'), kSpace, kSpace},
			title: "web_search (built-in)", tools: exampleTools, dirty: true, absent: []string{"(off)"}},
		{name: "space disables the function", keys: []tea.Msg{press('j'), kSpace},
			tools: []string{ws, fs}, dirty: true, want: []string{"get_weather (off)"}},
		{name: "e disables web_search", keys: []tea.Msg{press('j'), press('j'), press('e')},
			title: "web_search (built-in)", tools: []string{fn, fs}, dirty: true, want: []string{"web_search (off)"}},
		{name: "ctrl+z undoes a disable", keys: []tea.Msg{press('j'), press('e'), ctrl('z')},
			tools: exampleTools, dirty: false, absent: []string{"(off)"}},

		{name: "enter opens the selected tool's form", keys: []tea.Msg{press('j'), kEnter},
			title: "get_weather (function)", tools: exampleTools, want: []string{"▸ Name"}},
		{name: "enter then typing edits the tool", keys: []tea.Msg{press('j'), kEnter, press('2')},
			title: "get_weather2 (function)", tools: []string{"function:get_weather2", ws, fs}, dirty: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _ := newApp(t)
			send(t, a, c.keys...)
			if c.title != "" {
				if got := editorTitle(t, a); got != c.title {
					t.Errorf("editor title %q, want %q", got, c.title)
				}
			}
			requireTools(t, a, c.tools...)
			if a.Dirty() != c.dirty {
				t.Errorf("Dirty() = %v, want %v", a.Dirty(), c.dirty)
			}
			for _, w := range c.want {
				requireContains(t, screen(a), w, "screen")
			}
			for _, w := range c.absent {
				requireNotContains(t, screen(a), w, "screen")
			}
		})
	}
}

func TestAddToolViaPicker(t *testing.T) {
	fn, ws, fs := "function:get_weather", "web_search", "file_search"
	cases := []struct {
		label  string
		title  string
		tools  []string
		fields []string // the new tool's form
	}{
		{"function", "new_function (function)", []string{fn, "function:new_function", ws, fs}, []string{"Name", "Description", "Parameters (JSON Schema)"}},
		{"web_search", "web_search (built-in)", []string{fn, ws, fs, ws}, []string{"Type", "Context size", "Allowed domai"}},
		{"file_search", "file_search (built-in)", []string{fn, ws, fs, fs}, []string{"Vector stores", "Max results", "Ranker"}},
	}
	for _, c := range cases {
		t.Run(c.label, func(t *testing.T) {
			a, _ := newApp(t)
			pick(t, a, c.label)
			if got := editorTitle(t, a); got != c.title {
				t.Errorf("editor title %q, want %q", got, c.title)
			}
			if !a.Dirty() {
				t.Error("adding a tool left Dirty() false")
			}
			requireContains(t, statusLine(t, a), "Added "+c.label, "status line")
			for _, f := range c.fields {
				requireScreen(t, a, f)
			}
			requireTools(t, a, c.tools...)
			if c.label == "file_search" {
				// The form has focus on Vector stores: typing fills it.
				typeText(t, a, "vs_new, vs_2")
				tools := decode(t, a.Output()).Tools
				var last map[string]any
				if err := jsonUnmarshal(tools[len(tools)-1], &last); err != nil {
					t.Fatal(err)
				}
				if got := last["vector_store_ids"]; !reflect.DeepEqual(got, []any{"vs_new", "vs_2"}) {
					t.Fatalf("vector_store_ids = %v, want [vs_new vs_2]\n%s", got, a.Output())
				}
			}
		})
	}

	t.Run("the new tool's form has focus: typing edits it", func(t *testing.T) {
		a, _ := newApp(t)
		pick(t, a, "function")
		typeText(t, a, "_x")
		requireTools(t, a, fn, "function:new_function_x", ws, fs)
	})
	t.Run("esc closes the picker and adds nothing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('a'), kDown, kEsc)
		if got := editorTitle(t, a); got != "Request" {
			t.Errorf("editor title %q after esc, want Request", got)
		}
		requireTools(t, a, exampleTools...)
		if a.Dirty() {
			t.Error("esc in the picker made the document dirty")
		}
	})
	t.Run("q closes the picker and does not quit", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('a'))
		if cmd := send(t, a, press('q')); isQuit(cmd) {
			t.Fatal("q in the picker quit the app")
		}
		if got := editorTitle(t, a); got != "Request" {
			t.Errorf("editor title %q after q, want Request", got)
		}
	})
	t.Run("up from the first template wraps to the last, down comes back", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('a'))
		requireScreen(t, a, "› function")
		send(t, a, kUp)
		requireNotContains(t, screen(a), "› function", "picker after up")
		send(t, a, kDown)
		requireScreen(t, a, "› function")
		send(t, a, kUp, kEnter)
		if n := strings.Count(screen(a), "◆"); n != 3 {
			t.Errorf("tools pane shows %d built-ins after adding the last template, want 3:\n%s", n, screen(a))
		}
		if n := strings.Count(screen(a), "ƒ"); n != 1 {
			t.Errorf("the last template added a function")
		}
	})
}

// TestDisabledToolStaysInTheFile: a disabled tool leaves the request but is
// saved, marked disabled.
func TestDisabledToolStaysInTheFile(t *testing.T) {
	f, deps := newFakes(t)
	path := f.fs.dir + "/doc.json"
	writeFile(t, path, model.ExampleJSON())
	doc, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := ui.New(ui.Options{Doc: doc, Path: path, Name: "doc.json", Deps: deps})
	send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
	// e is the other toggle key: space is tested in TestToolsPane.
	send(t, a, press('j'), press('j'), press('e'))
	requireTools(t, a, "function:get_weather", "file_search")
	feed(t, a, send(t, a, ctrl('s')), 5*time.Second)
	if a.Dirty() {
		t.Fatalf("still dirty after the save; status %q", statusLine(t, a))
	}
	saved, err := model.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved.Builtins) != 2 {
		t.Fatalf("saved file has %d built-ins, want 2 (the disabled one kept)", len(saved.Builtins))
	}
	if !saved.Builtins[0].Disabled || saved.Builtins[1].Disabled {
		t.Errorf("saved disabled flags = %v, %v; want true, false", saved.Builtins[0].Disabled, saved.Builtins[1].Disabled)
	}
	if typ := toolOfTypeRaw(t, saved.Builtins[0].Raw); typ != "web_search" {
		t.Errorf("the disabled entry is %q, want web_search", typ)
	}
	// Reopened, it is still off.
	b := ui.New(ui.Options{Doc: saved, Path: path, Name: "doc.json", Deps: deps})
	send(t, b, tea.WindowSizeMsg{Width: 80, Height: 24})
	requireTools(t, b, "function:get_weather", "file_search")
	requireScreen(t, b, "web_search (off)")
}

// TestTypingIsNeverACommand: while a text field has focus, letters that are
// commands elsewhere (q quit, x delete, a add, ? help, j/k move, D, K, J,
// space, digits) are typed.
func TestTypingIsNeverACommand(t *testing.T) {
	a, _ := newApp(t)
	send(t, a, press('j'), kEnter, ctrl('u'))
	const name = "qxa?jkDKJ g1234eG"
	for _, r := range name {
		m := press(r)
		if r == ' ' {
			m = kSpace
		}
		if cmd := send(t, a, m); isQuit(cmd) {
			t.Fatalf("typing %q quit the app", r)
		}
	}
	if got := editorTitle(t, a); got != name+" (function)" {
		t.Errorf("editor title %q, want %q", got, name+" (function)")
	}
	if n := strings.Count(screen(a), "ƒ "); n != 1 {
		t.Errorf("%d functions in the tools pane, want 1", n)
	}
	requireNotContains(t, screen(a), "Add a tool", "screen")
	requireNotContains(t, screen(a), "Any key closes", "screen")
	// The name is invalid (? and space), so the function is left out and
	// the field says why.
	requireTools(t, a, "web_search", "file_search")
	requireScreen(t, a, "only letters, digits, _ and -")

	// A valid name made of command letters goes into the request.
	send(t, a, ctrl('u'))
	typeText(t, a, "quax_exit_all")
	requireTools(t, a, "function:quax_exit_all", "web_search", "file_search")
	if !a.Dirty() {
		t.Error("typing a name left Dirty() false")
	}
}

func TestWebSearchContextSize(t *testing.T) {
	ctxSize := func(t *testing.T, a *ui.App, idx int) any {
		var n int
		for _, raw := range decode(t, a.Output()).Tools {
			var m map[string]any
			if jsonUnmarshal(raw, &m) == nil && m["type"] == "web_search" {
				if n == idx {
					v, ok := m["search_context_size"]
					if !ok {
						return nil
					}
					return v
				}
				n++
			}
		}
		t.Fatalf("no web_search #%d in the request:\n%s", idx, a.Output())
		return nil
	}
	t.Run("right on Context size while editing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('j'), kEnter, kTab)
		if got := focusedField(t, a); got != "Context size" {
			t.Fatalf("focused field %q, want Context size", got)
		}
		send(t, a, kRight)
		if got := ctxSize(t, a, 0); got != "medium" {
			t.Fatalf("search_context_size = %v, want medium", got)
		}
		if got := fieldValue(t, a, "Context size"); got != "◀ medium ▶" {
			t.Errorf("field shows %q", got)
		}
		send(t, a, kRight)
		if got := ctxSize(t, a, 0); got != "high" {
			t.Fatalf("search_context_size = %v, want high", got)
		}
		send(t, a, kRight) // wraps to (not set): the key is removed
		if got := ctxSize(t, a, 0); got != nil {
			t.Fatalf("search_context_size = %v, want absent", got)
		}
		send(t, a, kLeft)
		if got := ctxSize(t, a, 0); got != "high" {
			t.Fatalf("left: search_context_size = %v, want high", got)
		}
		if !a.Dirty() {
			t.Error("Dirty() false after changing the context size")
		}
	})
	t.Run("right on Context size outside editing", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('j'), press('j'), press('2'), kEsc, press('j'))
		if got := focusedField(t, a); got != "Context size" {
			t.Fatalf("focused field %q, want Context size", got)
		}
		send(t, a, kRight)
		if got := ctxSize(t, a, 0); got != "medium" {
			t.Fatalf("search_context_size = %v, want medium", got)
		}
		send(t, a, press('h'))
		if got := ctxSize(t, a, 0); got != "low" {
			t.Fatalf("h: search_context_size = %v, want low", got)
		}
	})
	t.Run("a new web_search", func(t *testing.T) {
		a, _ := newApp(t)
		pick(t, a, "web_search")
		if got := ctxSize(t, a, 1); got != nil {
			t.Fatalf("new web_search has search_context_size %v", got)
		}
		send(t, a, kTab, kRight)
		if got := ctxSize(t, a, 1); got != "low" {
			t.Fatalf("search_context_size = %v, want low", got)
		}
		if got := ctxSize(t, a, 0); got != "low" {
			t.Fatalf("the example's web_search changed to %v", got)
		}
		send(t, a, ctrl('z'))
		if got := ctxSize(t, a, 1); got != nil {
			t.Fatalf("ctrl+z left search_context_size %v", got)
		}
	})
}

func TestBrokenParameters(t *testing.T) {
	a, _ := newApp(t)
	openParameters(t, a)
	clearField(t, a)
	typeText(t, a, brokenParams)

	s := screen(a)
	m := lineCol.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no 'line N, column M' on the screen:\n%s", s)
	}
	if m[1] != "3" || m[2] != "3" {
		t.Errorf("error at line %s, column %s; want line 3, column 3", m[1], m[2])
	}
	requireContains(t, s, "Diagnostics (1)", "screen")
	requireContains(t, paneText(t, a, "4 Diagnostics"), "tools_defs[0]", "diagnostics pane")
	requireContains(t, s, "✗ ƒ get_weather", "tools pane")
	requireTools(t, a, "web_search", "file_search")
	if !a.Dirty() {
		t.Error("Dirty() false")
	}

	// The draft is kept as typed: leaving the tool and coming back shows it.
	send(t, a, kEsc, press('1'), press('k'), press('j'), kEnter, kTab, kTab)
	requireContains(t, screen(a), "oops", "parameters after coming back")
	requireContains(t, screen(a), "line 3, column 3", "parameters after coming back")

	// Chosen in the Diagnostics pane, the diagnostic gives the line and column.
	send(t, a, kEsc, press('4'))
	requireContains(t, paneText(t, a, "4 Diagnostics"), "line 3, column 3", "diagnostics pane")

	// One undo takes back the typing, and the function is back.
	send(t, a, ctrl('z'))
	requireTools(t, a, exampleTools...)
	requireContains(t, screen(a), "Diagnostics (0)", "screen")
}

func TestDiagnosticsEnterJumps(t *testing.T) {
	t.Run("to the broken parameters, at the error", func(t *testing.T) {
		a, _ := newApp(t)
		openParameters(t, a)
		clearField(t, a)
		typeText(t, a, brokenParams)
		send(t, a, kEsc, press('1'), press('k')) // away from the function
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("selected %q", got)
		}
		send(t, a, press('4'), kEnter)
		if got := editorTitle(t, a); got != "get_weather (function)" {
			t.Fatalf("enter on the diagnostic selected %q, want get_weather", got)
		}
		if got := focusedField(t, a); !strings.HasPrefix(got, "Parameters") {
			t.Fatalf("focused field %q, want Parameters", got)
		}
		requireContains(t, screen(a), "3:3", "the cursor position of the parameters")
	})
	t.Run("to the field of a built-in", func(t *testing.T) {
		doc := model.Example()
		doc.Builtins[1].Raw = []byte(`{"type":"file_search","vector_store_ids":["vs_travel_guides"],"max_num_results":99}`)
		_, deps := newFakes(t)
		a := ui.New(ui.Options{Doc: doc, Name: "bad.json", Deps: deps})
		send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
		requireTools(t, a, "function:get_weather", "web_search")
		requireScreen(t, a, "Diagnostics (1)")
		send(t, a, press('4'), kEnter)
		if got := editorTitle(t, a); got != "file_search (built-in)" {
			t.Fatalf("enter on the diagnostic selected %q", got)
		}
		if got := focusedField(t, a); got != "Max results" {
			t.Fatalf("focused field %q, want Max results", got)
		}
		// The field has focus for typing: fix the value.
		send(t, a, ctrl('u'))
		typeText(t, a, "7")
		requireTools(t, a, exampleTools...)
		if got := toolOfType(t, a.Output(), "file_search")["max_num_results"]; got != 7.0 {
			t.Fatalf("max_num_results = %v, want 7", got)
		}
		requireScreen(t, a, "Diagnostics (0)")
	})
	t.Run("j picks the next diagnostic", func(t *testing.T) {
		doc := model.Example()
		doc.Functions[0].Raw = []byte(`{"name":"bad name","description":"","parameters":{"type":"object"}}`)
		doc.Builtins[1].Raw = []byte(`{"type":"file_search","vector_store_ids":["vs_travel_guides"],"max_num_results":99}`)
		_, deps := newFakes(t)
		a := ui.New(ui.Options{Doc: doc, Name: "bad.json", Deps: deps})
		send(t, a, tea.WindowSizeMsg{Width: 80, Height: 24})
		send(t, a, press('4'), press('G'), kEnter)
		if got := editorTitle(t, a); got != "file_search (built-in)" {
			t.Fatalf("enter on the last diagnostic selected %q", got)
		}
		send(t, a, kEsc, press('4'), press('g'), kEnter)
		if got := editorTitle(t, a); got != "bad name (function)" {
			t.Fatalf("enter on the first diagnostic selected %q", got)
		}
	})
}

func TestRequestToolChoice(t *testing.T) {
	// choices cycles the Tool choice select once round and returns its labels.
	choices := func(t *testing.T, a *ui.App) []string {
		t.Helper()
		send(t, a, kEsc, press('1'), press('g'), press('2'), kEsc)
		for range 10 {
			if focusedField(t, a) == "Tool choice" {
				break
			}
			send(t, a, press('j'))
		}
		if got := focusedField(t, a); got != "Tool choice" {
			t.Fatalf("focused field %q, want Tool choice", got)
		}
		first := fieldValue(t, a, "Tool choice")
		var labels []string
		for range 50 {
			v := strings.TrimSuffix(strings.TrimPrefix(fieldValue(t, a, "Tool choice"), "◀ "), " ▶")
			labels = append(labels, v)
			send(t, a, kRight)
			if fieldValue(t, a, "Tool choice") == first {
				return labels
			}
		}
		t.Fatalf("the select never came back to %q: %q", first, labels)
		return nil
	}

	t.Run("offers the document's tools", func(t *testing.T) {
		a, _ := newApp(t)
		got := choices(t, a)
		for _, want := range []string{"(not set)", "none", "auto", "required", "function get_weather", "web_search", "file_search"} {
			if !slices.Contains(got, want) {
				t.Errorf("tool_choice offers %q, missing %q", got, want)
			}
		}
		if !slices.Equal(toolTypesAfter(t, a), exampleTools) {
			t.Errorf("cycling changed the tools")
		}
	})
	t.Run("choosing a function sets the object", func(t *testing.T) {
		a, _ := newApp(t)
		choices(t, a)
		for range 10 {
			if fieldValue(t, a, "Tool choice") == "◀ function get_weather ▶" {
				break
			}
			send(t, a, kRight)
		}
		got := string(decode(t, a.Output()).ToolChoice)
		if compact(got) != `{"type":"function","name":"get_weather"}` {
			t.Fatalf("tool_choice = %s", got)
		}
		// Disabling the function makes the choice name a missing tool.
		send(t, a, press('1'), press('j'), press('e'))
		requireTools(t, a, "web_search", "file_search")
		requireScreen(t, a, "tool_choice")
		if decode(t, a.Output()).ToolChoice != nil {
			t.Errorf("tool_choice naming a disabled function is still sent: %s", decode(t, a.Output()).ToolChoice)
		}
	})
	t.Run("offers a tool added later", func(t *testing.T) {
		a, _ := newApp(t)
		pick(t, a, "function")
		send(t, a, kEsc, press('1'))
		got := choices(t, a)
		if !slices.Contains(got, "function new_function") {
			t.Errorf("tool_choice offers %q, missing the new function", got)
		}
	})
}

func TestPreviewPane(t *testing.T) {
	cases := []struct {
		name  string
		keys  []tea.Msg
		first string // the first line the preview shows
		has   string // a line the preview shows
	}{
		{name: "starts at the top", first: "{"},
		{name: "j scrolls down", keys: []tea.Msg{press('3'), press('j')}, first: `  "model": "gpt-5",`},
		{name: "down scrolls down", keys: []tea.Msg{press('3'), kDown, kDown}, first: `  "instructions": "You are a travel assistant. Use the`},
		{name: "k scrolls back", keys: []tea.Msg{press('3'), press('j'), press('j'), press('k')}, first: `  "model": "gpt-5",`},
		{name: "k at the top stays", keys: []tea.Msg{press('3'), press('k'), kUp}, first: "{"},
		{name: "G shows the end", keys: []tea.Msg{press('3'), press('G')}, has: "}"},
		{name: "g goes back to the top", keys: []tea.Msg{press('3'), press('G'), press('g')}, first: "{"},
		{name: "l scrolls right", keys: []tea.Msg{press('3'), press('j'), press('l')}, first: `": "gpt-5",`},
		{name: "h scrolls back left", keys: []tea.Msg{press('3'), press('j'), press('l'), press('h')}, first: `  "model": "gpt-5",`},
		{name: "h at the left edge stays", keys: []tea.Msg{press('3'), press('h')}, first: "{"},
		{name: "the preview follows the selected tool", keys: []tea.Msg{press('G')}, has: `      "type": "file_search",`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _ := newApp(t)
			send(t, a, c.keys...)
			pl := previewLines(t, a)
			if len(pl) == 0 {
				t.Fatal("empty preview")
			}
			if c.first != "" && pl[0] != c.first {
				t.Errorf("preview starts with %q, want %q", pl[0], c.first)
			}
			if c.has != "" && !slices.Contains(pl, c.has) {
				t.Errorf("preview does not show %q:\n%s", c.has, strings.Join(pl, "\n"))
			}
			if a.Dirty() {
				t.Error("scrolling the preview changed the document")
			}
			requireTools(t, a, exampleTools...)
		})
	}
	t.Run("G shows the last line at the bottom", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('3'), press('G'))
		pl := previewLines(t, a)
		if pl[len(pl)-1] != "}" {
			t.Fatalf("the last preview line is %q, want }:\n%s", pl[len(pl)-1], strings.Join(pl, "\n"))
		}
	})
	t.Run("pgdown scrolls a page", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('3'))
		before := previewLines(t, a)
		send(t, a, code(tea.KeyPgDown))
		after := previewLines(t, a)
		if after[0] != before[len(before)-1] {
			t.Fatalf("after pgdown the preview starts with %q, want the old last line %q", after[0], before[len(before)-1])
		}
	})
}

func TestDiagnosticsPane(t *testing.T) {
	t.Run("no problems", func(t *testing.T) {
		a, _ := newApp(t)
		send(t, a, press('4'), kEnter, press('j'), kEnter)
		requireScreen(t, a, "no problems")
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("enter with no diagnostics selected %q", got)
		}
	})
	t.Run("counts and marks", func(t *testing.T) {
		a := openAt(t, errorsDocument(t), 80, 24)
		requireScreen(t, a, "Diagnostics (8)")
		requireContains(t, statusLine(t, a), "5 errors · 3 warnings", "status line")
		for _, m := range []string{"✗ ƒ bad name!", "! ƒ search_docs", "✗ ◆ web_search", "! ◆ web_serch", "  ◆ code_interpreter"} {
			requireScreen(t, a, m)
		}
		requireTools(t, a, "function:search_docs", "web_serch", "code_interpreter", "file_search")
	})
	for _, size := range [][2]int{{140, 40}, {80, 24}} {
		t.Run(fmt.Sprintf("the chosen diagnostic is shown whole at %dx%d", size[0], size[1]), func(t *testing.T) {
			a := openAt(t, errorsDocument(t), size[0], size[1])
			send(t, a, press('4'), press('j'), press('j'), press('j'))
			requireContains(t, paneText(t, a, "4 Diagnostics"), "must be between 1 and 50, got 99; left out", "diagnostics pane")
		})
	}
	t.Run("a request-level diagnostic jumps to the request form", func(t *testing.T) {
		a := openAt(t, errorsDocument(t), 80, 24)
		send(t, a, press('j'), press('4'), press('G'), kEnter)
		if got := editorTitle(t, a); got != "Request" {
			t.Fatalf("enter on the tool_choice diagnostic selected %q", got)
		}
		if got := focusedField(t, a); got != "Tool choice" {
			t.Fatalf("focused field %q, want Tool choice", got)
		}
	})
}
