package workspace

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/session"
)

// serversDoc is a document that records servers (name → its JSON record).
func serversDoc(recs string) string {
	return `{"model": "gpt-5", "tools_defs": [], "tooltui": {"mcp_servers": {` + recs + `}}}`
}

func serverRows(ss []Server) []string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("%s %s %v", s.Name, s.Rec.Describe(), s.Paths))
	}
	return out
}

// TestServersAcrossDocuments: the shown document's servers first, then
// the others' in the order of the paths, each document's by name; a
// server recorded the same way (same command or URL, whatever its name
// and headers) once, at its first document, naming the others; the same
// name for another server twice; a document not read yet, or broken,
// records nothing.
func TestServersAcrossDocuments(t *testing.T) {
	w, _ := workspaceOf(t, map[string]string{
		"a.json":        serversDoc(`"fs": {"command": ["npx", "fs"]}, "docs": {"url": "https://docs.example/mcp", "headers": {"Authorization": "Bearer ${A}"}}`),
		"b/shown.json":  serversDoc(`"zeta": {"url": "https://z.example/mcp"}, "fs": {"command": ["other-fs"]}`),
		"c.json":        serversDoc(`"documents": {"url": "https://docs.example/mcp"}, "git": {"command": ["git-mcp"]}, "z2": {"url": "https://z.example/mcp"}`),
		"d.json":        `{"model": "gpt-5", "tools_defs": []}`,
		"e/broken.json": `{"tools_defs": [,]}`,
	})
	if got := w.Servers("b/shown.json"); len(got) != 0 {
		t.Fatalf("before Load: %v", serverRows(got))
	}
	if err := w.Load(); err != nil {
		t.Fatal(err)
	}
	got := serverRows(w.Servers("b/shown.json"))
	want := []string{
		"fs other-fs [b/shown.json]",
		"zeta https://z.example/mcp [b/shown.json c.json]",
		"docs https://docs.example/mcp [a.json c.json]",
		"fs npx fs [a.json]",
		"git git-mcp [c.json]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("servers\n%q\nwant\n%q", got, want)
	}
	// the record is the first document's, headers and all
	for _, s := range w.Servers("b/shown.json") {
		if s.Name == "docs" && s.Rec.Headers["Authorization"] != "Bearer ${A}" {
			t.Errorf("docs recorded as %+v", s.Rec)
		}
	}
	// no shown document: the order of the paths
	got = serverRows(w.Servers(""))
	if want := "docs https://docs.example/mcp [a.json c.json]"; len(got) != 5 || got[0] != want {
		t.Errorf("without a shown document: %q", got)
	}

	// a session's document, unsaved, is what counts
	s := mustSession(t, w, "d.json")
	d := s.Doc().Clone()
	d.MCPServers = map[string]model.MCPServer{"local": {Command: []string{"local-mcp"}}}
	s.Replace(d, session.RequestAt)
	got = serverRows(w.Servers("b/shown.json"))
	if last := got[len(got)-1]; last != "local local-mcp [d.json]" {
		t.Errorf("the unsaved session's server: %q", got)
	}
}
