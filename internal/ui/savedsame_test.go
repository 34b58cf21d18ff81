package ui

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
	"github.com/tooltui/tooltui/internal/ui/palette"
)

// What a save writes is what the app showed: the file saved, read back and
// built again, gives the very request and diagnostics the app had.

// savedLayouts are a file of each layout and format tooltui keeps.
var savedLayouts = map[string]string{
	"document": `{
  "model": "gpt-5",
  "input": "Weather in Paris?",
  "tools_defs": [
    {"name": "get_weather", "description": "Weather of a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}, "strict": true}
  ],
  "extra": {"builtin_tools": [{"type": "web_search"}]}
}
`,
	"body": `{
  "model": "gpt-5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "web_search"},
    {"type": "function", "name": "get_weather", "description": "Weather of a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}, "strict": true}
  ]
}
`,
	"empty body": `{
	"model": "gpt-5",
	"tools": []
}`,
	"compact body":     `{"model":"gpt-5","input":"hi","tools":[{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{},"required":[],"additionalProperties":false},"strict":true},{"type":"web_search"}]}`,
	"compact document": `{"model":"gpt-5","tools_defs":[{"name":"get_weather","parameters":null,"strict":false}]}`,
	"CRLF body":        "{\r\n  \"model\": \"gpt-5\",\r\n  \"tools\": [\r\n    {\"type\": \"web_search\"}\r\n  ]\r\n}\r\n",
	"CRLF document":    "{\r\n    \"model\": \"gpt-5\",\r\n    \"tools_defs\": []\r\n}\r\n",
}

// savedApp opens src as /nonexistent/doc.json; its writes are recorded.
func savedApp(t *testing.T, src string) (*App, *writes) {
	t.Helper()
	d, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	w := &writes{}
	a := New(Options{Doc: d, Path: "/nonexistent/doc.json", Name: "doc.json", Deps: kit.Deps{
		CopyNative: noCopy,
		WriteFile:  w.write,
		Remove:     w.remove,
		MkdirAll:   func(string, os.FileMode) error { return nil },
		Getenv:     func(string) string { return "" },
		Tick:       (&heldTimers{}).tick,
	}, Loaded: []byte(src)})
	a.Update(tea.WindowSizeMsg{Width: 130, Height: 36})
	return a, w
}

// saveNow saves with ctrl+s, answering "s" (save the body without what it
// cannot hold) when asked, and returns the bytes written to path.
func saveNow(t *testing.T, a *App, w *writes, path string) []byte {
	t.Helper()
	delete(w.files, path)
	_, cmd := a.Update(ctrlKey('s'))
	if _, ok := a.dialog.(*kit.ConfirmDialog); ok {
		_, cmd = a.Update(tea.KeyPressMsg{Code: 's', Text: "s"})
	}
	for _, m := range runNow(cmd) {
		a.Update(m)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	data, ok := w.files[path]
	if !ok {
		t.Fatalf("nothing was saved to %s; status %q", path, status(a))
	}
	return data
}

// requireSavedAsShown checks that data, read back as tooltui reads a
// file and built as tooltui build builds it, gives the request and the
// diagnostics the app shows.
func requireSavedAsShown(t *testing.T, a *App, data []byte, what string) {
	t.Helper()
	a.settle()
	shown := a.s.Result()
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatalf("%s: the saved file does not load: %v\n%s", what, err, data)
	}
	built, diags := convert.Convert(doc)
	if !bytes.Equal(built, shown.JSON) {
		t.Fatalf("%s: the saved file builds another request\nsaved:\n%s\nbuilt:\n%s\nthe app showed:\n%s", what, data, built, shown.JSON)
	}
	if got, want := diagLines(diags), diagLines(shown.Diagnostics); !slices.Equal(got, want) {
		t.Fatalf("%s: the saved file has other diagnostics\nsaved:\n%s\nbuilt: %q\nthe app showed: %q", what, data, got, want)
	}
}

func diagLines(ds []convert.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// TestSavedFileBuildsWhatTheAppShowed: every tool the add picker offers,
// added to a file of every layout and saved, gives back, read and built
// again, exactly the request and diagnostics the app showed: a function
// added to a Responses body is saved with its "type", or it would come
// back as a built-in tool without one. A body saved then as a tooltui
// document, its functions typed, builds the same too.
func TestSavedFileBuildsWhatTheAppShowed(t *testing.T) {
	kinds := palette.Kinds()
	for name, src := range savedLayouts {
		for i, k := range kinds {
			t.Run(name+"/"+k.Type, func(t *testing.T) {
				a, w := savedApp(t, src)
				a.Update(tea.KeyPressMsg{Code: '1'})
				a.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
				d, ok := a.dialog.(*kit.ListDialog)
				if !ok || d.Title != "Add a tool" {
					t.Fatalf("a opened %T, not the add picker", a.dialog)
				}
				d.List.Select(i)
				a.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
				a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
				data := saveNow(t, a, w, "/nonexistent/doc.json")
				requireSavedAsShown(t, a, data, fmt.Sprintf("%s with %s added", name, k.Type))
				wantLayout := func(what string, cond bool) {
					if !cond {
						t.Fatalf("the saved file lost the layout (%s):\n%q", what, data)
					}
				}
				switch {
				case strings.HasPrefix(name, "CRLF"):
					wantLayout("CRLF", bytes.Count(data, []byte("\n")) == bytes.Count(data, []byte("\r\n")))
				case strings.HasPrefix(name, "compact"):
					wantLayout("one line", !bytes.Contains(data, []byte("\n")))
				}
				if a.s.Doc().Format != model.FormatBody {
					return
				}
				// The same body saved as a tooltui document ("Save as a
				// body?" offers it): its functions keep their "type".
				const docPath = "/nonexistent/doc.tooltui.json"
				for _, m := range runNow(a.apply(kit.ActSaveTo{Path: docPath, AsDocument: true, Force: true})) {
					a.Update(m)
				}
				w.mu.Lock()
				asDoc, ok := w.files[docPath]
				w.mu.Unlock()
				if !ok {
					t.Fatalf("nothing was saved as a document; status %q", status(a))
				}
				if a.s.Doc().Format != model.FormatDocument {
					t.Fatal("the app did not go on with the tooltui document")
				}
				requireSavedAsShown(t, a, asDoc, fmt.Sprintf("%s with %s added, saved as a tooltui document", name, k.Type))
			})
		}
	}
}

// TestSavedBodyNamesEntriesAsSaved: a body saved without what it cannot
// hold (a disabled tool, an entry whose JSON is not valid) names its
// entries in the diagnostics by their index in the file as saved, as
// tooltui build of that file does: web_serch, third in the file as
// loaded, is tools[1] once the entry before it is left out.
func TestSavedBodyNamesEntriesAsSaved(t *testing.T) {
	const src = `{"model": "m", "tools": [
		{"type": "web_search"},
		{"type": "function", "name": "a", "parameters": null, "strict": false},
		{"type": "web_serch"}
	]}`
	for name, edit := range map[string]func(*model.Document) (*model.Document, error){
		"disabled": func(d *model.Document) (*model.Document, error) { return model.ToggleTool(d, model.Builtin, 0) },
		"invalid JSON": func(d *model.Document) (*model.Document, error) {
			return model.SetToolRaw(d, model.Function, 0, []byte(`{"type": "function", "name": `))
		},
	} {
		t.Run(name, func(t *testing.T) {
			a, w := savedApp(t, src)
			if err := a.s.Apply("", a.at, edit); err != nil {
				t.Fatal(err)
			}
			a.refresh()
			data := saveNow(t, a, w, "/nonexistent/doc.json")
			a.settle()
			var kept []convert.Diagnostic
			for _, d := range a.s.Result().Diagnostics {
				if !strings.HasPrefix(d.Location, "an unsaved entry") {
					kept = append(kept, d)
				}
			}
			doc, err := model.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			_, built := convert.Convert(doc)
			if got, want := diagLines(kept), diagLines(built); !slices.Equal(got, want) {
				t.Fatalf("after the save the app names\n%q\nand the saved file builds\n%q", got, want)
			}
			a.Update(tea.KeyPressMsg{Code: '4'})
			requireIn(t, screenText(a), "tools[1] (web_serch)")
			if name == "invalid JSON" {
				requireIn(t, screenText(a), "an unsaved entry after tools[0] (function)")
			}
		})
	}
}

// TestRepeatedKeysInTheApp: the diagnostics pane warns about a key the
// file writes twice, as tooltui build does; once saved, the members
// tooltui wrote as one are no longer repeated, and their warning goes,
// while a field kept twice keeps its own.
func TestRepeatedKeysInTheApp(t *testing.T) {
	const src = `{
  "model": "gpt-4o",
  "model": "gpt-5",
  "tools_defs": [{"name": "a", "parameters": null, "strict": false}],
  "tools_defs": [{"name": "b", "parameters": null, "strict": false}]
}
`
	a, w := savedApp(t, src)
	a.Update(tea.KeyPressMsg{Code: '4'})
	s := screenText(a)
	requireIn(t, s, "tools_defs")
	requireIn(t, s, "written 2 times: tooltui reads the functions of each")
	requireIn(t, s, `written 2 times at the top level: the request sends the last, "gpt-5"`)
	doc, _ := model.Parse([]byte(src))
	if _, built := convert.Convert(doc); !slices.Equal(diagLines(built), diagLines(a.s.Result().Diagnostics)) {
		t.Fatalf("tooltui build says\n%q\nthe app\n%q", diagLines(built), diagLines(a.s.Result().Diagnostics))
	}
	// An edit, then a save: tools_defs is one in the file.
	if err := a.s.Apply("", a.at, func(d *model.Document) (*model.Document, error) {
		return model.SetRequestField(d, "input", []byte(`"hi"`)), nil
	}); err != nil {
		t.Fatal(err)
	}
	data := saveNow(t, a, w, "/nonexistent/doc.json")
	requireSavedAsShown(t, a, data, "the document saved")
	var locs []string
	for _, d := range a.s.Result().Diagnostics {
		locs = append(locs, d.Location)
	}
	if !slices.Equal(locs, []string{"model"}) {
		t.Fatalf("after the save the diagnostics are about %q, want only model:\n%s", locs, data)
	}
}
