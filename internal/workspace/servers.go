package workspace

import (
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
)

// Server is an MCP server that documents of the workspace record
// (tooltui.mcp_servers): the name and record of the first document that
// records it, and every document that records it the same way (the same
// command line or URL, model.MCPServer.Same), the first first.
type Server struct {
	Name  string
	Rec   model.MCPServer
	Paths []string
}

// Servers are the MCP servers the documents record, each once: the
// servers of document first (the one shown; "" for none) come first, then
// those of the others in the order of Paths, each document's by name. A
// server recorded the same way in several documents is listed at the first
// of them, and names the others in Paths.
//
// It reads the documents as the app has them (a session's document when
// it has one) and no file: a document Load has not read records nothing
// yet.
func (w *Workspace) Servers(first string) []Server {
	w.mu.Lock()
	defer w.mu.Unlock()
	order := make([]string, 0, len(w.paths))
	if _, ok := w.docs[first]; ok {
		order = append(order, first)
	}
	for _, p := range w.paths {
		if p != first {
			order = append(order, p)
		}
	}
	var out []Server
	at := map[string]int{} // a server's command line or URL → its place in out
	for _, p := range order {
		d := w.docOf(w.docs[p])
		if d == nil {
			continue
		}
		names := make([]string, 0, len(d.MCPServers))
		for n := range d.MCPServers {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			rec := d.MCPServers[n]
			k := serverKey(rec)
			if i, ok := at[k]; ok && k != "" {
				if !slices.Contains(out[i].Paths, p) {
					out[i].Paths = append(out[i].Paths, p)
				}
				continue
			}
			at[k] = len(out)
			out = append(out, Server{Name: n, Rec: rec, Paths: []string{p}})
		}
	}
	return out
}

// serverKey is what tells servers recorded the same way apart: the URL,
// or the command line ("" for a record with neither, which is never the
// same as another).
func serverKey(s model.MCPServer) string {
	if s.URL == "" && len(s.Command) == 0 {
		return ""
	}
	return s.URL + "\x00" + strings.Join(s.Command, "\x00")
}
