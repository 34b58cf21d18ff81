package importer

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

const (
	applyTarget = `{"model":"gpt-5","tools_defs":[` +
		`{"name":"get_weather","description":"old","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true},` +
		`{"name":"keep_me","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}],` +
		`"extra":{"builtin_tools":[{"type":"web_search"}]},"tool_choice":{"type":"function","name":"get_weather"}}`
	applyIncoming = `{"tools_defs":[` +
		`{"name":"get_weather","description":"new","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false},"strict":true},` +
		`{"name":"search","parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true}],` +
		`"extra":{"builtin_tools":[{"type":"custom","name":"keep_me","description":"free text"},{"type":"file_search","vector_store_ids":["vs_1"]}]}}`
)

// errorsOf are the error diagnostics of d, as text.
func errorsOf(d *model.Document) map[string]bool {
	_, diags := convert.Convert(d)
	out := map[string]bool{}
	for _, dg := range diags {
		if dg.Severity == convert.Error {
			out[dg.String()] = true
		}
	}
	return out
}

func TestApplyEachDecision(t *testing.T) {
	srv := &model.MCPServer{Command: []string{"npx", "-y", "weather-mcp"}}
	for _, c := range []struct {
		decide  Clash
		names   string // the functions, then the built-ins' names or types
		summary string
	}{
		{ClashReplace, "get_weather search web_search keep_me file_search", "added 2 functions and 2 built-ins (replaced 2)"},
		{ClashRename, "get_weather keep_me get_weather_2 search web_search keep_me_2 file_search",
			"added 2 functions and 2 built-ins (renamed get_weather -> get_weather_2, keep_me -> keep_me_2)"},
		{ClashSkip, "get_weather keep_me search web_search file_search", "added 1 function and 1 built-in (skipped get_weather, keep_me)"},
	} {
		t.Run(c.decide.String(), func(t *testing.T) {
			target, in := doc(t, applyTarget), doc(t, applyIncoming)
			before, _ := target.Marshal()
			a, err := Apply(target, in, Choices{Clashes: map[string]Clash{"get_weather": c.decide, "keep_me": c.decide}, Server: srv})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(names(a.Doc), " "); got != c.names {
				t.Errorf("tools %s, want %s", got, c.names)
			}
			if got := a.Summary(); got != c.summary {
				t.Errorf("summary %q, want %q", got, c.summary)
			}
			// One change: a new document; the target and the input as they were.
			if after, _ := target.Marshal(); string(after) != string(before) || a.Doc == target {
				t.Error("Apply changed the target")
			}
			if len(in.Functions) != 2 || in.Functions[0].Server != "" || model.StringAt(in.Functions[0].Raw, []string{"name"}) != "get_weather" {
				t.Error("Apply changed the input")
			}
			// No error the target did not have.
			old := errorsOf(target)
			for e := range errorsOf(a.Doc) {
				if !old[e] {
					t.Errorf("new error: %s", e)
				}
			}
			// The server and each of its functions' origins are recorded,
			// under the server's tool name.
			if a.Server != "weather" || a.Doc.MCPServers["weather"].Describe() != "npx -y weather-mcp" {
				t.Errorf("server %q: %v", a.Server, a.Doc.MCPServers)
			}
			for p := range a.Fresh {
				tool := a.Doc.List(p.Kind)[p.Index]
				name := ToolName(p.Kind, tool.Raw)
				if p.Kind != model.Function {
					continue
				}
				want := strings.TrimSuffix(name, "_2")
				if tool.Origin != model.OriginMCP || tool.Server != "weather" || tool.ServerTool != want {
					t.Errorf("%s: origin %q, server %q, tool %q", name, tool.Origin, tool.Server, tool.ServerTool)
				}
			}
			out, err := a.Doc.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if c.decide == ClashRename && !strings.Contains(string(out), `"tools_defs[2]":"mcp:weather:get_weather"`) {
				t.Errorf("the renamed function's origin is not saved:\n%s", out)
			}
		})
	}
}

// TestApplyMixedDecisions: each name its own decision; what nothing
// decides takes OnClash.
func TestApplyMixedDecisions(t *testing.T) {
	a, err := Apply(doc(t, applyTarget), doc(t, applyIncoming), Choices{Clashes: map[string]Clash{"keep_me": ClashSkip}, OnClash: ClashRename})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Summary(); got != "added 2 functions and 1 built-in (renamed get_weather -> get_weather_2; skipped keep_me)" {
		t.Error(got)
	}
	if len(a.Clashes) != 0 || len(a.Renamed) != 1 || len(a.In.Builtins) != 1 {
		t.Errorf("clashes %v, renamed %v, %d built-ins in", a.Clashes, a.Renamed, len(a.In.Builtins))
	}
}

func TestApplyUndecided(t *testing.T) {
	target := doc(t, applyTarget)
	a, err := Apply(target, doc(t, applyIncoming), Choices{Clashes: map[string]Clash{"keep_me": ClashReplace}})
	var ce *ClashesError
	if a != nil || !errors.As(err, &ce) || len(ce.Names) != 1 || ce.Names[0] != "get_weather" {
		t.Fatalf("%v, %v", a, err)
	}
	if err.Error() != `no decision (replace, rename or skip) for the clashing name "get_weather"` {
		t.Error(err)
	}
	// Nothing clashes: nothing to decide.
	if _, err := Apply(target, doc(t, `{"tools_defs":[{"name":"other"}]}`), Choices{}); err != nil {
		t.Error(err)
	}
}

// TestApplyRenameValid: a renamed tool's name is one the API takes, at
// most 64 characters, and free in both documents.
func TestApplyRenameValid(t *testing.T) {
	long := strings.Repeat("a", 64)
	target := doc(t, `{"tools_defs":[{"name":"`+long+`"},{"name":"x.y"},{"name":"x_y"},{"name":"dup_2"},{"name":"dup"}]}`)
	in := doc(t, `{"tools_defs":[{"name":"`+long+`"},{"name":"x.y"},{"name":"dup"},{"name":"dup_3"},{"name":"dup"}]}`)
	a, err := Apply(target, in, Choices{OnClash: ClashRename})
	if err != nil {
		t.Fatal(err)
	}
	valid := regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	seen := map[string]bool{}
	for _, n := range names(a.Doc) {
		if seen[n] {
			t.Errorf("%s twice", n)
		}
		seen[n] = true
	}
	var got []string
	for _, r := range a.Renamed {
		if !valid.MatchString(r.To) {
			t.Errorf("%s is not a valid name", r.To)
		}
		got = append(got, r.String())
	}
	want := long + " -> " + long[:62] + "_2, x.y -> x_y_2, dup -> dup_4, dup -> dup_5"
	if strings.Join(got, ", ") != want {
		t.Errorf("renamed %s\nwant    %s", strings.Join(got, ", "), want)
	}
}

func TestParseClash(t *testing.T) {
	for _, n := range ClashNames {
		c, err := ParseClash(n)
		if err != nil || c.String() != n {
			t.Errorf("%s: %v, %v", n, c, err)
		}
	}
	if _, err := ParseClash("merge"); err == nil || err.Error() != `takes replace, rename or skip, got "merge"` {
		t.Error(err)
	}
}

// TestApplyNothingIn: when every tool is skipped, the target is the
// result, and a server none of whose functions goes in is not recorded.
func TestApplyNothingIn(t *testing.T) {
	target := doc(t, applyTarget)
	in := doc(t, `{"tools_defs":[{"name":"get_weather"},{"name":"keep_me"}]}`)
	a, err := Apply(target, in, Choices{OnClash: ClashSkip, Server: &model.MCPServer{URL: "https://mcp.example.com/mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Doc != target || a.Server != "" || a.Added != [2]int{} || a.Summary() != "added nothing (skipped get_weather, keep_me)" {
		t.Errorf("doc changed %v, server %q, %s", a.Doc != target, a.Server, a.Summary())
	}
}
