package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/ui/filterlist"
)

// newPaletteDialog lists every command with its keys.
func newPaletteDialog(a *App) dialog {
	var items []filterlist.Item
	var names []string
	for _, c := range a.cmds {
		var keys []string
		for _, b := range append(append(append([]key.Binding{}, c.global...), c.nav...), c.pane...) {
			if h := b.Help().Key; h != "" {
				keys = append(keys, h)
			}
		}
		it := filterlist.Item{Title: c.name, Detail: c.group, Key: strings.Join(keys, " ")}
		if c.avail != nil {
			it.Disabled = c.avail(a)
		}
		items = append(items, it)
		names = append(names, c.name)
	}
	return newListDialog("Commands", items, func(i int) []action {
		return []action{actRun{name: names[i], chosen: true}}
	})
}

// newAddDialog offers every tool type; it opens at the top every time.
func newAddDialog() dialog {
	kinds := catalogKinds()
	items := make([]filterlist.Item, len(kinds))
	for i, k := range kinds {
		items[i] = filterlist.Item{Title: k.Type, Detail: k.Summary}
	}
	return newListDialog("Add a tool", items, func(i int) []action {
		return []action{actAdd{kinds[i].Type}}
	})
}

// newSelectDialog chooses an option of a choice field (tool_choice lists
// every tool of the document).
func newSelectDialog(f *field, at sel) dialog {
	items := make([]filterlist.Item, len(f.options()))
	for i, o := range f.opts {
		items[i] = filterlist.Item{Title: o.label}
		if i == f.sel {
			items[i].Key = "current"
		}
	}
	id := f.id
	d := newListDialog(f.label, items, func(i int) []action {
		return []action{actPick{field: id, label: items[i].Title, at: at}}
	})
	d.list.Select(f.sel)
	return d
}

func newCopyDialog() dialog {
	items := []filterlist.Item{
		{Title: "Request JSON", Detail: "the whole request, as the preview shows it", Key: "alt+c"},
		{Title: "Tools array", Detail: "only the tools, as a JSON array", Key: "alt+t"},
		{Title: "curl command", Detail: "POST /v1/responses with $OPENAI_API_KEY", Key: "alt+u"},
	}
	names := []string{cmdCopyReq, cmdCopyTools, cmdCopyCurl}
	return newListDialog("Copy", items, func(i int) []action { return []action{actRun{name: names[i]}} })
}

// quitTitle is the quit question's title.
const quitTitle = "Quit"

// newQuitDialog asks before quitting with unsaved changes. Only d quits
// without saving, and even then the recovery copy stays for the next
// start; ctrl+c and ctrl+q cancel it, as they cancel every dialog.
func newQuitDialog() dialog {
	km := DefaultKeyMap()
	return &confirmDialog{
		title: quitTitle,
		text:  "There are unsaved changes. d quits without saving them; the next start offers them back once.",
		keys:  []key.Binding{km.SaveQuit, km.Discard, km.Cancel},
		answer: func(k tea.KeyPressMsg, km *KeyMap) ([]action, bool) {
			switch {
			case key.Matches(k, km.SaveQuit):
				return []action{actRun{name: cmdSaveQuit}}, true
			case key.Matches(k, km.Discard):
				return []action{actQuit{keepRecovery: true}}, true
			case key.Matches(k, km.Cancel):
				return []action{say("Quit cancelled")}, true
			}
			return nil, false
		},
	}
}
