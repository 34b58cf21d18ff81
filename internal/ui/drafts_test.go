package ui

// What the user types in a form's JSON fields is never lost: text that
// cannot be applied yet is kept as a draft (saved with the file), the form
// shows it when rebuilt, and the converter's diagnostics about it sit under
// the field.

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/ui/form"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

const draftsDoc = `{"model": "gpt-5", "reasoning": {"effort": "low"}, "input": "hi",
	"tools_defs": [{"name": "f", "parameters": {"type": "object"}}],
	"text": {"verbosity": "low"},
	"extra": {"builtin_tools": [{"type": "file_search", "vector_store_ids": ["vs_1"], "filters": {"type": "eq", "key": "k", "value": "v"}}], "store": false},
	"metadata": {"a": "b"}}`

var fileSearch0 = kit.Sel{Kind: model.Builtin, Index: 0}

// setField types text into field id of the form as one edit and applies it.
func setField(t *testing.T, s *kit.Session, e *kit.Env, p *form.Pane, id, text string) *form.Field {
	t.Helper()
	i := p.FieldIndex(id)
	if i < 0 {
		t.Fatalf("no field %q in %v", id, fieldIDs(p))
	}
	f := p.Fields[i]
	f.Ed.SetValue(text)
	s.BreakGroup()
	for _, a := range actsOf[kit.ActEdit](p.Changed(f, e)) {
		if err := s.Apply(a.Group, e.At, a.Fn); err != nil {
			t.Fatalf("applying %q to %s: %v", text, id, err)
		}
	}
	p.Attach(s.Result().Diagnostics, e.At)
	return f
}

// rebuilt is a fresh form of the session's document, as after selecting
// another row and back, an undo or a reload.
func rebuilt(t *testing.T, s *kit.Session, at kit.Sel) form.Pane {
	t.Helper()
	e := unitEnv(s, at)
	var p form.Pane
	p.SetSize(60, 30)
	p.Build(e)
	p.Attach(s.Result().Diagnostics, at)
	return p
}

func fieldByID(t *testing.T, p *form.Pane, id string) *form.Field {
	t.Helper()
	i := p.FieldIndex(id)
	if i < 0 {
		t.Fatalf("no field %q in %v", id, fieldIDs(p))
	}
	return p.Fields[i]
}

// formAgain is field id of d's form on row at, rebuilt in a new session
// ("rebuilt") and after the document is saved and parsed again
// ("reloaded").
func formAgain(t *testing.T, d *model.Document, at kit.Sel, id string) map[string]*form.Field {
	t.Helper()
	out := map[string]*form.Field{}
	for name, doc := range map[string]*model.Document{"rebuilt": d, "reloaded": reload(t, d)} {
		p := rebuilt(t, kit.NewSession(doc, "", "x"), at)
		out[name] = fieldByID(t, &p, id)
	}
	return out
}

// reload saves and parses the document again.
func reload(t *testing.T, d *model.Document) *model.Document {
	t.Helper()
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	nd, err := model.Parse(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return nd
}

func TestFiltersDraftIsKeptShownSavedAndDropped(t *testing.T) {
	s, e, p := formFixture(t, parseDoc(t, draftsDoc), fileSearch0, 60, 30)
	lastValid := string(s.Doc().Builtins[0].Raw)
	const broken = "{\"type\": \"eq\",\n  \"key\": "
	f := setField(t, s, e, &p, "filters", broken)
	if !s.Dirty() {
		t.Fatal("invalid filters left the document clean")
	}
	tool := s.Doc().Builtins[0]
	if tool.Draft == nil || *tool.Draft != broken || tool.DraftMember() != "filters" {
		t.Fatalf("no filters draft: %+v", tool)
	}
	if string(tool.Raw) != lastValid {
		t.Fatalf("the entry lost its last valid filters: %s", tool.Raw)
	}
	if !strings.HasPrefix(f.Err, "not valid JSON") || !strings.Contains(f.Diag, "not valid JSON") {
		t.Fatalf("field err %q diag %q", f.Err, f.Diag)
	}
	// Rebuilt, after a reload too, the form shows the draft and its error.
	for name, g := range formAgain(t, s.Doc(), fileSearch0, "filters") {
		if g.Ed.Value() != broken || !strings.HasPrefix(g.Err, "not valid JSON") {
			t.Fatalf("%s: filters %q err %q", name, g.Ed.Value(), g.Err)
		}
	}
	// Valid filters apply and drop the draft.
	setField(t, s, e, &p, "filters", `{"type": "eq", "key": "lang", "value": "en"}`)
	tool = s.Doc().Builtins[0]
	if tool.Draft != nil || model.StringAt(tool.Raw, []string{"filters", "key"}) != "lang" {
		t.Fatalf("valid filters: draft %v raw %s", tool.Draft, tool.Raw)
	}
	// A draft again, then an empty field: the member and the draft go.
	setField(t, s, e, &p, "filters", "{")
	setField(t, s, e, &p, "filters", "  ")
	tool = s.Doc().Builtins[0]
	if _, has := model.GetPath(tool.Raw, []string{"filters"}); has || tool.Draft != nil {
		t.Fatalf("empty filters: draft %v raw %s", tool.Draft, tool.Raw)
	}
	// Undo brings back the draft, and the form shows it.
	if _, ok := s.Undo(false, fileSearch0); !ok {
		t.Fatal("nothing to undo")
	}
	p2 := rebuilt(t, s, fileSearch0)
	if g := fieldByID(t, &p2, "filters"); g.Ed.Value() != "{" {
		t.Fatalf("after undo the filters show %q", g.Ed.Value())
	}
}

func TestInputDraft(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		draft      bool   // kept as a draft; input keeps "hi"
		want       string // the stored input otherwise ("" absent)
		err, diag  string
	}{
		{name: "text", text: "hello", want: `"hello"`},
		{name: "text with brackets inside", text: "say [hi] {now}", want: `"say [hi] {now}"`},
		{name: "a valid array", text: ` [{"role": "user", "content": "hi"}] `, want: `[{"role": "user", "content": "hi"}]`},
		{name: "an unfinished array", text: `[{"role": "user",`, draft: true, err: "not valid JSON", diag: "not valid JSON"},
		{name: "an unfinished object", text: `{"role"`, draft: true, err: "not valid JSON", diag: "not valid JSON"},
		{name: "a valid object", text: `{"role": "user", "content": "hi"}`, draft: true,
			err: "must be text or a JSON array of input items", diag: "must be text or a JSON array of input items, not a JSON object"},
		{name: "empty", text: "", want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, e, p := formFixture(t, parseDoc(t, draftsDoc), kit.RequestSel, 60, 30)
			f := setField(t, s, e, &p, "input", tc.text)
			if !s.Dirty() {
				t.Fatal("the document is clean")
			}
			got, has := s.Doc().Fields.Get("input")
			draft, hasDraft := s.Doc().RequestDrafts["input"]
			if tc.draft {
				if !hasDraft || draft != tc.text || string(got) != `"hi"` {
					t.Fatalf("draft %q (%v), input %s", draft, hasDraft, got)
				}
				if !strings.Contains(f.Err, tc.err) || !strings.Contains(f.Diag, tc.diag) {
					t.Fatalf("field err %q diag %q", f.Err, f.Diag)
				}
				for name, g := range formAgain(t, s.Doc(), kit.RequestSel, "input") {
					if g.Ed.Value() != tc.text || !strings.Contains(g.Err, tc.err) || !strings.Contains(g.Diag, tc.diag) {
						t.Fatalf("%s: input %q err %q diag %q", name, g.Ed.Value(), g.Err, g.Diag)
					}
				}
				// Text again drops the draft.
				setField(t, s, e, &p, "input", "plain")
				if _, ok := s.Doc().RequestDrafts["input"]; ok || form.RawText(mustGet(t, s.Doc(), "input")) != "plain" {
					t.Fatalf("text after a draft: drafts %v input %s", s.Doc().RequestDrafts, mustGet(t, s.Doc(), "input"))
				}
				return
			}
			if hasDraft || f.Err != "" {
				t.Fatalf("draft %q err %q", draft, f.Err)
			}
			if tc.want == "" {
				if has {
					t.Fatalf("input %s, want none", got)
				}
				return
			}
			if kit.CompactJSON(got) != kit.CompactJSON([]byte(tc.want)) {
				t.Fatalf("input %s, want %s", got, tc.want)
			}
		})
	}
}

func mustGet(t *testing.T, d *model.Document, key string) []byte {
	t.Helper()
	v, ok := d.Fields.Get(key)
	if !ok {
		t.Fatalf("no %s", key)
	}
	return v
}

func TestOtherRequestFieldsFieldShowsEveryOtherMember(t *testing.T) {
	s, e, p := formFixture(t, parseDoc(t, draftsDoc), kit.RequestSel, 60, 30)
	f := fieldByID(t, &p, "extra")
	if f.Label != "Other request fields (JSON object)" {
		t.Errorf("label %q", f.Label)
	}
	want := `{"reasoning":{"effort":"low"},"text":{"verbosity":"low"},"metadata":{"a":"b"},"store":false}`
	if got := kit.CompactJSON([]byte(f.Ed.Value())); got != want {
		t.Fatalf("the field shows %s, want %s", got, want)
	}
	if f.Ed.Value() != kit.PrettyJSON([]byte(want)) {
		t.Errorf("not pretty:\n%s", f.Ed.Value())
	}
	// Writing back: extra's keys stay in extra, others are top-level in
	// their place, new ones last, removed ones go.
	setField(t, s, e, &p, "extra", `{"reasoning": {"effort": "high"}, "store": true, "top_p": 0.5, "metadata": {"a": "b"}}`)
	b, err := s.Doc().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	wantDoc := `{"model":"gpt-5","reasoning":{"effort":"high"},"input":"hi","tools_defs":[{"name":"f","parameters":{"type":"object"}}],` +
		`"extra":{"builtin_tools":[{"type":"file_search","vector_store_ids":["vs_1"],"filters":{"type":"eq","key":"k","value":"v"}}],"store":true},` +
		`"metadata":{"a":"b"},"top_p":0.5}`
	if got := kit.CompactJSON(b); got != wantDoc {
		t.Fatalf("saved\n%s\nwant\n%s", got, wantDoc)
	}
	// The request carries them all.
	for _, m := range []string{`"reasoning"`, `"top_p"`, `"metadata"`, `"store": true`} {
		if !strings.Contains(string(s.Result().JSON), m) {
			t.Errorf("the request has no %s:\n%s", m, s.Result().JSON)
		}
	}
	if strings.Contains(string(s.Result().JSON), `"text"`) {
		t.Errorf("the removed text is still sent:\n%s", s.Result().JSON)
	}
}

func TestOtherRequestFieldsDraft(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		err, diag  string
	}{
		{"invalid JSON", "{\n  \"store\": true,\n  oops\n}", "not valid JSON", "not valid JSON"},
		{"not an object", `[1, 2]`, "must be a JSON object, not a JSON array", "must be a JSON object, not a JSON array"},
		{"tools", `{"tools": []}`, `"tools" cannot be set here`, `"tools" cannot be set here`},
		{"builtin_tools", `{"builtin_tools": []}`, `"builtin_tools" cannot be set here`, `"builtin_tools" cannot be set here`},
		{"tools_defs", `{"tools_defs": []}`, `"tools_defs" cannot be set here`, `"tools_defs" cannot be set here`},
		{"extra", `{"extra": {}}`, `"extra" cannot be set here`, `"extra" cannot be set here`},
		{"tooltui", `{"tooltui": {}}`, `"tooltui" cannot be set here`, `"tooltui" cannot be set here`},
		{"own field", `{"model": "x"}`, `"model" has a field of its own`, `"model" has a field of its own`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, e, p := formFixture(t, parseDoc(t, draftsDoc), kit.RequestSel, 60, 30)
			before := string(model.OtherRequestFields(s.Doc()).AppendJSON(nil))
			f := setField(t, s, e, &p, "extra", tc.text)
			if !s.Dirty() {
				t.Fatal("the document is clean")
			}
			if got := s.Doc().RequestDrafts["extra"]; got != tc.text {
				t.Fatalf("draft %q", got)
			}
			if got := string(model.OtherRequestFields(s.Doc()).AppendJSON(nil)); got != before {
				t.Fatalf("the fields changed to %s", got)
			}
			if !strings.Contains(f.Err, tc.err) || !strings.Contains(f.Diag, tc.diag) {
				t.Fatalf("field err %q diag %q", f.Err, f.Diag)
			}
			for name, g := range formAgain(t, s.Doc(), kit.RequestSel, "extra") {
				if g.Ed.Value() != tc.text || !strings.Contains(g.Err, tc.err) || !strings.Contains(g.Diag, tc.diag) {
					t.Fatalf("%s: field %q err %q diag %q", name, g.Ed.Value(), g.Err, g.Diag)
				}
			}
			// A valid object applies and drops the draft.
			setField(t, s, e, &p, "extra", `{"store": true}`)
			if _, ok := s.Doc().RequestDrafts["extra"]; ok || f.Err != "" {
				t.Fatalf("valid text: drafts %v err %q", s.Doc().RequestDrafts, f.Err)
			}
			if got := string(model.OtherRequestFields(s.Doc()).AppendJSON(nil)); got != `{"store":true}` {
				t.Fatalf("the fields are %s", got)
			}
		})
	}
}

// TestRequestDiagnosticsAttachToTheirFields: the converter's diagnostics
// about the input, the other request fields and a member shown in them sit
// under that field, and locating one goes to the field (and to the line and
// column of a syntax error in the text shown).
func TestRequestDiagnosticsAttachToTheirFields(t *testing.T) {
	d := parseDoc(t, `{"model": "gpt-5", "store": true, "extra": {"store": false}}`)
	d = model.SetRequestDraft(d, "input", `{"role": "user"}`)
	broken := "{\n  \"store\": true,\n  oops\n}"
	d = model.SetRequestDraft(d, "extra", broken)
	s, _, p := formFixture(t, d, kit.RequestSel, 60, 30)
	byLoc := map[string]form.Diagnostic{}
	for _, x := range s.Result().Diagnostics {
		byLoc[x.Location] = x
	}
	for loc, id := range map[string]string{"input": "input", "other request fields": "extra", "extra.store": "extra"} {
		x, ok := byLoc[loc]
		if !ok {
			t.Fatalf("no diagnostic at %q: %v", loc, s.Result().Diagnostics)
		}
		i, _ := p.FieldFor(x)
		if i < 0 || p.Fields[i].ID != id {
			t.Errorf("%s: field %d, want %s", loc, i, id)
		}
		p.Move(0)
		p.Locate(x)
		if f := p.Focused(); f.ID != id {
			t.Errorf("locating %s focused %s", loc, f.ID)
		}
	}
	if f := fieldByID(t, &p, "input"); !strings.Contains(f.Diag, "must be text or a JSON array") {
		t.Errorf("input diag %q", f.Diag)
	}
	x := byLoc["other request fields"]
	if x.Line != 3 {
		t.Fatalf("syntax error at line %d, want 3: %+v", x.Line, x)
	}
	p.Locate(x)
	f := p.Focused()
	if f.Ed.Value() != broken || f.Ed.Line() != x.Line-1 || f.Ed.Column() != x.Column-1 {
		t.Fatalf("cursor at %d:%d in %q, want %d:%d", f.Ed.Line()+1, f.Ed.Column()+1, f.Ed.Value(), x.Line, x.Column)
	}
}
