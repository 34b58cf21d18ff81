// Package palette is the command palette, the add picker, the copy menu
// with what each copy copies, and the quit question.
package palette

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/ui/filterlist"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// paletteEntry is a command as the palette lists it: its name, group and
// keys, and why it cannot run now ("" when it can).
type Entry struct {
	Name, Group, Keys, Disabled string
}

// newPaletteOf lists every command with its keys.
func New(cmds []Entry) kit.Dialog {
	items := make([]filterlist.Item, len(cmds))
	for i, c := range cmds {
		items[i] = filterlist.Item{Title: c.Name, Detail: c.Group, Key: c.Keys, Disabled: c.Disabled}
	}
	return kit.NewListDialog("Commands", items, func(i int) []kit.Action {
		return []kit.Action{kit.ActRun{Name: cmds[i].Name, Chosen: true}}
	})
}

// newAddDialogOf offers every tool type of kinds; it opens at the top
// every time.
func NewAdd(kinds []convert.ToolKind) kit.Dialog {
	items := make([]filterlist.Item, len(kinds))
	for i, k := range kinds {
		items[i] = filterlist.Item{Title: k.Type, Detail: k.Summary}
	}
	return kit.NewListDialog("Add a tool", items, func(i int) []kit.Action {
		return []kit.Action{kit.ActAdd{Typ: kinds[i].Type}}
	})
}

func NewCopy() kit.Dialog {
	items := []filterlist.Item{
		{Title: "Request JSON", Detail: "the whole request, as the preview shows it", Key: "alt+c"},
		{Title: "Tools array", Detail: "only the tools, as a JSON array", Key: "alt+t"},
		{Title: "curl command", Detail: "POST /v1/responses with $OPENAI_API_KEY", Key: "alt+u"},
	}
	names := []string{kit.CmdCopyReq, kit.CmdCopyTools, kit.CmdCopyCurl}
	return kit.NewListDialog("Copy", items, func(i int) []kit.Action { return []kit.Action{kit.ActRun{Name: names[i]}} })
}

// newQuitDialog asks before quitting with unsaved changes. Only d quits
// without saving, and even then the recovery copy stays for the next
// start; ctrl+c and ctrl+q cancel it, as they cancel every dialog.
func NewQuit() kit.Dialog {
	km := kit.DefaultKeyMap()
	return &kit.ConfirmDialog{
		Title: kit.QuitTitle,
		Text:  "There are unsaved changes. d quits without saving them; the next start offers them back once.",
		Keys:  []key.Binding{km.SaveQuit, km.Discard, km.Cancel},
		Answer: func(k tea.KeyPressMsg, km *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, km.SaveQuit):
				return []kit.Action{kit.ActRun{Name: kit.CmdSaveQuit}}, true
			case key.Matches(k, km.Discard):
				return []kit.Action{kit.ActQuit{KeepRecovery: true}}, true
			case key.Matches(k, km.Cancel):
				return []kit.Action{kit.Say("Quit cancelled")}, true
			}
			return nil, false
		},
	}
}

// NewQuitAll is the quit question of a workspace with unsaved documents:
// it names them all; s saves them all, then quits.
func NewQuitAll(names []string) kit.Dialog {
	km := kit.DefaultKeyMap()
	text := "Unsaved: " + strings.Join(names, ", ") + ". s saves them all, then quits; d quits without saving them, keeping a recovery copy of each."
	if len(names) == 1 {
		text = "Unsaved: " + names[0] + ". s saves it, then quits; d quits without saving it, keeping a recovery copy."
	}
	return &kit.ConfirmDialog{
		Title: kit.QuitTitle,
		Text:  text,
		Keys:  []key.Binding{km.SaveQuit, km.Discard, km.Cancel},
		Answer: func(k tea.KeyPressMsg, km *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, km.SaveQuit):
				return []kit.Action{kit.ActRun{Name: kit.CmdSaveAllQuit}}, true
			case key.Matches(k, km.Discard):
				return []kit.Action{kit.ActQuit{KeepRecovery: true}}, true
			case key.Matches(k, km.Cancel):
				return []kit.Action{kit.Say("Quit cancelled")}, true
			}
			return nil, false
		},
	}
}
