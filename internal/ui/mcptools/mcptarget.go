package mcptools

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/tooltui/tooltui/internal/mcpclient"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// noMCPServer is why a row has no tools to list.
const noMCPServer = "only an mcp tool with a server_url has tools to list"

// allowedForm is how an entry writes allowed_tools.
type allowedForm int

const (
	allowedAbsent allowedForm = iota // absent or null: every tool is allowed
	AllowedList                      // ["a", "b"]
	allowedFilter                    // {"tool_names": [...], "read_only": ...}
)

// AllowedTools is an entry's allowed_tools as read.
type AllowedTools struct {
	Form  allowedForm
	Names []string // the list, or the filter's tool_names
	// HasNames: the filter has tool_names (a list always has names).
	HasNames bool
	// readOnly is the filter's read_only as written ("" when absent).
	readOnly string
}

// path is where the names go: allowed_tools, or its filter's tool_names.
func (al AllowedTools) path() []string {
	if al.Form == allowedFilter {
		return []string{"allowed_tools", "tool_names"}
	}
	return []string{"allowed_tools"}
}

// McpTarget is the mcp entry whose server's tools are listed.
type McpTarget struct {
	kind    model.Kind
	index   int
	raw     json.RawMessage // the entry when the listing started
	Label   string          // server_label, sanitised; the URL without one
	Srv     mcpclient.Server
	Allowed AllowedTools
}

// needMCPServer says why row at of d has no server to list.
func NeedServer(d *model.Document, at kit.Sel) string {
	_, why := mcpTargetOf(d, at)
	return why
}

// mcpTargetOf reads the selected mcp entry: the server to ask (URL,
// headers, authorization) and its allowed_tools; or it says why the row
// has no tools to list.
func mcpTargetOf(d *model.Document, at kit.Sel) (McpTarget, string) {
	if at.Request {
		return McpTarget{}, kit.Capitalize(noMCPServer) + ": select one in the tools pane (the request row is selected)"
	}
	list := d.List(at.Kind)
	if at.Index < 0 || at.Index >= len(list) {
		return McpTarget{}, kit.Capitalize(noMCPServer)
	}
	raw := list[at.Index].Raw
	if rawjson.JSONKind(raw) != "object" || rawjson.CheckJSON(raw) != nil {
		return McpTarget{}, "This entry is not a valid JSON object yet; " + noMCPServer
	}
	typ := model.StringAt(raw, []string{"type"})
	if typ != "mcp" {
		what := "a function"
		switch {
		case at.Kind == model.Function:
		case typ == "":
			what = "a built-in tool without a type"
		default:
			what = "a " + typ + " tool"
		}
		return McpTarget{}, kit.Capitalize(noMCPServer) + " (this is " + what + ")"
	}
	get := func(k ...string) (json.RawMessage, bool) {
		v, ok := model.GetPath(raw, k)
		if !ok || rawjson.JSONKind(v) == "null" {
			return nil, false
		}
		return v, true
	}
	u, ok := get("server_url")
	if !ok {
		_, connector := get("connector_id")
		_, tunnel := get("tunnel_id")
		switch {
		case connector:
			return McpTarget{}, "A connector (connector_id) cannot be listed from here: " + noMCPServer
		case tunnel:
			return McpTarget{}, "A tunnel (tunnel_id) cannot be listed from here: " + noMCPServer
		}
		return McpTarget{}, "This mcp tool has no server_url: " + noMCPServer
	}
	t := McpTarget{kind: at.Kind, index: at.Index, raw: raw}
	if rawjson.JSONKind(u) != "string" {
		return McpTarget{}, "server_url must be a string, an http or https URL, to list the server's tools"
	}
	t.Srv.URL = model.StringAt(raw, []string{"server_url"})
	if p, err := url.Parse(t.Srv.URL); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return McpTarget{}, "server_url must be an http or https URL to list the server's tools, not " + termtext.Quote(t.Srv.URL)
	}
	if v, ok := get("headers"); ok {
		if rawjson.JSONKind(v) != "object" {
			return McpTarget{}, "headers must be an object of strings to be sent to the server"
		}
		t.Srv.Headers = map[string]string{}
		for _, m := range rawjson.Members(v) {
			s, ok := rawjson.Unquote(bytes.TrimSpace(m.Value))
			if !ok {
				return McpTarget{}, "Header " + termtext.Quote(m.Key) + " must be a string to be sent to the server"
			}
			t.Srv.Headers[m.Key] = s
		}
	}
	if v, ok := get("authorization"); ok {
		tok, isStr := rawjson.Unquote(bytes.TrimSpace(v))
		if !isStr {
			return McpTarget{}, "authorization must be a string (the token sent as Authorization: Bearer …)"
		}
		if tok != "" && !hasHeader(t.Srv.Headers, "Authorization") {
			if t.Srv.Headers == nil {
				t.Srv.Headers = map[string]string{}
			}
			t.Srv.Headers["Authorization"] = "Bearer " + tok
		}
	}
	al, why := readAllowedTools(raw)
	if why != "" {
		return McpTarget{}, why
	}
	t.Allowed = al
	t.Label = termtext.SanitizeLine(model.StringAt(raw, []string{"server_label"}))
	if t.Label == "" {
		t.Label = termtext.SanitizeLine(t.Srv.URL)
	}
	return t, ""
}

// hasHeader reports whether hs has a header named name, in any case.
func hasHeader(hs map[string]string, name string) bool {
	for k := range hs {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// readAllowedTools reads allowed_tools: a list of names, a filter object
// or nothing; anything else is refused, since applying would replace it.
func readAllowedTools(raw json.RawMessage) (AllowedTools, string) {
	v, ok := model.GetPath(raw, []string{"allowed_tools"})
	if !ok || rawjson.JSONKind(v) == "null" {
		return AllowedTools{}, ""
	}
	names := func(v json.RawMessage, where string) ([]string, string) {
		var out []string
		for _, e := range rawjson.Elements(v) {
			s, ok := rawjson.Unquote(bytes.TrimSpace(e))
			if !ok {
				return nil, where + " holds a " + rawjson.JSONKind(e) + ", not only tool names; fix it before listing the server's tools"
			}
			out = append(out, s)
		}
		return out, ""
	}
	switch rawjson.JSONKind(v) {
	case "array":
		ns, why := names(v, "allowed_tools")
		return AllowedTools{Form: AllowedList, Names: ns, HasNames: true}, why
	case "object":
		al := AllowedTools{Form: allowedFilter}
		o := rawjson.Members(v)
		if ro, ok := o.Get("read_only"); ok {
			al.readOnly = string(bytes.TrimSpace(ro))
		}
		tn, ok := o.Get("tool_names")
		if !ok || rawjson.JSONKind(tn) == "null" {
			return al, ""
		}
		if rawjson.JSONKind(tn) != "array" {
			return AllowedTools{}, "allowed_tools.tool_names must be a list of names; fix it before listing the server's tools"
		}
		var why string
		al.Names, why = names(tn, "allowed_tools.tool_names")
		al.HasNames = true
		return al, why
	}
	return AllowedTools{}, `allowed_tools must be a list of names or a {"tool_names": […]} filter; fix it before listing the server's tools`
}
