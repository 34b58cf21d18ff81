package formats

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/import")

// fixtures are the provider documentation examples under testdata/import
// (see the README there), each read as the format its name starts with.
func fixtures(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/import/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	return files
}

func fixtureFormat(file string) Name {
	return Name(strings.SplitN(filepath.Base(file), "_", 2)[0])
}

// golden lays an import out for review: the format, the notes, the body.
func golden(im Imported) string {
	return "from: " + string(im.From) + "\nnotes:\n" + noteList(im.Notes) + "body:\n" + string(im.Body)
}

func TestImportFixtures(t *testing.T) {
	for _, file := range fixtures(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			im, err := Import(in)
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if want := fixtureFormat(file); im.From != want {
				t.Fatalf("From = %s, want %s", im.From, want)
			}
			checkImported(t, in, im)
			goldenFile := strings.TrimSuffix(file, ".json") + ".golden"
			got := golden(im)
			if *update {
				if err := os.WriteFile(goldenFile, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenFile)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/formats -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs (go test ./internal/formats -update rewrites it):\n%s", goldenFile, got)
			}
		})
	}
}

// Every imported documentation example is a body the document model reads
// and the converter builds a request from without leaving anything out.
func TestImportFixturesConvert(t *testing.T) {
	for _, file := range fixtures(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			im, err := Import(in)
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			doc, err := model.Parse(im.Body)
			if err != nil {
				t.Fatalf("model.Parse: %v\n%s", err, im.Body)
			}
			if doc.Format != model.FormatBody {
				t.Errorf("model.Parse reads the body as a document, not a body")
			}
			tools, _ := lookup(im.Body, "/tools")
			if got, want := len(doc.Functions)+len(doc.Builtins), len(rawjson.Elements(tools)); got != want {
				t.Errorf("model.Parse found %d tools, the body has %d", got, want)
			}
			_, diags := convert.Convert(doc)
			for _, d := range diags {
				if d.Severity == convert.Error {
					t.Errorf("converter error: %s\n%s", d, im.Body)
				}
			}
		})
	}
}

func TestImportNotJSON(t *testing.T) {
	for _, in := range []string{"", "{", `{"tools": [}`, "\xef\xbb\xbf[1,", "nul"} {
		if _, err := Import([]byte(in)); err == nil || !strings.HasPrefix(err.Error(), "not JSON: line ") {
			t.Errorf("Import(%q) error = %v, want a located syntax error", in, err)
		}
	}
}

func TestImportErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"model":"gpt-4.1","messages":[],"tools":{"type":"function"}}`, "Chat Completions: /tools must be an array of tools, got object"},
		{`{"max_tokens":10,"system":"x","messages":[],"tools":"web_search"}`, "Anthropic Messages: /tools must be an array of tools, got string"},
		{`{"contents":[],"tools":{"functionDeclarations":[]}}`, "Gemini: /tools must be an array of tools, got object"},
		{`{"functionDeclarations":{"name":"f"}}`, "Gemini: /functionDeclarations must be an array of function declarations, got object"},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`, "MCP tools/list: /error: the server answered the request with error -32601: Method not found, not a tools/list result"},
		{`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`, "MCP tools/list: no tools array at /result/tools: not a tools/list result"},
		{`{"jsonrpc":"2.0","id":1,"result":[]}`, "MCP tools/list: /result must be an object (a tools/list result), got array"},
		{`{"jsonrpc":"2.0","id":1,"result":{"tools":{}}}`, "MCP tools/list: /result/tools must be an array of tools, got object"},
	}
	for _, c := range cases {
		_, err := Import([]byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("Import(%s)\nerror = %v\nwant    %s", c.in, err, c.want)
		}
	}
}

// Input that is ours, or that is not recognised, comes back byte for byte.
func TestImportResponsesUnchanged(t *testing.T) {
	for _, in := range []string{
		`{"model":"gpt-5","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{}}}]}`,
		"{\n  \"tools_defs\": [],\n  \"extra\": {\"builtin_tools\": []}\n}\n",
		`[{"type":"function","name":"f"},{"type":"web_search"}]`,
		`42`, `"text"`, `[]`, `{}`, "\xef\xbb\xbf{\"input\":\"hi\"}",
	} {
		im, err := Import([]byte(in))
		if err != nil || im.From != Responses || string(im.Body) != in || im.Notes != nil {
			t.Errorf("Import(%q) = %s %q %v, %v; want it unchanged", in, im.From, im.Body, im.Notes, err)
		}
	}
}
