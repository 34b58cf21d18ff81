// Package files is the document's side on disk: saving (atomic, with the
// questions a save may ask), exporting the request, reloading, watching the
// file for changes made elsewhere, the recovery copy of unsaved work, the
// settings file, and the file name and recovery questions.
package files

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// Saving files you can trust:
//
//   - A document unchanged since it was loaded (or saved) saves to the very
//     bytes it came from (Session.raw).
//   - A Responses body that cannot hold everything the app has (disabled
//     tools, invalid JSON, drafts) asks once what to do.
//   - Nothing tooltui could not load back (over model.MaxDocumentBytes) is
//     written.
//   - Before writing, the save command reads the file: when it is not what
//     was last loaded or saved (its stamp), nothing is written and the user
//     chooses to overwrite, reload or cancel.
//   - The file is watched (watch.go): a change made elsewhere reloads a
//     clean document, or asks when there are unsaved changes.

// ---- saving ----

// SaveUnshown saves a document that is not shown, as Save all does: its
// actions, or why it must be shown to be saved ("is in another format",
// "needs a choice": a question its save would ask).
func (d *Disk) SaveUnshown(c Ctx) ([]kit.Action, string) {
	if c.S.Doc().Source != nil {
		return nil, "is in another format"
	}
	acts := d.SaveTo(c, kit.ActSaveTo{Path: c.S.Path()})
	if slices.ContainsFunc(acts, func(act kit.Action) bool { _, ok := act.(kit.ActOpen); return ok }) {
		return nil, "needs a choice to be saved"
	}
	return acts, ""
}

// SaveTo writes the document to path; the app takes path as its file once
// the write succeeded.
func (d *Disk) SaveTo(c Ctx, act kit.ActSaveTo) []kit.Action {
	s := c.S
	for _, l := range act.Losses {
		if d.lossesOK == nil {
			d.lossesOK = map[string]bool{}
		}
		d.lossesOK[l] = true
	}
	var data []byte
	var err error
	unchanged := false
	if act.AsDocument {
		doc := *s.Doc()
		doc.Format = model.FormatDocument
		data, err = doc.Marshal()
	} else {
		data, unchanged, err = s.FileBytes()
	}
	if err != nil {
		return []kit.Action{kit.SayErr("Cannot save: " + err.Error())}
	}
	if !unchanged && !act.AsDocument && s.Doc().Format == model.FormatBody {
		if losses := d.newLosses(s); len(losses) > 0 {
			return []kit.Action{kit.ActOpen{D: newBodyLossDialog(s.Name(), s.Doc().BodyLosses(), act)}}
		}
	}
	if len(data) > model.MaxDocumentBytes {
		return []kit.Action{kit.SayErr(fmt.Sprintf("Cannot save %s: %s (%.1f MiB) is over the %d MiB tooltui loads back; nothing was written · %s",
			act.Path, model.Bytes(int64(len(data))), float64(len(data))/(1<<20), model.MaxDocumentBytes>>20, overLimitAdvice))}
	}
	job := saveJob{path: act.Path, data: data, version: s.Version(), quit: act.Quit, asDocument: act.AsDocument, rewrote: !unchanged}
	if !act.Force && s.Stamp() != nil && samePath(act.Path, s.Path()) {
		st := *s.Stamp()
		job.check = &st
	}
	if !act.Force && !samePath(act.Path, s.Path()) {
		retry := act
		retry.Force = true
		job.fresh = retry
	}
	d.writing, d.hasWriting = sha256.Sum256(data), true
	return []kit.Action{kit.Say("Saving " + act.Path + "…"), kit.ActCmd{Cmd: saveCmd(d.deps, job)}}
}

// overLimitAdvice says what can be done with a document too large to
// save: a compact file would be no smaller (a save already writes too
// deep a document compactly), but an undo or a deletion makes it
// smaller, and the request it builds exports whatever its size.
const overLimitAdvice = "undo (ctrl+z) or delete tools to bring it under; X exports the request"

// newLosses are what a body cannot hold that the user has not agreed to
// leave out yet.
func (d *Disk) newLosses(s *kit.Session) []string {
	var out []string
	for _, l := range s.Doc().BodyLosses() {
		if !d.lossesOK[l] {
			out = append(out, l)
		}
	}
	return out
}

func samePath(p, q string) bool {
	if p == q {
		return true
	}
	ap, err1 := filepath.Abs(p)
	aq, err2 := filepath.Abs(q)
	return err1 == nil && err2 == nil && ap == aq
}

// saveJob is one save, as the command carries it out.
type saveJob struct {
	path       string
	data       []byte
	version    uint64
	quit       bool
	asDocument bool
	rewrote    bool // the document written, not the bytes it was loaded from
	// check, when set, is what the file must still be: anything else
	// stops the save with a diskChangedMsg.
	check *model.Stamp
	// fresh, when set, is a save under a new name: a file already there
	// stops it with a fileExistsMsg, whose answer is fresh.
	fresh kit.Action
}

// fileExistsMsg stops a save as or an export: a file is at the name given.
type fileExistsMsg struct {
	path  string
	size  int64
	retry kit.Action // the save or export again, writing over it
}

// existing reports whether a file is at path, and its size.
func existing(deps kit.Deps, path string) (int64, bool) {
	st, _, err := deps.ReadStamp(path)
	return st.Size, err == nil && st.Exists
}

func onFileExists(m fileExistsMsg) []kit.Action {
	over := key.NewBinding(key.WithKeys("o", "y"), key.WithHelp("o", "overwrite"))
	cancel := key.NewBinding(key.WithKeys("esc", "c", "n"), key.WithHelp("esc", "cancel"))
	return []kit.Action{kit.Say(m.path + " already exists: overwrite it?"), kit.ActOpen{D: &kit.ConfirmDialog{
		Title: "File exists",
		Text:  fmt.Sprintf("%s already exists (%s). Write over it?", m.path, model.Bytes(m.size)),
		Keys:  []key.Binding{over, cancel},
		Answer: func(k tea.KeyPressMsg, _ *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, over):
				return []kit.Action{m.retry}, true
			case key.Matches(k, cancel):
				return []kit.Action{kit.Say("Nothing written; " + m.path + " is as it was")}, true
			}
			return nil, false
		},
	}}}
}

// SavedMsg reports a finished save.
type SavedMsg struct {
	Path    string
	err     error
	Version uint64
	quit    bool
	// data and stamp are what was written (stamp nil when unknown).
	data       []byte
	stamp      *model.Stamp
	asDocument bool
	rewrote    bool
}

// DiskChangedMsg stops a save (or reports a change the watcher saw): the
// file on disk is not the version the app last loaded or saved.
type DiskChangedMsg struct {
	Path     string
	Was, Now model.Stamp
	Data     []byte // the file's content now
	quit     bool
	Watched  bool // seen by the watcher, not by a save
}

func saveCmd(deps kit.Deps, job saveJob) tea.Cmd {
	return func() tea.Msg {
		fail := func(err error) tea.Msg {
			return SavedMsg{Path: job.path, err: err, Version: job.version, quit: job.quit}
		}
		if job.fresh != nil {
			if size, ok := existing(deps, job.path); ok {
				return fileExistsMsg{path: job.path, size: size, retry: job.fresh}
			}
		}
		if job.check != nil {
			now, disk, err := deps.ReadStamp(job.path)
			if err != nil {
				return fail(fmt.Errorf("cannot check the file before writing over it: %w", err))
			}
			if !job.check.Same(now) {
				return DiskChangedMsg{Path: job.path, Was: *job.check, Now: now, Data: disk, quit: job.quit}
			}
		}
		if err := deps.WriteFile(job.path, job.data); err != nil {
			return fail(err)
		}
		// the stamp of the bytes written, with the time the file got
		st := model.StampOf(job.data, nil)
		if fi, err := deps.Stat(job.path); err == nil {
			st = model.StampOf(job.data, fi)
		}
		return SavedMsg{Path: job.path, Version: job.version, quit: job.quit, data: job.data, stamp: &st, asDocument: job.asDocument, rewrote: job.rewrote}
	}
}

func (d *Disk) OnSaved(c Ctx, m SavedMsg) []kit.Action {
	// The save is over: from now on a file holding these bytes is a change
	// made elsewhere (the file's stamp, set below, says what was saved).
	d.hasWriting = false
	if m.err != nil {
		return []kit.Action{kit.SayErr("Save failed, nothing changed on disk or here: " + m.err.Error())}
	}
	s := c.S
	var acts []kit.Action
	if changedQuestion(c.Dialogs) != nil {
		acts = append(acts, kit.ActDrop{Match: IsChangedDialog}) // the file is ours now
	}
	moved := !samePath(m.Path, s.Path())
	if m.asDocument {
		// The diagnostics name the entries of the file now saved:
		// tools_defs[0], not tools[1].
		s.SetFormat(model.FormatDocument)
		s.Reconvert()
		acts = append(acts, kit.ActRefresh{})
	}
	if m.rewrote && s.Doc().Merged != nil {
		// A member the file repeated is one in the file now: the
		// warning about it goes.
		s.Rewritten()
		s.Reconvert()
		acts = append(acts, kit.ActRefresh{})
	}
	if s.Doc().Source != nil {
		// Saved in the Responses shape: there is nothing left to translate,
		// and the notes about the translation leave the diagnostics.
		s.SetSource(nil)
		s.Reconvert()
		acts = append(acts, kit.ActRefresh{})
	}
	s.Saved(m.Version, m.Path, filepath.Base(m.Path))
	if m.data != nil {
		s.SetRaw(m.data, m.Version)
	}
	s.SetStamp(m.stamp)
	cmd := d.recoveryFollows(m.Path)
	if !s.Dirty() {
		cmd = tea.Batch(cmd, d.dropRecovery())
	}
	if moved {
		cmd = tea.Batch(cmd, d.StartWatch(s.Path()))
	}
	if m.quit {
		return append(acts, kit.ActCmd{Cmd: tea.Sequence(cmd, d.QuitNow())})
	}
	if !s.Dirty() && slices.ContainsFunc(c.Dialogs, isQuitDialog) {
		// saved from inside the quit question: nothing is unsaved now,
		// so it asks about nothing
		acts = append(acts, kit.ActDrop{Match: isQuitDialog})
	}
	text := "Saved " + m.Path
	switch {
	case m.asDocument:
		text += " as a tooltui document; ctrl+s now saves there"
	case s.Doc().Format == model.FormatBody && len(s.Doc().BodyLosses()) > 0:
		text += fmt.Sprintf(" as a Responses body without %s it cannot hold (kept here until you quit)", kit.Plural(len(s.Doc().BodyLosses()), "thing"))
	}
	return append(acts, kit.ActCmd{Cmd: cmd}, kit.Say(text))
}

// ---- a body that cannot hold everything ----

// The keys of the file dialogs, which work only there.
var (
	keySaveBody     = key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "save the body without them"))
	keySaveDocument = key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "save as a tooltui document…"))
	keyOverwrite    = key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "overwrite"))
	keyReload       = key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reload (your edits stay one ctrl+z away)"))
	keyKeepMine     = key.NewBinding(key.WithKeys("k"), key.WithHelp("k", "keep mine (the next save will ask)"))
)

// newBodyLossDialog asks what to do with what a Responses body cannot
// hold: save without it, save as a tooltui document instead, or cancel.
func newBodyLossDialog(name string, losses []string, act kit.ActSaveTo) kit.Dialog {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is a Responses body, which cannot hold %s:", name, kit.Plural(len(losses), "thing"))
	const shown = 4
	for i, l := range losses {
		if i == shown {
			fmt.Fprintf(&b, "\n• and %d more", len(losses)-shown)
			break
		}
		b.WriteString("\n• " + l)
	}
	cancel := key.NewBinding(key.WithKeys("esc", "c"), key.WithHelp("esc", "cancel"))
	return &kit.ConfirmDialog{
		Title: "Save as a body?",
		Text:  b.String(),
		Keys:  []key.Binding{keySaveBody, keySaveDocument, cancel},
		Answer: func(k tea.KeyPressMsg, _ *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, keySaveBody):
				next := act
				next.Losses = losses
				return []kit.Action{next}, true
			case key.Matches(k, keySaveDocument):
				quit := act.Quit
				return []kit.Action{kit.ActOpen{D: NewFileName("Save as a tooltui document", "save", documentName(act.Path), func(p string) []kit.Action {
					return []kit.Action{kit.ActSaveTo{Path: p, Quit: quit, AsDocument: true}}
				})}}, true
			case key.Matches(k, cancel):
				return []kit.Action{kit.Say("Save cancelled")}, true
			}
			return nil, false
		},
	}
}

// documentName proposes a name for a body saved as a tooltui document:
// name.json → name.tooltui.json, next to it.
func documentName(path string) string { return SiblingName(path, ".tooltui.json", "tooltui.json") }

// exportName proposes where the request goes: name.json →
// name.request.json, next to it.
func exportName(path string) string { return SiblingName(path, ".request.json", "request.json") }

// ResponsesName is where a file translated from another format is saved
// first: x.json becomes x.responses.json beside it.
func ResponsesName(path string) string {
	return SiblingName(path, ".responses.json", "responses.json")
}

func SiblingName(path, suffix, fallback string) string {
	if path == "" {
		return fallback
	}
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	stem = strings.TrimSuffix(stem, ".tooltui")
	return stem + suffix
}

// ---- a file changed on disk ----

func (d *Disk) onDiskChanged(c Ctx, m DiskChangedMsg) []kit.Action {
	if !samePath(m.Path, c.S.Path()) {
		return nil
	}
	if !m.Watched {
		d.hasWriting = false // the save stopped before writing
	}
	return openChanged(c, m)
}

// openChanged asks about a change on disk. It replaces a question about
// an earlier change wherever that is in the stack: the newest knows the
// file as it is.
func openChanged(c Ctx, m DiskChangedMsg) []kit.Action {
	acts := []kit.Action{kit.ActOpen{D: NewChangedDialog(c.S.Name(), m)}}
	if changedQuestion(c.Dialogs) != nil {
		acts = append([]kit.Action{kit.ActDrop{Match: IsChangedDialog}}, acts...)
	}
	return acts
}

// changedQuestion is the change the open Changed on disk question is
// about, nil when none is open.
func changedQuestion(ds []kit.Dialog) *DiskChangedMsg {
	for _, d := range ds {
		if c, ok := d.(*kit.ConfirmDialog); ok {
			if m, ok := c.About.(*DiskChangedMsg); ok {
				return m
			}
		}
	}
	return nil
}

func isQuitDialog(d kit.Dialog) bool {
	c, ok := d.(*kit.ConfirmDialog)
	return ok && c.Title == kit.QuitTitle
}

func IsChangedDialog(d kit.Dialog) bool {
	c, ok := d.(*kit.ConfirmDialog)
	if ok {
		_, ok = c.About.(*DiskChangedMsg)
	}
	return ok
}

const changedTitle = "Changed on disk"

// NewChangedDialog says what happened to the file and offers to overwrite
// it (when a save found it), reload it, or keep the version open here.
func NewChangedDialog(name string, m DiskChangedMsg) kit.Dialog {
	what := m.Was.Describe(m.Now)
	text := name + " " + what + "."
	deleted := !m.Now.Exists
	var keys []key.Binding
	overwrite, reload, keep := keyOverwrite, keyReload, keyKeepMine
	if deleted {
		overwrite.SetHelp("o", "write it again")
	}
	cancel := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel"))
	if m.Watched {
		cancel.SetHelp("esc", "close")
	}
	switch {
	case !m.Watched:
		keys = append(keys, overwrite)
		if !deleted {
			keys = append(keys, reload)
		}
	case deleted:
		keys = append(keys, keep)
	default:
		keys = append(keys, reload, keep)
	}
	keys = append(keys, cancel)
	offers := func(b key.Binding) bool {
		for _, k := range keys {
			if k.Help() == b.Help() {
				return true
			}
		}
		return false
	}
	kept := "Kept your version; the next save asks before writing over " + name
	return &kit.ConfirmDialog{
		Title: changedTitle,
		Text:  text,
		Keys:  keys,
		About: &m,
		Answer: func(k tea.KeyPressMsg, _ *kit.KeyMap) ([]kit.Action, bool) {
			switch {
			case key.Matches(k, overwrite) && offers(overwrite):
				return []kit.Action{kit.ActSaveTo{Path: m.Path, Quit: m.quit, Force: true}}, true
			case key.Matches(k, reload) && offers(reload):
				return []kit.Action{kit.ActReload{Path: m.Path, Data: m.Data, Stamp: m.Now, What: what}}, true
			case key.Matches(k, keep) && offers(keep):
				return []kit.Action{kit.Say(kept)}, true
			case key.Matches(k, cancel):
				if m.Watched {
					return []kit.Action{kit.Say(kept)}, true
				}
				return []kit.Action{kit.Say("Save cancelled; " + name + " on disk was left as it is")}, true
			}
			return nil, false
		},
	}
}

// Reload replaces the document with the file's content as one undoable
// step: ctrl+z brings the version that was open back.
func (d *Disk) Reload(c Ctx, act kit.ActReload) []kit.Action {
	s := c.S
	if !samePath(act.Path, s.Path()) {
		return nil
	}
	doc, err := formats.Load(act.Data)
	if err != nil {
		// what is open here is no longer what is on disk: quitting asks
		s.Unsave()
		return []kit.Action{kit.ActCmd{Cmd: d.scheduleRecovery()}, kit.SayErr("Cannot reload " + s.Name() + ": " + err.Error() + "; your version stays")}
	}
	s.Replace(doc, c.At)
	s.Saved(s.Version(), s.Path(), filepath.Base(s.Path())) // no longer "(new)"
	raw := act.Data
	if doc.Source != nil {
		raw = nil // the bytes are in another format: a save writes the document
	}
	s.SetRaw(raw, s.Version())
	s.SetStamp(&act.Stamp)
	text := "Reloaded " + s.Name()
	if act.What != "" {
		text += ": it " + act.What
	}
	return []kit.Action{kit.ActShow{At: c.At}, kit.Say(text + " · ctrl+z brings back the version you had")}
}

// ---- export ----

// NewExportDialog asks where the request goes.
func NewExportDialog(s *kit.Session) kit.Dialog {
	own, base := s.Path(), s.Path()
	if base == "" {
		base = s.Name() // the example: example.request.json
	}
	return NewFileName("Export request", "export", exportName(base), func(p string) []kit.Action {
		if own != "" && samePath(p, own) {
			return []kit.Action{kit.SayErr("That is the document's own file: export the request under another name")}
		}
		return []kit.Action{kit.ActExport{Path: p}}
	})
}

type exportedMsg struct {
	path    string
	bytes   int
	summary string
	err     error
}

// ExportTo writes the request JSON, exactly what `tooltui build` prints,
// to path. The document keeps its file and its saved state.
func (d *Disk) ExportTo(c Ctx, act kit.ActExport) []kit.Action {
	path := act.Path
	data := append([]byte(nil), c.S.Result().JSON...)
	summary, deps := kit.CopySummary(c.S), d.deps
	return []kit.Action{kit.Say("Exporting the request to " + path + "…"), kit.ActCmd{Cmd: func() tea.Msg {
		if size, ok := existing(deps, path); ok && !act.Force {
			return fileExistsMsg{path: path, size: size, retry: kit.ActExport{Path: path, Force: true}}
		}
		return exportedMsg{path: path, bytes: len(data), summary: summary, err: deps.WriteFile(path, data)}
	}}}
}

func onExported(m exportedMsg) []kit.Action {
	if m.err != nil {
		return []kit.Action{kit.SayErr("Export failed, nothing was written: " + m.err.Error())}
	}
	return []kit.Action{kit.Say(fmt.Sprintf("Exported the request, %s, to %s: %s", model.Bytes(int64(m.bytes)), m.path, m.summary))}
}
