package export

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// curlData undoes the single quoting of curlCommand's -d argument.
func curlData(t *testing.T, cmd string) string {
	t.Helper()
	_, quoted, ok := strings.Cut(cmd, "\n  -d '")
	if !ok || !strings.HasSuffix(quoted, "'\n") {
		t.Fatalf("no -d argument in\n%s", cmd)
	}
	return strings.ReplaceAll(strings.TrimSuffix(quoted, "'\n"), `'\''`, "'")
}

// goBody is the body constant of a Go export, evaluated.
func goBody(t *testing.T, src string) string {
	t.Helper()
	_, rest, ok := strings.Cut(src, "\nconst body = ")
	if !ok {
		t.Fatalf("no body constant in\n%s", src)
	}
	expr, _, _ := strings.Cut(rest, "\n\nfunc main()")
	return evalGoString(t, expr)
}

// tsBody is the body template literal of a TypeScript export, evaluated.
func tsBody(t *testing.T, src string) string {
	t.Helper()
	_, rest, ok := strings.Cut(src, "\nconst body = `")
	if !ok {
		t.Fatalf("no body template in\n%s", src)
	}
	var units []uint16
	for i := 0; i < len(rest); {
		c := rest[i]
		switch {
		case c == '`':
			if !strings.HasPrefix(rest[i:], "`;\n") {
				t.Fatalf("the body template ends in %q", rest[i:min(len(rest), i+10)])
			}
			return string(utf16.Decode(units))
		case c == '\\' && i+1 < len(rest) && rest[i+1] == 'u':
			v, err := strconv.ParseUint(rest[i+2:i+6], 16, 16)
			if err != nil {
				t.Fatalf("bad escape %q", rest[i:i+6])
			}
			units = append(units, uint16(v))
			i += 6
		case c == '\\' && i+1 < len(rest) && strings.ContainsRune("`\\$", rune(rest[i+1])):
			units = append(units, uint16(rest[i+1]))
			i += 2
		case c == '\\' || c == '$' && strings.HasPrefix(rest[i:], "${"):
			t.Fatalf("an escape or substitution the export does not write: %q", rest[i:min(len(rest), i+6)])
		default:
			r, size := utf8.DecodeRuneInString(rest[i:])
			units = utf16.AppendRune(units, r)
			i += size
		}
	}
	t.Fatalf("the body template does not end")
	return ""
}

// pyBodyValue is the body of a Python export (see pyBody), evaluated.
func pyBodyValue(t *testing.T, src string) string {
	t.Helper()
	_, rest, ok := strings.Cut(src, "\nbody = ")
	if !ok {
		t.Fatalf("no body in\n%s", src)
	}
	var out strings.Builder
	one := func(rest string) string { // one string literal; what follows it
		if raw, ok := strings.CutPrefix(rest, `r"""`); ok {
			text, after, ok := strings.Cut(raw, `"""`)
			if !ok {
				t.Fatalf("a raw string does not end: %q", raw)
			}
			out.WriteString(text)
			return after
		}
		if !strings.HasPrefix(rest, `"`) {
			t.Fatalf("not a string: %q", rest[:min(len(rest), 20)])
		}
		for i := 1; i < len(rest); {
			switch c := rest[i]; {
			case c == '"':
				return rest[i+1:]
			case c == '\\':
				n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[rest[i+1]]
				if n == 0 {
					out.WriteByte(map[byte]byte{'\\': '\\', '"': '"', 'n': '\n', 'r': '\r', 't': '\t'}[rest[i+1]])
					i += 2
					continue
				}
				v, err := strconv.ParseUint(rest[i+2:i+2+n], 16, 32)
				if err != nil {
					t.Fatalf("bad escape %q", rest[i:i+2+n])
				}
				out.WriteRune(rune(v))
				i += 2 + n
			default:
				out.WriteByte(c)
				i++
			}
		}
		t.Fatalf("a string does not end: %q", rest)
		return ""
	}
	if parts, ok := strings.CutPrefix(rest, "(\n"); ok {
		for {
			parts = strings.TrimLeft(parts, " ")
			if strings.HasPrefix(parts, ")\n") {
				return out.String()
			}
			parts = strings.TrimPrefix(one(parts), "\n")
		}
	}
	one(rest)
	return out.String()
}

// FuzzExport: no JSON object (in UTF-8, as JSON must be) makes an export
// fail or panic; the JSON targets write valid JSON, the curl command hands
// curl the body as it is, and the Go program's constant and the TypeScript
// program's body template are the body, byte for byte; and an export to a
// format tooltui reads that reads back as that format exports again to the
// same text (checkStable).
// edgeParameters are function parameters of the shapes real MCP servers
// send that the Responses API refuses whatever strict says.
var edgeParameters = []string{
	`{"type":"object"}`,
	`{"$schema":"http://json-schema.org/draft-07/schema#"}`,
	`{}`,
	`{"properties":{"q":{"type":"string"}}}`,
	`{"type":"object","properties":{"q":{"$ref":"#/$defs/nope"}}}`,
}

func FuzzExport(f *testing.F) {
	for _, b := range bodies(f) {
		f.Add(b)
	}
	f.Add([]byte(`{"tools":[{"type":"function","parameters":{"$ref":"#","type":["null"],"items":[]}}],"tool_choice":{"type":"allowed_tools"}}`))
	f.Add([]byte(`{"input":[{"role":"user","content":[{"type":"input_text","text":"` + "`'\\u2028\\ufeff" + `"}]}],"text":{"format":{"type":"json_schema"}}}`))
	// Parameters real MCP servers send that the API refuses: an object
	// without properties, a root without a type, {"$schema": …} alone, an
	// empty schema, a $ref to nowhere.
	for _, params := range edgeParameters {
		f.Add([]byte(`{"model":"gpt-5","tools":[{"type":"function","name":"f","parameters":` + params + `}]}`))
	}
	f.Add([]byte(`{"tools":[{"type":"function","name":"f","strict":false,"parameters":{"type":"Object","properties":{"a":{"type":["NULL","TYPE_UNSPECIFIED","Array"],"maxItems":5},"b":{"anyOf":[{"type":"Null"},{"type":"string"}]},"c":{"type":"TYPE_UNSPECIFIED"}}}}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		if !json.Valid(body) || !utf8.Valid(body) || !bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("{")) {
			return
		}
		for _, to := range Targets() {
			res, err := Export(body, to, Options{})
			if err != nil {
				t.Fatalf("%s: %v", to, err)
			}
			if !bytes.HasSuffix(res.Text, []byte("\n")) {
				t.Fatalf("%s: text does not end in a newline", to)
			}
			if isJSONTarget(to) && !json.Valid(res.Text) {
				t.Fatalf("%s: invalid JSON\n%s", to, res.Text)
			}
			switch to {
			case Curl:
				if got := curlData(t, string(res.Text)); got != strings.TrimRight(string(body), "\n") {
					t.Fatalf("curl -d is\n%q\nwant\n%q", got, body)
				}
			case Go:
				if !strings.Contains(string(res.Text), "\nconst body = ") {
					if _, why := goParams(body, uniq(rawjson.Members(body))); why != "" {
						t.Fatalf("the Go program sends typed parameters, which change the request (%s):\n%s", why, res.Text)
					}
					break
				}
				want := strings.TrimSuffix(string(indent(body)), "\n")
				if got := goBody(t, string(res.Text)); got != want {
					t.Fatalf("Go body is\n%q\nwant\n%q", got, want)
				}
			case TypeScript:
				if !strings.Contains(string(res.Text), "\nconst body = `") {
					if respelled(body, javascriptLang) != "" {
						t.Fatalf("the TypeScript program sends an object, which changes the request:\n%s", res.Text)
					}
					break
				}
				want := strings.TrimSuffix(string(indent(body)), "\n")
				if got := tsBody(t, string(res.Text)); got != want {
					t.Fatalf("TypeScript body is\n%q\nwant\n%q", got, want)
				}
			case Python:
				if !strings.Contains(string(res.Text), "\nbody = ") {
					if respelled(body, pythonLang) != "" {
						t.Fatalf("the Python program sends a dict, which changes the request:\n%s", res.Text)
					}
					break
				}
				want := strings.TrimSuffix(string(indent(body)), "\n")
				if got := pyBodyValue(t, string(res.Text)); got != want {
					t.Fatalf("Python body is\n%q\nwant\n%q", got, want)
				}
			}
		}
		for _, to := range roundTargets {
			reimport(t, body, to)
		}
	})
}

// reimport exports body to to and, when the text reads back as that
// format, checks that exporting what came back gives the same text
// (checkStable).
func reimport(t *testing.T, body []byte, to Target) {
	t.Helper()
	first := mustExport(t, body, to)
	im, err := formats.Import(first.Text)
	if err != nil {
		t.Fatalf("importing the %s export: %v\n%s", to, err, first.Text)
	}
	if im.From != formatOf(to) {
		return // read as another format: what Detect decides, not a trip
	}
	checkStable(t, first.Text, im, to)
	if t.Failed() {
		t.FailNow()
	}
}

// FuzzImportExport: no input makes Import panic, and a body translated
// from any format, exported to each format tooltui reads and imported
// again, exports to the same text (checkStable): an imported document's
// exports are stable.
func FuzzImportExport(f *testing.F) {
	files, _ := filepath.Glob("../formats/testdata/import/*.json")
	for _, file := range files {
		in, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(in)
	}
	// The same shapes as an MCP tools/list result, and an inputSchema
	// that is null or missing.
	for _, params := range append(edgeParameters, `null`) {
		f.Add([]byte(`{"tools":[{"name":"t","inputSchema":` + params + `}]}`))
	}
	f.Add([]byte(`{"tools":[{"name":"t"}]}`))
	for _, b := range bodies(f) {
		for _, to := range roundTargets {
			res, err := exportAs(b, to)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(res.Text)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		im, err := formats.Import(in)
		if err != nil || im.From == formats.Responses {
			return
		}
		for _, to := range roundTargets {
			reimport(t, im.Body, to)
		}
	})
}
