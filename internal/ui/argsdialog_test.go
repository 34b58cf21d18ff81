package ui

// The argument tester: arguments pasted or typed for the selected function
// are checked against its parameters as they change, with each problem
// placed by line, column and JSON Pointer.

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/schematree"
	"github.com/tooltui/tooltui/internal/ui/args"
	"github.com/tooltui/tooltui/internal/ui/infer"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// argsTestDoc has a function for each way "strict" can be set, built-ins
// that are and are not functions, and parameters that are not a usable
// schema.
const argsTestDoc = `{"model": "gpt-5", "tools_defs": [
	{"name": "get_weather", "strict": true, "parameters": {"type": "object",
		"properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
		"required": ["city", "days"], "additionalProperties": false}},
	{"name": "loose", "strict": false, "parameters": {"type": "object",
		"properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}},
	{"name": "auto", "parameters": {"type": "object",
		"properties": {"q": {"type": "string", "enum": ["a", "b"]}, "at": {"type": "string", "format": "date"}},
		"required": ["q", "at"], "additionalProperties": false}},
	{"name": "bare"},
	{"name": "unusable", "parameters": {"type": 5}}
	], "extra": {"builtin_tools": [
		{"type": "web_search"},
		{"type": "function", "name": "inside", "strict": true, "parameters": {"type": "object",
			"properties": {"n": {"type": "number"}}, "required": ["n"], "additionalProperties": false}}
	]}}`

var (
	argsWeather = kit.Sel{Kind: model.Function, Index: 0}
	argsLoose   = kit.Sel{Kind: model.Function, Index: 1}
	argsAuto    = kit.Sel{Kind: model.Function, Index: 2}
	argsBare    = kit.Sel{Kind: model.Function, Index: 3}
	argsBroken  = kit.Sel{Kind: model.Function, Index: 4}
	argsWeb     = kit.Sel{Kind: model.Builtin, Index: 0}
	argsInside  = kit.Sel{Kind: model.Builtin, Index: 1}
)

// dialogTestApp is an app on src at 120×40 with row at selected.
func dialogTestApp(t *testing.T, src string, at kit.Sel) *App {
	t.Helper()
	a := New(Options{Doc: parseDoc(t, src), Name: "doc.json", Deps: kit.Deps{CopyNative: noCopy}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	a.apply(kit.ActSelect{At: at})
	if a.at != at {
		t.Fatalf("selected %+v, want %+v", a.at, at)
	}
	return a
}

// openIn opens the dialog that open makes in a, sized to the screen above
// the status line, failing if it does not open.
func openIn[D kit.Dialog](t *testing.T, a *App, open func(*kit.Env) (kit.Dialog, string)) D {
	t.Helper()
	d, why := open(a.env())
	if d == nil {
		t.Fatalf("%T did not open: %s", *new(D), why)
	}
	return d.Resize(a.width, a.lay.status.Y).(D)
}

// openArgs opens the tester on row at of argsTestDoc.
func openArgs(t *testing.T, at kit.Sel) (*App, *args.Dialog) {
	t.Helper()
	a := dialogTestApp(t, argsTestDoc, at)
	return a, openIn[*args.Dialog](t, a, args.New)
}

// sendTo gives the dialog one message, failing if it closes.
func sendTo[D kit.Dialog](t *testing.T, a *App, d D, msg tea.Msg) []kit.Action {
	t.Helper()
	nd, acts := d.Update(msg, a.env())
	if nd != kit.Dialog(d) {
		t.Fatalf("%v closed the dialog: %#v", msg, acts)
	}
	return acts
}

// typeText types s key by key ("\n" is enter).
func typeText(t *testing.T, a *App, d kit.Dialog, s string) {
	t.Helper()
	for _, r := range s {
		k := ukey(string(r))
		switch r {
		case '\n':
			k = ukey("enter")
		case ' ':
			k = ukey("space")
		}
		nd, acts := d.Update(k, a.env())
		if nd != d {
			t.Fatalf("typing %q closed the dialog: %#v", r, acts)
		}
	}
}

func argsView(a *App, d kit.Dialog) string { return stripped(d.View(a.env(), a.width, a.lay.status.Y)) }

func TestArgsDialogValidArgumentsFit(t *testing.T) {
	a, d := openArgs(t, argsWeather)
	if v := argsView(a, d); !strings.Contains(v, "Nothing to check yet") || !strings.Contains(v, `strict: "strict" is true`) {
		t.Fatalf("empty tester:\n%s", v)
	}
	sendTo(t, a, d, tea.PasteMsg{Content: "{\n  \"city\": \"Paris\",\n  \"days\": 3\n}"})
	v := argsView(a, d)
	if !strings.Contains(v, "✓ fits get_weather's parameters") || strings.Contains(v, "✗") {
		t.Fatalf("valid arguments:\n%s", v)
	}
	// the view changes nothing: drawn twice, it is the same
	if again := argsView(a, d); again != v {
		t.Fatalf("a second view differs:\n%s\n---\n%s", v, again)
	}
	// the box fills the height it was given, no more
	if n := len(d.View(a.env(), a.width, a.lay.status.Y)); n != d.H {
		t.Errorf("the box has %d lines, want %d", n, d.H)
	}
}

func TestArgsDialogLocatesAWrongTypeInPastedLines(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n"} {
		a, d := openArgs(t, argsWeather)
		text := strings.ReplaceAll("{\n  \"city\": \"Paris\",\n  \"days\": \"three\"\n}", "\n", nl)
		sendTo(t, a, d, tea.PasteMsg{Content: text})
		v := argsView(a, d)
		if !strings.Contains(v, "✗ 1 problem") || !strings.Contains(v, "3:11 /days: ") || strings.Contains(v, "✓") {
			t.Fatalf("newlines %q: want 3:11 /days:\n%s", nl, v)
		}
		// ctrl+n puts the cursor on the value at fault
		sendTo(t, a, d, ukey("ctrl+n"))
		if d.Ed.Line() != 2 || d.Ed.Column() != 10 {
			t.Errorf("ctrl+n: cursor at %d:%d, want 3:11", d.Ed.Line()+1, d.Ed.Column()+1)
		}
	}
	// pasted after text already typed: the place counts the whole text
	a, d := openArgs(t, argsWeather)
	typeText(t, a, d, "{\"city\": \"Paris\",\n")
	sendTo(t, a, d, tea.PasteMsg{Content: "\n\n\"days\": 1.5}"})
	if v := argsView(a, d); !strings.Contains(v, "4:9 /days: ") {
		t.Fatalf("want 4:9 /days:\n%s", v)
	}
}

func TestArgsDialogLocatesProblemsInTypedText(t *testing.T) {
	a, d := openArgs(t, argsWeather)
	// typed with auto-indent: the members are indented by two spaces
	typeText(t, a, d, "{\n\"city\": \"Paris\",\n\"days\": \"x\"\n}")
	if got, want := d.Ed.Value(), "{\n  \"city\": \"Paris\",\n  \"days\": \"x\"\n}"; got != want {
		t.Fatalf("typed %q, want %q", got, want)
	}
	if v := argsView(a, d); !strings.Contains(v, "3:11 /days: ") {
		t.Fatalf("want 3:11 /days:\n%s", v)
	}
	// fixing it as one types: each keystroke is checked
	sendTo(t, a, d, ukey("up"))
	sendTo(t, a, d, ukey("end"))
	for range 3 {
		sendTo(t, a, d, ukey("backspace"))
	}
	typeText(t, a, d, "2")
	if v := argsView(a, d); !strings.Contains(v, "✓ fits get_weather's parameters") {
		t.Fatalf("after fixing, %q:\n%s", d.Ed.Value(), v)
	}
	// invalid JSON is placed too
	typeText(t, a, d, ",")
	if v := argsView(a, d); !strings.Contains(v, "4:1 (arguments): not valid JSON") {
		t.Fatalf("a trailing comma, %q:\n%s", d.Ed.Value(), v)
	}
}

func TestArgsDialogStrictSemantics(t *testing.T) {
	extra := `{"city": "Paris", "days": 3, "country": "FR"}`
	for _, c := range []struct {
		name string
		at   kit.Sel
		args string
		fits bool
		how  string
	}{
		{"strict true: an extra key is an error", argsWeather, extra, false, `strict: "strict" is true`},
		{"strict false: an extra key is fine", argsLoose, extra, true, `not strict: "strict" is false`},
		{"strict false: properties stay optional", argsLoose, `{"city": "Paris"}`, true, `not strict`},
		{"strict absent, compatible: strict", argsAuto, `{"q": "a", "at": "2024-01-02", "z": 1}`, false, `"strict" is absent and the parameters are strict-compatible`},
		{"strict absent, compatible: formats are checked", argsAuto, `{"q": "a", "at": "yesterday"}`, false, `strict:`},
		{"no parameters: any object", argsBare, `{"anything": [1]}`, true, `there are no parameters`},
		{"a built-in function", argsInside, `{"n": 1, "m": 2}`, false, `strict: "strict" is true`},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, d := openArgs(t, c.at)
			sendTo(t, a, d, tea.PasteMsg{Content: c.args})
			v := argsView(a, d)
			if fits := strings.Contains(v, "✓ fits"); fits != c.fits {
				t.Errorf("fits %v, want %v:\n%s", fits, c.fits, v)
			}
			if !strings.Contains(v, c.how) {
				t.Errorf("the semantics are not %q:\n%s", c.how, v)
			}
		})
	}
	a, d := openArgs(t, argsWeather)
	sendTo(t, a, d, tea.PasteMsg{Content: "{\n  \"city\": \"Paris\",\n  \"days\": 3,\n  \"country\": \"FR\"\n}"})
	if v := argsView(a, d); !strings.Contains(v, `4:14 /country: property "country" is not allowed`) {
		t.Fatalf("the extra key is not named:\n%s", v)
	}
}

func TestArgsDialogExampleFitsAndCopies(t *testing.T) {
	for _, at := range []kit.Sel{argsWeather, argsLoose, argsAuto, argsBare, argsInside} {
		a, d := openArgs(t, at)
		acts := sendTo(t, a, d, ukey("ctrl+g"))
		if st := actsOf[kit.ActStatus](acts); len(st) != 1 || st[0].Err || strings.Contains(st[0].Text, "does not fit") {
			t.Errorf("%+v: ctrl+g said %#v", at, acts)
		}
		text := d.Ed.Value()
		if text == "" {
			t.Fatalf("%+v: ctrl+g wrote nothing", at)
		}
		if v := argsView(a, d); !strings.Contains(v, "✓ fits") {
			t.Errorf("%+v: the example does not fit:\n%s", at, v)
		}
		if probs := d.V.Validate([]byte(text)); probs != nil {
			t.Errorf("%+v: the example %s: %v", at, text, probs)
		}
		acts = sendTo(t, a, d, ukey("alt+y"))
		want := []kit.Action{kit.ActCopy{What: "the arguments of " + d.Fn.Name, Text: text}}
		if !reflect.DeepEqual(acts, want) {
			t.Errorf("%+v: alt+y: %#v, want %#v", at, acts, want)
		}
	}
	// the example replaces what was there
	a, d := openArgs(t, argsWeather)
	sendTo(t, a, d, tea.PasteMsg{Content: `{"nonsense": true}`})
	sendTo(t, a, d, ukey("ctrl+g"))
	if strings.Contains(d.Ed.Value(), "nonsense") || !strings.Contains(argsView(a, d), "✓ fits") {
		t.Errorf("ctrl+g kept the old text: %q", d.Ed.Value())
	}
}

func TestArgsDialogKeysAndClosing(t *testing.T) {
	a, d := openArgs(t, argsWeather)
	if acts := sendTo(t, a, d, ukey("alt+y")); len(actsOf[kit.ActCopy](acts)) != 0 || len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Errorf("alt+y with no arguments: %#v", acts)
	}
	if acts := sendTo(t, a, d, ukey("ctrl+n")); len(actsOf[kit.ActStatus](acts)) != 1 {
		t.Errorf("ctrl+n with no problem: %#v", acts)
	}
	// printable keys the app would take (quit, help) are text here
	for _, k := range []string{"q", "?"} {
		if acts := sendTo(t, a, d, ukey(k)); len(acts) != 0 {
			t.Errorf("%s: %#v", k, acts)
		}
	}
	if got := d.Ed.Value(); got != "q?" {
		t.Errorf("typed %q, want q?", got)
	}
	if len(d.Help(&a.keys)) == 0 {
		t.Error("no help")
	}
	// typed arguments would go: the first esc says so, the second closes
	nd, acts := d.Update(ukey("esc"), a.env())
	if nd != d || !reflect.DeepEqual(acts, []kit.Action{kit.Say("esc again closes it and drops the arguments typed")}) {
		t.Fatalf("first esc: %v %#v", nd, acts)
	}
	nd, acts = d.Update(ukey("esc"), a.env())
	if nd != nil || !reflect.DeepEqual(acts, []kit.Action{kit.ActClose{}}) {
		t.Fatalf("esc: %v %#v", nd, acts)
	}
	// through the app: it opens, takes the paste, esc closes it
	a.apply(kit.ActOpen{D: mustArgsDialog(t, a)})
	a.Update(tea.PasteMsg{Content: `{"city": 1, "days": 1}`})
	if !strings.Contains(screenText(a), "1:10 /city: ") {
		t.Fatalf("the app's screen:\n%s", screenText(a))
	}
	for _, k := range []string{"esc", "ctrl+c", "ctrl+q"} { // each says so first: arguments are typed
		a.Update(ukey(k))
		if a.dialog == nil || !strings.Contains(status(a), k+" again closes it and drops the arguments typed") {
			t.Fatalf("a first %s: %T, status %q", k, a.dialog, status(a))
		}
		a.Update(ukey("end")) // another key: the next close says so again
	}
	a.Update(ukey("esc"))
	a.Update(tea.PasteMsg{Content: " "}) // the text changed since: the next esc asks again
	a.Update(ukey("esc"))
	if a.dialog == nil {
		t.Fatal("esc after a paste closed the tester without a word")
	}
	a.Update(ctrlKey('g')) // an example ctrl+g makes again is not typed work
	a.Update(ukey("esc"))
	if a.dialog != nil {
		t.Fatalf("esc over a made example did not close the tester: %q", status(a))
	}
	a.Update(ukey("ctrl+q"))
	a.Update(ukey("ctrl+q"))
	if a.dialog != nil {
		t.Fatal("ctrl+q twice did not close the tester")
	}
}

func mustArgsDialog(t *testing.T, a *App) kit.Dialog {
	t.Helper()
	d, why := args.New(a.env())
	if d == nil {
		t.Fatal(why)
	}
	return d
}

// screenText is the app's screen as text.
func screenText(a *App) string { return stripped([]string{a.View().Content}) }

func TestArgsDialogRefusesRowsThatAreNotFunctions(t *testing.T) {
	for _, c := range []struct {
		at   kit.Sel
		want string
	}{
		{kit.RequestSel, "the request row is not a function"},
		{argsWeb, "a web_search tool is not a function"},
		{argsBroken, "not a usable JSON Schema"},
	} {
		a := dialogTestApp(t, argsTestDoc, c.at)
		d, why := args.New(a.env())
		if d != nil || !strings.Contains(why, c.want) {
			t.Errorf("%+v: %v %q, want nil and %q", c.at, d, why, c.want)
		}
	}
	// parameters being typed that are not JSON yet
	a := dialogTestApp(t, argsTestDoc, argsWeather)
	doc, err := model.SetDraft(a.s.Doc(), model.Function, 0, "parameters", "{\"type\": ")
	if err != nil {
		t.Fatal(err)
	}
	a.s.Replace(doc, a.at)
	if d, why := args.New(a.env()); d != nil || !strings.Contains(why, "not valid JSON yet") {
		t.Errorf("a parameters draft: %v %q", d, why)
	}
}

// A megabyte of arguments is checked on every keystroke without stalling
// the screen.
func TestArgsDialogLargeArguments(t *testing.T) {
	a, d := openArgs(t, argsLoose)
	var b strings.Builder
	b.WriteString("{\n  \"city\": \"Paris\",\n  \"days\": 3")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, ",\n  \"k%06d\": \"%s\"", i, strings.Repeat("v", 40))
	}
	b.WriteString("\n}")
	sendTo(t, a, d, tea.PasteMsg{Content: b.String()})
	if v := argsView(a, d); !strings.Contains(v, "✓ fits") {
		t.Fatalf("1 MB of arguments:\n%s", v)
	}
	start := time.Now()
	sendTo(t, a, d, ukey("ctrl+home"))
	sendTo(t, a, d, ukey("right"))
	sendTo(t, a, d, ukey("x")) // {x"city"...: not JSON any more
	argsView(a, d)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("a keystroke in 1 MB of arguments took %v", el)
	}
	if v := argsView(a, d); !strings.Contains(v, "1:2 (arguments): not valid JSON") {
		t.Fatalf("after typing x:\n%s", v)
	}
}

func BenchmarkArgsDialogKeystroke1MB(b *testing.B) {
	doc, err := model.Parse([]byte(argsTestDoc))
	if err != nil {
		b.Fatal(err)
	}
	a := New(Options{Doc: doc, Name: "doc.json", Deps: kit.Deps{CopyNative: noCopy}})
	a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	a.apply(kit.ActSelect{At: argsLoose})
	nd, _ := args.New(a.env())
	d := nd.Resize(120, 39).(*args.Dialog)
	var s strings.Builder
	s.WriteString("{\"city\": \"Paris\", \"days\": 3, \"list\": [")
	for i := 0; s.Len() < 1<<20; i++ {
		if i > 0 {
			s.WriteString(",\n")
		}
		fmt.Fprintf(&s, "{\"k\": %d, \"v\": \"%s\"}", i, strings.Repeat("v", 30))
	}
	s.WriteString("]}")
	e := a.env()
	d.Update(tea.PasteMsg{Content: s.String()}, e)
	d.Update(ukey("ctrl+home"), e)
	b.ResetTimer()
	for i := range b.N {
		k := "space"
		if i%2 == 1 {
			k = "delete"
		}
		d.Update(ukey(k), e)
		d.View(e, 120, 39)
	}
}

// The semantics follow `tooltui args`: the helper both use.
func TestArgsStrictForMatchesTheDialog(t *testing.T) {
	a, d := openArgs(t, argsAuto)
	strict, how := schematree.StrictFor(d.Fn.Params, d.Fn.Strict)
	if !strict || how != d.How || !d.V.Strict() {
		t.Errorf("StrictFor: %v %q; dialog %q strict %v", strict, how, d.How, d.V.Strict())
	}
	_ = a
}

// Names and keys from the document reach the screen sanitised: no escape
// sequence of theirs is written to the terminal.
func TestArgsAndInferDialogsSanitise(t *testing.T) {
	const evil = `{"model": "m", "tools_defs": [{"name": "f\u001b]0;owned\u0007", "parameters": {"type": "object",
		"properties": {"k\u001b[2J": {"type": "string"}}, "required": ["k\u001b[2J"], "additionalProperties": false}}]}`
	a := dialogTestApp(t, evil, kit.Sel{Kind: model.Function, Index: 0})
	d := openIn[*args.Dialog](t, a, args.New)
	d.Update(tea.PasteMsg{Content: "{\"k\\u001b[2J\": 1, \"x\\u009b\": 2}"}, a.env())
	i := openIn[*infer.Dialog](t, a, infer.New)
	i.Update(tea.PasteMsg{Content: "{\"k\\u001b[2J\": 1, \"\x1b]0;x\x07\": 2}"}, a.env())
	for name, dl := range map[string]kit.Dialog{"args": d, "infer": i} {
		raw := strings.Join(dl.View(a.env(), a.width, a.lay.status.Y), "\n")
		if strings.Contains(raw, "\x1b]") || strings.Contains(raw, "\x07") || strings.Contains(raw, "\x1b[2J") || strings.Contains(raw, "\u009b") {
			t.Errorf("%s: an escape sequence of the document reached the screen:\n%q", name, raw)
		}
		if v := ansi.Strip(raw); !strings.Contains(v, `\x1b`) {
			t.Errorf("%s: the escapes are not shown:\n%s", name, v)
		}
	}
}

// TestArgsDialogRedoIsRedo: ctrl+y in the tester redoes typing, as it does
// everywhere; alt+y copies the arguments.
func TestArgsDialogRedoIsRedo(t *testing.T) {
	a := dialogTestApp(t, argsTestDoc, argsWeather)
	a.run(kit.CmdTestArgs)
	d, ok := a.dialog.(*args.Dialog)
	if !ok {
		t.Fatalf("opened %T", a.dialog)
	}
	mtype(a, `{"city": "Paris"}`)
	a.Update(ctrlKey('z'))
	if v := d.Ed.Value(); v != "" {
		t.Fatalf("ctrl+z left %q", v)
	}
	a.Update(ctrlKey('y'))
	if v := d.Ed.Value(); v != `{"city": "Paris"}` {
		t.Fatalf("ctrl+y gave %q (status %q)", v, status(a))
	}
	if acts := sendTo(t, a, d, ukey("alt+y")); len(actsOf[kit.ActCopy](acts)) != 1 {
		t.Fatalf("alt+y: %#v", acts)
	}
}
