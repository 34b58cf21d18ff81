package export

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// localBase is the base URL the stream body is exported with, so the
// goldens show a program that names one.
const localBase = "http://localhost:11434/v1"

// bodies returns the test bodies by name (the file name without .json).
func bodies(t testing.TB) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob("testdata/bodies/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no bodies: %v", err)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = b
	}
	return out
}

func optionsFor(name string) Options {
	if name == "stream" {
		return Options{BaseURL: localBase}
	}
	return Options{}
}

// formatNotes lays notes out one a line for a golden file.
func formatNotes(ns []formats.Note) string {
	var b strings.Builder
	for _, n := range ns {
		kind := "change"
		if n.Loss {
			kind = "loss"
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\n", n.Path, kind, n.Message)
	}
	return b.String()
}

// golden compares got with the golden file, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/export -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./internal/export -update rewrites it)\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// Every target of every body matches its golden text and notes.
func TestExportGolden(t *testing.T) {
	for name, body := range bodies(t) {
		for _, to := range Targets() {
			t.Run(name+"/"+string(to), func(t *testing.T) {
				res, err := Export(body, to, optionsFor(name))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.HasSuffix(res.Text, []byte("\n")) {
					t.Errorf("text does not end in a newline")
				}
				golden(t, name+"."+string(to)+".golden", res.Text)
				if !isJSONTarget(to) || to == Responses {
					if len(res.Notes) > 0 {
						t.Errorf("%s has notes: %v", to, res.Notes)
					}
					return
				}
				golden(t, name+"."+string(to)+".notes.golden", []byte(formatNotes(res.Notes)))
			})
		}
		t.Run(name+"/gemini-parameters", func(t *testing.T) {
			res, err := Export(body, Gemini, Options{GeminiParameters: true})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, name+".gemini-parameters.golden", res.Text)
			golden(t, name+".gemini-parameters.notes.golden", []byte(formatNotes(res.Notes)))
		})
	}
}

// jsonTargets are the targets whose text is a JSON document.
var jsonTargets = []Target{Responses, Chat, Anthropic, Gemini, MCP}

// Every JSON target writes valid JSON, and every Note's path points into
// the body: at a member, or where a missing key of an existing object
// would be.
func TestExportInvariants(t *testing.T) {
	for name, body := range bodies(t) {
		for _, to := range Targets() {
			res, err := Export(body, to, Options{})
			if err != nil {
				t.Fatalf("%s/%s: %v", name, to, err)
			}
			if isJSONTarget(to) && !json.Valid(res.Text) {
				t.Errorf("%s/%s: invalid JSON:\n%s", name, to, res.Text)
			}
			for _, n := range res.Notes {
				if !pathInBody(body, n.Path) {
					t.Errorf("%s/%s: note path %q is not in the body (%s)", name, to, n.Path, n.Message)
				}
			}
		}
	}
}

func isJSONTarget(to Target) bool {
	for _, t := range jsonTargets {
		if t == to {
			return true
		}
	}
	return false
}

// pathInBody reports whether path, or its parent, is a value of body.
func pathInBody(body []byte, path string) bool {
	if path == "" {
		return true
	}
	if _, exact, ok := rawjson.LocatePointer(body, path); ok && exact {
		return true
	}
	parent := path[:strings.LastIndex(path, "/")]
	if parent == "" {
		return true
	}
	_, exact, ok := rawjson.LocatePointer(body, parent)
	return ok && exact
}

// The responses target is the body itself, indented.
func TestResponsesIsTheBody(t *testing.T) {
	body := []byte(`{"model":"m","tools":[{"type":"web_search"}],"x":[1,2.50,{}]}`)
	res, err := Export(body, Responses, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	_ = json.Indent(&want, body, "", "  ")
	want.WriteByte('\n')
	if !bytes.Equal(res.Text, want.Bytes()) || len(res.Notes) != 0 {
		t.Fatalf("got\n%s\nnotes %v", res.Text, res.Notes)
	}
}

// Only a body that is not a JSON object is an error.
func TestExportErrors(t *testing.T) {
	for _, body := range []string{``, `[]`, `"x"`, `{"a":`, `null`} {
		for _, to := range Targets() {
			if _, err := Export([]byte(body), to, Options{}); err == nil {
				t.Errorf("%s of %q: no error", to, body)
			}
		}
	}
	for _, to := range Targets() {
		if _, err := Export([]byte(`{}`), to, Options{}); err != nil {
			t.Errorf("%s of {}: %v", to, err)
		}
	}
	if _, err := Export([]byte(`{}`), "yaml", Options{}); err == nil || !strings.Contains(err.Error(), "typescript") {
		t.Errorf("unknown target: %v", err)
	}
}

func TestParseTarget(t *testing.T) {
	for _, to := range Targets() {
		if got, err := ParseTarget(" " + strings.ToUpper(string(to)) + " "); err != nil || got != to {
			t.Errorf("ParseTarget(%q) = %q, %v", to, got, err)
		}
	}
	_, err := ParseTarget("claude")
	if err == nil || !strings.Contains(err.Error(), "responses, chat, anthropic, gemini, mcp, curl, python, typescript, go") {
		t.Errorf("error does not list the names: %v", err)
	}
	if got := Targets(); len(got) != 9 || got[0] != Responses || got[8] != Go {
		t.Errorf("Targets() = %v", got)
	}
}

// The Anthropic export names an OpenAI model with a warning; Options.Model
// names another in the Chat, Anthropic and Gemini exports, with a note,
// and leaves the programs' request as it is.
func TestExportModel(t *testing.T) {
	body := []byte(`{"model":"gpt-5","input":"hi"}`)
	res := mustExport(t, body, Anthropic)
	if !strings.Contains(formatNotes(res.Notes), "/model\tloss\tgpt-5 is an OpenAI model, which Anthropic does not serve") {
		t.Errorf("no warning on the model:\n%s", formatNotes(res.Notes))
	}
	for _, to := range []Target{Chat, Anthropic, Gemini} {
		res, err := Export(body, to, Options{Model: "claude-sonnet-4-5"})
		if err != nil {
			t.Fatal(err)
		}
		notes := formatNotes(res.Notes)
		if !strings.Contains(notes, "/model\tchange\twritten as claude-sonnet-4-5, as asked, instead of gpt-5") || strings.Contains(notes, "OpenAI model") {
			t.Errorf("%s: notes\n%s", to, notes)
		}
		text := string(res.Text)
		if to == Gemini {
			if !strings.Contains(notes, "models/claude-sonnet-4-5:generateContent") {
				t.Errorf("gemini: notes\n%s", notes)
			}
		} else if !strings.Contains(text, `"model": "claude-sonnet-4-5"`) {
			t.Errorf("%s:\n%s", to, text)
		}
	}
	for _, to := range []Target{Responses, Curl, Python, TypeScript, Go} {
		res, err := Export(body, to, Options{Model: "claude-sonnet-4-5"})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(res.Text), "claude") || len(res.Notes) > 0 {
			t.Errorf("%s names the model asked for:\n%s", to, res.Text)
		}
	}
}

// A Chat Completions request's web_search_options, read as a web_search
// tool, is written back as the same web_search_options; what the tool
// holds beyond them is named.
func TestChatWebSearchOptionsRoundTrip(t *testing.T) {
	opts := `{"search_context_size":"low","user_location":{"type":"approximate","approximate":{"city":"Paris","country":"FR","region":"IDF","timezone":"Europe/Paris"}}}`
	chat := []byte(`{"model":"gpt-4o-search-preview","messages":[{"role":"user","content":"News?"}],"web_search_options":` + opts + `}`)
	im, err := formats.Import(chat)
	if err != nil {
		t.Fatal(err)
	}
	res := mustExport(t, im.Body, Chat)
	var out struct {
		WebSearchOptions json.RawMessage `json:"web_search_options"`
	}
	if err := json.Unmarshal(res.Text, &out); err != nil {
		t.Fatal(err)
	}
	if got := string(compact(out.WebSearchOptions)); got != opts {
		t.Errorf("web_search_options came back as\n%s\nwant\n%s\n(the Responses body was %s)", got, opts, im.Body)
	}

	body := []byte(`{"model":"gpt-5","input":"News?","tools":[{"type":"web_search_preview","search_context_size":"high","search_content_types":["text"],` +
		`"user_location":{"type":"approximate","city":"Oslo","country":"NO"}},{"type":"web_search"}]}`)
	res = mustExport(t, body, Chat)
	if want := `"web_search_options":{"search_context_size":"high","user_location":{"type":"approximate","approximate":{"city":"Oslo","country":"NO"}}}`; !strings.Contains(string(compact(res.Text)), want) {
		t.Errorf("got\n%s\nwant %s", res.Text, want)
	}
	notes := formatNotes(res.Notes)
	for _, want := range []string{
		"/tools/0/type\tloss\tweb_search_preview is written as web_search_options, which reads back as web_search: the model no longer chooses when to search",
		"/tools/0/search_content_types\tloss\t",
		"/tools/1\tloss\ta second web search tool",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("no %q in\n%s", want, notes)
		}
	}
}
