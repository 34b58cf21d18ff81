package ui

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// hostileDoc carries every kind of control sequence in every place a
// string reaches the screen: names, descriptions, types, JSON strings,
// request fields and the file name.
const hostileDoc = `{
  "model": "gpt\u001b[2J-5",
  "instructions": "line\rover\u0008write\u0007bell",
  "input": "bidi \u202egnp.exe\u202c and \u2066isolate\u2069",
  "tools_defs": [
    {"name": "evil\u001b]0;pwned\u0007", "description": "osc52 \u001b]52;c;ZXZpbA==\u0007 dcs \u001bP$qm\u001b\\ apc \u001b_Gi=1\u001b\\", "parameters": {"type": "object", "properties": {"x\u009b2J": {"type": "string", "description": "c1 \u009d0;t\u009c pm \u001b^x\u001b\\ sos \u001bXy\u001b\\"}}}}
  ],
  "extra": {"builtin_tools": [{"type": "web_search\u001b[31m", "name": "\u0000nul\u007fdel"}, {"type": "mcp", "server_label": "lbl\u001b[8mhidden", "server_url": "https://x.example/\u202e"}]}
}`

// rawControls reports the first byte sequence in s that would reach the
// terminal as a control: any C0 other than ESC-led SGR and newline, DEL,
// a C1 rune, a bidi control, or an escape sequence that is not SGR.
func rawControls(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			// allow only CSI ... m (SGR) produced by our styles
			if i+1 < len(s) && s[i+1] == '[' {
				j := i + 2
				for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
					j++
				}
				if j < len(s) && s[j] == 'm' {
					i = j + 1
					continue
				}
			}
			return strings.ToValidUTF8(s[i:min(len(s), i+12)], "?")
		}
		if (c < 0x20 && c != '\n') || c == 0x7f {
			return s[i:min(len(s), i+8)]
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return "invalid UTF-8"
		}
		if (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return string(r)
		}
		i += n
	}
	return ""
}

func TestHostileStringsNeverReachTheTerminalRaw(t *testing.T) {
	d, err := model.Parse([]byte(hostileDoc))
	if err != nil {
		t.Fatal(err)
	}
	a := New(Options{Doc: d, Name: "name\u001b]0;title\u0007.json", Deps: kit.Deps{CopyNative: noCopy}})
	check := func(where string) {
		t.Helper()
		v := a.View()
		if bad := rawControls(v.Content); bad != "" {
			t.Fatalf("%s: raw control sequence %q on screen", where, bad)
		}
		if bad := rawControls(v.WindowTitle); bad != "" || strings.ContainsAny(v.WindowTitle, "\x1b\x07") {
			t.Fatalf("%s: raw control in the window title %q", where, v.WindowTitle)
		}
	}
	for _, size := range [][2]int{{80, 24}, {140, 40}} {
		a.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for row := 0; row < kit.RowCount(a.s.Doc()); row++ {
			a.selectRow(kit.SelAt(a.s.Doc(), row))
			check("row " + itoaTest(row))
			a.setFocus(kit.PaneEditor, false)
			for i := range a.form.Fields {
				a.form.Move(i)
				check("row " + itoaTest(row) + " field " + a.form.Fields[i].ID)
				if a.form.Fields[i].IsText() {
					a.setFocus(kit.PaneEditor, true)
					if !a.form.Editing {
						t.Fatalf("row %d field %s: not editing after setFocus(editor, true)", row, a.form.Fields[i].ID)
					}
					check("row " + itoaTest(row) + " field " + a.form.Fields[i].ID + " (editing)")
					a.setFocus(kit.PaneEditor, false)
				}
			}
			for range 2 { // the other view of the entry (form or JSON), then back
				if a.at.Request {
					break
				}
				a.run("Switch form / JSON")
				for i := range a.form.Fields {
					a.form.Move(i)
					check("row " + itoaTest(row) + " JSON view field " + a.form.Fields[i].ID)
				}
			}
			a.setFocus(kit.PaneDiags, false)
			for i := range a.s.Result().Diagnostics {
				a.diags.Row = i
				a.diags.Follow(a.s.Result().Diagnostics, &a.styles)
				check("row " + itoaTest(row) + " diagnostic " + itoaTest(i))
			}
			a.setFocus(kit.PanePreview, false)
			for range a.preview.Lines() / max(1, a.preview.H) {
				a.preview.Scroll(a.preview.H)
				check("row " + itoaTest(row) + " preview")
			}
			a.preview.YOff = 0
			a.setFocus(kit.PaneTools, false)
		}
		// Every dialog that shows document strings, opened over each row.
		for row := 0; row < kit.RowCount(a.s.Doc()); row++ {
			a.selectRow(kit.SelAt(a.s.Doc(), row))
			for _, name := range []string{"Command palette", "Show all keys", kit.CmdAdd, "Copy…", kit.CmdChoice, kit.CmdSaveAs} {
				a.dialog = nil
				a.setFocus(kit.PaneTools, false)
				a.run(name)
				if a.dialog == nil {
					t.Fatalf("row %d: %q opened no dialog", row, name)
				}
				check("row " + itoaTest(row) + " dialog " + name)
				a.dialog = nil
			}
		}
		// Hostile text typed or pasted: into a field being edited, into the
		// tools filter; and status messages that quote a hostile name.
		const paste = "p\x1b]0;x\x07\x1b[2J\u202e\u009b1m\x00"
		a.selectRow(kit.SelAt(a.s.Doc(), 1))
		a.setFocus(kit.PaneEditor, false)
		for i, f := range a.form.Fields {
			if !f.IsText() {
				continue
			}
			a.form.Move(i)
			v := a.s.Version()
			a.Update(tea.PasteMsg{Content: paste})
			if a.s.Version() == v || !strings.Contains(a.form.Fields[i].Ed.Value(), "p") {
				t.Fatalf("the paste did not reach field %s: %q", f.ID, a.form.Fields[i].Ed.Value())
			}
			check("pasted into " + f.ID)
			a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
		}
		for range len(a.form.Fields) {
			a.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
		}
		a.setFocus(kit.PaneTools, false)
		a.Update(tea.KeyPressMsg{Code: '/', Text: "/"})
		a.Update(tea.PasteMsg{Content: paste})
		if !strings.HasPrefix(a.tools.Filter.Text, "p") {
			t.Fatalf("the paste did not reach the filter: %q", a.tools.Filter.Text)
		}
		check("pasted into the tools filter")
		a.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
		a.selectRow(kit.SelAt(a.s.Doc(), 1))
		a.Update(tea.KeyPressMsg{Code: 'D', Text: "D"})
		check("duplicated a hostile tool")
		a.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
		check("deleted a hostile tool")
		a.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
		a.Update(tea.KeyPressMsg{Code: 'z', Mod: tea.ModCtrl})
		check("undid")
		a.Update(tea.KeyPressMsg{Code: 0x9b, Text: "\u009b"})
		check("explained a hostile key")
		if kit.RowCount(a.s.Doc()) != 4 {
			t.Fatalf("%d rows after undoing the duplicate and the delete", kit.RowCount(a.s.Doc()))
		}
		// The tool_choice chooser lists every tool by name.
		a.run(kit.CmdChoice)
		if a.dialog == nil {
			t.Fatal("no tool_choice chooser")
		}
		chooser := ansi.Strip(a.View().Content)
		if !strings.Contains(chooser, `evil\x1b]0;pwned\x07`) {
			t.Errorf("%dx%d: the tool_choice chooser does not show the function's name escaped:\n%s", size[0], size[1], chooser)
		}
		a.dialog = nil
		// The escaped forms are visible.
		a.setFocus(kit.PaneTools, false)
		a.selectRow(kit.SelAt(a.s.Doc(), 1))
		screen := ansi.Strip(a.View().Content)
		for _, want := range []string{`evil\x1b]0;pwned\x07`, `\x1b]0;title\x07`} {
			if !strings.Contains(screen, want) && !strings.Contains(a.View().WindowTitle+screen, want) {
				t.Errorf("%dx%d: %q not shown escaped", size[0], size[1], want)
			}
		}
	}
	// The document itself keeps the exact values.
	if !strings.Contains(string(a.s.Doc().Functions[0].Raw), `evil\u001b]0;pwned\u0007`) {
		t.Fatal("document lost the exact name")
	}
}

func itoaTest(i int) string { return strconv.Itoa(i) }

// FuzzApp feeds arbitrary keys, pastes and sizes to the app: it never
// panics, and every frame fits the terminal.
func FuzzApp(f *testing.F) {
	f.Add([]byte("jjj\ra\x02\x02\rhello\x1bx\tq"), uint8(80), uint8(24))
	f.Add([]byte("a\x0f\x0f\r\t\tx{\"type\": \x1b?q"), uint8(60), uint8(16))
	f.Add([]byte("4\rD K J  x\x1a\x19\x1a"), uint8(1), uint8(1))
	f.Add([]byte("2\r\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7fq"), uint8(200), uint8(60))
	f.Fuzz(func(t *testing.T, keys []byte, w, h uint8) {
		if len(keys) > 200 {
			keys = keys[:200]
		}
		a := New(Options{Doc: model.Example(), Name: "example.json", Deps: kit.Deps{
			CopyNative: noCopy,
			WriteFile:  func(string, []byte) error { return nil },
			Getenv:     func(string) string { return "" },
		}})
		a.Update(tea.WindowSizeMsg{Width: int(w), Height: int(h)})
		for i, b := range keys {
			var msg tea.Msg
			switch {
			case b == 0x1b:
				msg = tea.KeyPressMsg{Code: tea.KeyEscape}
			case b == '\r':
				msg = tea.KeyPressMsg{Code: tea.KeyEnter}
			case b == '\t':
				msg = tea.KeyPressMsg{Code: tea.KeyTab}
			case b == 0x7f:
				msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
			case b == 0x02:
				msg = tea.KeyPressMsg{Code: tea.KeyDown}
			case b == 0x0f:
				msg = tea.KeyPressMsg{Code: tea.KeyUp}
			case b == 0x05:
				msg = tea.WindowSizeMsg{Width: int(keys[(i+1)%len(keys)]), Height: int(keys[(i+2)%len(keys)]) / 4}
			case b == 0x06:
				msg = tea.PasteMsg{Content: string(keys[i:])}
			case b < 0x20:
				msg = tea.KeyPressMsg{Code: rune('a' + b - 1), Mod: tea.ModCtrl}
			case b >= 0x80:
				msg = tea.KeyPressMsg{Code: rune(b - 0x80 + 'a'), Mod: tea.ModAlt}
			default:
				msg = tea.KeyPressMsg{Code: rune(b), Text: string(rune(b))}
			}
			if k, ok := msg.(tea.KeyPressMsg); ok && k.Mod == tea.ModAlt && (k.Code == 'e' || k.Code == 'c' || k.Code == 't' || k.Code == 'u') {
				continue // these start commands (editor, clipboard) that the fuzzer does not run
			}
			a.Update(msg)
			content := a.View().Content
			if a.width >= MinWidth && a.height >= MinHeight {
				ls := strings.Split(content, "\n")
				if len(ls) > a.height {
					t.Fatalf("%d lines on a %d-line terminal", len(ls), a.height)
				}
				for _, l := range ls {
					if ansi.StringWidth(l) > a.width {
						t.Fatalf("line of %d cells on a %d-column terminal: %q", ansi.StringWidth(l), a.width, ansi.Strip(l))
					}
				}
			}
		}
		if !jsonValid(a.Output()) {
			t.Fatalf("output is not JSON: %s", a.Output())
		}
	})
}

func jsonValid(b []byte) bool { return rawjson.CheckJSON(b) == nil }
