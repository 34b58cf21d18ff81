package files

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/editor"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// newRecoveryDialog offers unsaved work of an earlier session.
func NewRecovery(doc *model.Document, fileChanged bool) kit.Dialog {
	km := kit.DefaultKeyMap()
	quit := key.NewBinding(key.WithKeys("q", "ctrl+q", "ctrl+c"), key.WithHelp("q", "quit, keep it"))
	text := "An earlier session ended with unsaved changes to this document."
	if fileChanged {
		text += " The file changed on disk since: restoring puts that work in place of the file as it is now" +
			" (ctrl+z then shows the file's version, and a save writes the work over it)."
	}
	return &kit.ConfirmDialog{
		Title: "Unsaved work found",
		Text:  text,
		Keys:  []key.Binding{km.Restore, km.Discard, quit},
		Answer: func(k tea.KeyPressMsg, km *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, km.Restore):
				return []kit.Action{kit.ActRestore{Doc: doc}}, true
			case key.Matches(k, km.Discard):
				return []kit.Action{kit.ActRestore{Doc: nil}}, true
			case key.Matches(k, quit):
				return []kit.Action{kit.ActQuit{}}, true // the copy stays for next time
			}
			return nil, false
		},
	}
}

// saveAsDialog asks for a file name: to save the document, or, with its
// own title and answer, to save it in another format or export the
// request (files.go).
type SaveAs struct {
	prompt editor.Model
	title  string
	verb   string                      // what enter does: "save", "export"
	Done   func(p string) []kit.Action // the answer to a name
	// What tells it from another of the same title: what it was opened
	// with (the proposed name, and whether it quits after saving)
	What string
	w    int
}

func NewSaveAs(path string, quit bool) kit.Dialog {
	if path == "" {
		path = "tooltui.json"
	}
	d := NewFileName("Save as", "save", path, func(p string) []kit.Action {
		return []kit.Action{kit.ActSaveTo{Path: p, Quit: quit}}
	})
	if quit {
		d.What += " then quit"
	}
	return d
}

// newFileNameDialog asks for a file name, proposing path, all selected so
// that typing replaces it.
func NewFileName(title, verb, path string, done func(p string) []kit.Action) *SaveAs {
	d := &SaveAs{prompt: editor.New(), title: title, verb: verb, Done: done, What: path}
	d.prompt.ShowLineNumbers = false
	d.prompt.SetValue(path)
	// The cursor at the end keeps the file name in view when the path is
	// longer than the field.
	d.prompt.SetCursor(0, len(path))
	d.prompt.SelectAll()
	d.prompt.Focus()
	return d
}

func (d *SaveAs) Resize(w, h int) kit.Dialog {
	d.w = max(20, min(72, w-2))
	d.prompt.SetSize(d.w-4, 1)
	return d
}

func (d *SaveAs) Update(msg tea.Msg, e *kit.Env) (kit.Dialog, []kit.Action) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc":
			return nil, []kit.Action{kit.ActClose{}, kit.Say(kit.Capitalize(d.verb) + " cancelled")}
		case "enter", map[bool]string{true: "ctrl+s"}[d.verb == "save"]:
			p := strings.TrimSpace(d.prompt.Value())
			if p == "" {
				return d, []kit.Action{kit.Say("Type a file name, or esc to cancel")}
			}
			return nil, append([]kit.Action{kit.ActClose{}}, d.Done(p)...)
		}
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !d.prompt.Handles(k) {
		return d, []kit.Action{kit.ExplainDialogKey(k, d, e.Km)}
	}
	d.prompt, _ = d.prompt.Update(msg)
	return d, nil
}

func (d *SaveAs) TypingText() bool { return true }

func (d *SaveAs) UndoText(redo bool) (bool, []kit.Action) {
	return kit.FieldUndo(&d.prompt, redo), nil
}

// Pending is the name typed, which ctrl+s does not use: it saves the
// document where it is saved (a save as asks where first, as enter does).
func (d *SaveAs) Pending() string {
	if d.verb == "save" {
		return ""
	}
	return "the " + d.verb + " to " + strings.TrimSpace(d.prompt.Value()) + " (enter " + d.verb + "s)"
}

func (d *SaveAs) View(e *kit.Env, w, h int) []string {
	p := d.prompt
	p.Styles = e.St.Editor
	lines := []string{" " + p.View(), e.St.Dim.Render(" enter " + d.verb + " · esc cancel")}
	return kit.Box(e, d.title, lines, d.w)
}

func (d *SaveAs) Help(km *kit.KeyMap) []key.Binding {
	enter := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", d.verb))
	if d.verb == "save" {
		// ctrl+s here is enter: it saves, under the name typed
		enter = key.NewBinding(key.WithKeys("enter", "ctrl+s"), key.WithHelp("enter", d.verb+" (ctrl+s too)"))
	}
	return []key.Binding{
		enter,
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

func (d *SaveAs) Name() string { return "the " + d.title + " dialog" }

func (d *SaveAs) ViewKey() string { return d.What }
