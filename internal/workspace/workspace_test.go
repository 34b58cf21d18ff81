package workspace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/session"
)

const (
	docA = `{
  "model": "gpt-5",
  "tool_choice": {"type": "function", "name": "get_weather"},
  "tools_defs": [
    {"name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name, e.g. Paris"}}, "required": ["city"], "additionalProperties": false}, "strict": true},
    {"name": "lookup_order", "description": "Look up an order by its number", "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "The order number"}}, "required": ["order_id"], "additionalProperties": false}, "strict": true}
  ],
  "extra": {"builtin_tools": [{"type": "web_search"}]},
  "tooltui": {"mocks": {"get_weather": {"output": "sunny"}}}
}
`
	docB = `{
  "model": "gpt-5",
  "tools": [
    {"type": "function", "name": "send_email", "description": "Send an email", "parameters": {"type": "object", "properties": {"to": {"type": "string", "description": "Address"}}, "required": ["to"], "additionalProperties": false}, "strict": true},
    {"type": "file_search", "vector_store_ids": ["vs_1"]}
  ]
}
`
)

// workspaceOf writes files (path → content) in a new folder and opens it.
func workspaceOf(t *testing.T, files map[string]string) (*Workspace, string) {
	t.Helper()
	dir := t.TempDir()
	for rel, data := range files {
		write(t, dir, rel, data)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return w, dir
}

func summaryOf(t *testing.T, w *Workspace, path string) Summary {
	t.Helper()
	for _, s := range w.Summaries() {
		if s.Path == path {
			return s
		}
	}
	t.Fatalf("no summary of %s", path)
	return Summary{}
}

func mustSession(t *testing.T, w *Workspace, path string) *session.Session {
	t.Helper()
	s, err := w.Session(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestOpenReadsNothing(t *testing.T) {
	w, dir := workspaceOf(t, map[string]string{
		"a.json":      docA,
		"broken.json": `{"tools_defs": [,]}`,
	})
	if got := w.Paths(); !reflect.DeepEqual(got, []string{"a.json", "broken.json"}) {
		t.Fatalf("Paths: %q", got)
	}
	for _, s := range w.Summaries() {
		if s.Read || s.Err != nil || s.Tools != 0 {
			t.Errorf("%s read at Open: %+v", s.Path, s)
		}
	}
	if hits := w.Search("weather"); len(hits) != 0 {
		t.Errorf("Search before Load found %v", hits)
	}
	// What Load reads is the file as it is then, not as it was at Open.
	write(t, dir, "a.json", strings.Replace(docA, "get_weather", "get_forecast", -1))
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	s := summaryOf(t, w, "broken.json")
	if !s.Read || s.Err == nil || !strings.Contains(s.Err.Error(), "broken.json") {
		t.Errorf("a malformed document after Load: %+v", s)
	}
	if _, err := w.Session("broken.json"); err == nil {
		t.Error("a session of a malformed document")
	}
	s = summaryOf(t, w, "a.json")
	if !s.Read || s.Err != nil || s.Tools != 3 || s.Checked {
		t.Errorf("a.json after Load: %+v", s)
	}
	if hits := w.Search("get_forecast"); len(hits) != 1 {
		t.Errorf("Search after Load: %v", hits)
	}
	if err := w.Check("a.json"); err != nil {
		t.Fatal(err)
	}
	if s := summaryOf(t, w, "a.json"); !s.Checked || s.Errors != 0 {
		t.Errorf("a.json after Check: %+v", s)
	}
	if err := w.Load("nope.json"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Load of an unknown path: %v", err)
	}
}

func TestSessionReadsOnFirstNeed(t *testing.T) {
	w, dir := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	s := mustSession(t, w, "b.json")
	if s.Path() != filepath.Join(dir, "b.json") || s.Name() != "b.json" || s.Dirty() || s.Stamp() == nil || !s.Checked() {
		t.Errorf("session: path %q name %q dirty %v stamp %v", s.Path(), s.Name(), s.Dirty(), s.Stamp())
	}
	// Unchanged, it saves to the bytes it was read from.
	data, unchanged, err := s.FileBytes()
	if err != nil || !unchanged || string(data) != docB {
		t.Errorf("FileBytes: unchanged %v err %v", unchanged, err)
	}
	if summaryOf(t, w, "a.json").Read {
		t.Error("opening b.json read a.json")
	}
}

func TestUnsavedPerDocument(t *testing.T) {
	w, _ := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB})
	a := mustSession(t, w, "a.json")
	if err := a.Apply("", session.At{Kind: model.Function, Index: 0}, func(d *model.Document) (*model.Document, error) {
		return model.ToggleTool(d, model.Function, 0)
	}); err != nil {
		t.Fatal(err)
	}
	b := mustSession(t, w, "b.json")
	if b == a || b.Dirty() {
		t.Fatal("b.json's session is a's, or dirty")
	}
	if got := w.Unsaved(); !reflect.DeepEqual(got, []string{"a.json"}) {
		t.Errorf("Unsaved: %q", got)
	}
	// Back to a: the same session, its change and its undo kept.
	if again := mustSession(t, w, "a.json"); again != a || !again.Doc().Functions[0].Disabled || again.CanUndo(false) != 1 {
		t.Fatal("switching back lost a.json's session")
	}
	if s := summaryOf(t, w, "a.json"); !s.Open || !s.Dirty || s.Tools != 3 {
		t.Errorf("a.json: %+v", s)
	}
	a.Undo(false, session.RequestAt)
	if got := w.Unsaved(); got != nil {
		t.Errorf("Unsaved after undo: %q", got)
	}
}

// touch writes data to the file and dates it an hour later, so that a
// stat alone tells the change.
func touch(t *testing.T, dir, rel, data string) {
	t.Helper()
	write(t, dir, rel, data)
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, rel), later, later); err != nil {
		t.Fatal(err)
	}
}

func TestChangedOnDisk(t *testing.T) {
	w, dir := workspaceOf(t, map[string]string{"a.json": docA, "b.json": docB, "c.json": docB})
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	// A document not shown: the next Load reads it again.
	touch(t, dir, "b.json", strings.Replace(docB, `{"type": "file_search", "vector_store_ids": ["vs_1"]}`, `{"type": "web_search"}, {"type": "code_interpreter", "container": {"type": "auto"}}`, 1))
	if s := summaryOf(t, w, "b.json"); s.Tools != 2 {
		t.Fatalf("b.json before Load: %+v", s)
	}
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if s := summaryOf(t, w, "b.json"); s.Tools != 3 {
		t.Errorf("b.json after it changed and Load: %+v", s)
	}
	// A session without unsaved changes takes the new content, as a step
	// undo takes back.
	a := mustSession(t, w, "a.json")
	touch(t, dir, "a.json", strings.Replace(docA, "Current weather", "The weather", 1))
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if got := mustSession(t, w, "a.json"); got != a {
		t.Fatal("a new session for a changed file")
	}
	if d := model.StringAt(a.Doc().Functions[0].Raw, []string{"description"}); d != "The weather for a city" || a.Dirty() || a.CanUndo(false) != 1 {
		t.Errorf("clean session after a change on disk: %q, dirty %v, undo %d", d, a.Dirty(), a.CanUndo(false))
	}
	if data, unchanged, _ := a.FileBytes(); !unchanged || !strings.Contains(string(data), "The weather") {
		t.Error("the reloaded session does not save the file's bytes")
	}
	// With unsaved changes, the session keeps them and the summary says.
	if err := a.Apply("", session.RequestAt, func(d *model.Document) (*model.Document, error) {
		return model.SetRequestField(d, "model", rawjson.String("gpt-5-mini")), nil
	}); err != nil {
		t.Fatal(err)
	}
	touch(t, dir, "a.json", docA)
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if s := summaryOf(t, w, "a.json"); !s.DiskChanged || !s.Dirty {
		t.Errorf("dirty session after a change on disk: %+v", s)
	}
	if v, _ := a.Doc().Fields.Get("model"); string(v) != `"gpt-5-mini"` {
		t.Errorf("the unsaved change is lost: model %s", v)
	}
	// Saved over it, as the app does: nothing left to follow.
	data, _, err := a.FileBytes()
	if err != nil {
		t.Fatal(err)
	}
	if err := model.WriteFileAtomic(filepath.Join(dir, "a.json"), data); err != nil {
		t.Fatal(err)
	}
	st, _, err := model.ReadStamp(filepath.Join(dir, "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	version := a.Version()
	a.Saved(version, a.Path(), a.Name())
	a.SetRaw(data, version)
	a.SetStamp(&st)
	if s := summaryOf(t, w, "a.json"); s.DiskChanged || s.Dirty || a.Version() != version {
		t.Errorf("after a save: %+v, version %d (was %d)", s, a.Version(), version)
	}
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if s := summaryOf(t, w, "a.json"); s.DiskChanged || s.Dirty || a.Version() != version {
		t.Errorf("after a save and Load: %+v, version %d (was %d)", s, a.Version(), version)
	}
	// Deleted: a clean session is not on disk any more, so it is unsaved.
	c := mustSession(t, w, "c.json")
	if err := os.Remove(filepath.Join(dir, "c.json")); err != nil {
		t.Fatal(err)
	}
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if got := w.Unsaved(); !reflect.DeepEqual(got, []string{"c.json"}) || !c.Dirty() {
		t.Errorf("Unsaved after c.json was deleted: %q", got)
	}
	if s := summaryOf(t, w, "c.json"); !s.Open || !s.Dirty || !errors.Is(s.Err, os.ErrNotExist) {
		t.Errorf("c.json deleted: %+v", s)
	}
}

func TestChangeWithinTheSameSecondIsSeen(t *testing.T) {
	w, dir := workspaceOf(t, map[string]string{"a.json": docA})
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	// Same size, same time: only the content tells.
	p := filepath.Join(dir, "a.json")
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "a.json", strings.Replace(docA, "get_weather", "get_wind_xx", -1))
	if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if hits := w.Search("get_wind_xx"); len(hits) != 1 {
		t.Errorf("a change of the same size and time was missed: %v", hits)
	}
}

// Load in a command while Update searches and switches sessions: the
// race detector watches.
func TestLoadBesideSearch(t *testing.T) {
	files := map[string]string{}
	for i := range 20 {
		files[fmt.Sprintf("d%02d.json", i)] = strings.Replace(docA, "get_weather", fmt.Sprintf("get_weather_%d", i), -1)
	}
	w, _ := workspaceOf(t, files)
	done := make(chan error)
	go func() { done <- w.Check() }()
	for i := 0; ; i++ {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			if hits := w.Search("get_weather_1"); len(hits) != 11 {
				t.Errorf("%d hits", len(hits))
			}
			return
		default:
		}
		w.Search("weather")
		w.Summaries()
		if _, err := w.Session(fmt.Sprintf("d%02d.json", i%20)); err != nil {
			t.Fatal(err)
		}
	}
}

// The repository's examples, in every format tooltui reads: each opens,
// converts and saves to the bytes it was read from unless it was
// translated from another format.
func TestExamples(t *testing.T) {
	w, err := Open(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Paths()) < 5 {
		t.Fatalf("examples: %q", w.Paths())
	}
	if err := w.Check(); err != nil {
		t.Fatal(err)
	}
	for _, s := range w.Summaries() {
		if !s.Read || !s.Checked || s.Err != nil || s.Tools == 0 {
			t.Errorf("%s: %+v", s.Path, s)
			continue
		}
		sess := mustSession(t, w, s.Path)
		errs, warns := count(sess.Result().Diagnostics)
		if errs != s.Errors || warns != s.Warnings {
			t.Errorf("%s: the session counts %d errors and %d warnings, Check %d and %d", s.Path, errs, warns, s.Errors, s.Warnings)
		}
		data, unchanged, err := sess.FileBytes()
		raw, _ := os.ReadFile(filepath.Join(w.Dir(), s.Path))
		if err != nil || sess.Doc().Source == nil && (!unchanged || string(data) != string(raw)) {
			t.Errorf("%s does not save to the bytes it was read from (err %v)", s.Path, err)
		}
	}
	if w.Unsaved() != nil {
		t.Errorf("unsaved: %q", w.Unsaved())
	}
	if len(w.Search("weather")) == 0 {
		t.Error("no weather in the examples")
	}
}

// countReads counts the files read for the rest of the test.
func countReads(t *testing.T) *atomic.Int32 {
	n := new(atomic.Int32)
	t.Cleanup(func() { readStamp = model.ReadStamp })
	readStamp = func(path string) (model.Stamp, []byte, error) {
		n.Add(1)
		return model.ReadStamp(path)
	}
	return n
}

// A file unchanged since Open is not read again by the first Load; one
// changed, or too recent for its time to tell, is.
func TestLoadTakesWhatOpenRead(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for _, rel := range []string{"a.json", "b.json", "c.json"} {
		write(t, dir, rel, docA)
		if err := os.Chtimes(filepath.Join(dir, rel), old, old); err != nil {
			t.Fatal(err)
		}
	}
	write(t, dir, "new.json", docB) // written just now
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	touch(t, dir, "b.json", docB) // changed after Open
	reads := countReads(t)
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("Load read %d files, want 2 (b.json and new.json)", n)
	}
	for path, tools := range map[string]int{"a.json": 3, "b.json": 2, "c.json": 3, "new.json": 2} {
		if s := summaryOf(t, w, path); s.Tools != tools || s.Err != nil {
			t.Errorf("%s: %+v", path, s)
		}
	}
	// What Open read makes a session as a read would: same bytes, same
	// stamp.
	s := mustSession(t, w, "a.json")
	st, _, err := model.ReadStamp(filepath.Join(dir, "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Stamp().Same(st) || !s.Stamp().ModTime.Equal(st.ModTime) {
		t.Errorf("stamp %+v, the file's %+v", s.Stamp(), st)
	}
	if data, unchanged, _ := s.FileBytes(); !unchanged || string(data) != docA {
		t.Error("the session does not save the bytes Open read")
	}
}

func TestOpenFirstThenAdopt(t *testing.T) {
	dir := t.TempDir()
	if w, err := OpenFirst(dir); err != nil || len(w.Paths()) != 0 {
		t.Fatalf("an empty folder: %v, %v", w.Paths(), err)
	}
	write(t, dir, "notes.json", `{"name": "not a document"}`)
	write(t, dir, "b.json", `{"tools_defs": [{"name": "b"}]}`)
	write(t, dir, "c.json", `{"tools_defs": [{"name": "c"}]}`)
	first, err := OpenFirst(dir)
	if err != nil || !slices.Equal(first.Paths(), []string{"b.json"}) {
		t.Fatalf("OpenFirst: %v, %v", first.Paths(), err)
	}
	s, err := first.Session("b.json")
	if err != nil {
		t.Fatal(err)
	}
	all, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := all.Adopt("b.json", s); err != nil {
		t.Fatal(err)
	}
	if got, _ := all.Session("b.json"); got != s {
		t.Fatal("the adopted session is not the workspace's")
	}
	if err := all.Adopt("c.json", s); err != nil {
		t.Fatal(err)
	}
	other, _ := Open(dir)
	if _, err := other.Session("c.json"); err != nil {
		t.Fatal(err)
	}
	if err := other.Adopt("c.json", s); err == nil {
		t.Fatal("a document with its own session took another")
	}
}

// TestAdoptAPathTheListingMissed: the document shown while the folder was
// listed, and that the listing did not find (deleted or rewritten
// meanwhile), is adopted all the same and listed, rather than leaving
// the app on its one-document workspace.
func TestAdoptAPathTheListingMissed(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.json", `{"tools_defs": [{"name": "b"}]}`)
	write(t, dir, "c.json", `{"tools_defs": [{"name": "c"}]}`)
	first, err := OpenFirst(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := first.Session("b.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "b.json")); err != nil {
		t.Fatal(err)
	}
	all, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := all.Adopt("b.json", s); err != nil {
		t.Fatalf("Adopt of the document shown, gone from the listing: %v", err)
	}
	if got, _ := all.Session("b.json"); got != s || !slices.Equal(all.Paths(), []string{"b.json", "c.json"}) {
		t.Errorf("Paths %v, the session adopted %v", all.Paths(), got == s)
	}
}
