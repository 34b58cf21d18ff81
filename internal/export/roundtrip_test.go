package export

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
)

// roundTargets are the targets tooltui also reads: what it writes in one
// of them imports back as a Responses body. geminiParams is Gemini with
// parameters rather than parametersJsonSchema.
var roundTargets = []Target{Chat, Anthropic, Gemini, geminiParams, MCP}

// geminiParams stands, in the tests, for the Gemini export with
// Options.GeminiParameters.
const geminiParams Target = "gemini-parameters"

// exportAs is Export to a target of the tests.
func exportAs(body []byte, to Target) (Result, error) {
	if to == geminiParams {
		return Export(body, Gemini, Options{GeminiParameters: true})
	}
	return Export(body, to, Options{})
}

// formatOf is the format a target of the tests writes.
func formatOf(to Target) formats.Name {
	if to == geminiParams {
		return formats.Gemini
	}
	return formats.Name(to)
}

// sample is a Responses body a round trip starts from.
type sample struct {
	name string
	body []byte
}

// importFixtures are the provider documentation examples of the formats
// package, by file.
func importFixtures(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../formats/testdata/import/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no import fixtures: %v", err)
	}
	return files
}

// readFile is the content of a test file.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// converted is the request the converter builds from data (any format
// tooltui opens), as the app and tooltui build --to export it.
func converted(t *testing.T, data []byte) []byte {
	t.Helper()
	doc, err := formats.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := convert.Convert(doc)
	return body
}

// roundSamples are the bodies of the export tests as written and as the
// converter lays them out, the import fixtures translated, and the
// command's test documents converted.
func roundSamples(t *testing.T) []sample {
	t.Helper()
	all := bodies(t)
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []sample
	for _, n := range names {
		out = append(out, sample{n, all[n]}, sample{n + ".converted", converted(t, all[n])})
	}
	for _, f := range importFixtures(t) {
		im, err := formats.Import(readFile(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, sample{"import." + strings.TrimSuffix(filepath.Base(f), ".json"), im.Body})
	}
	docs, _ := filepath.Glob("../../cmd/tooltui/testdata/*.json")
	for _, f := range docs {
		out = append(out, sample{"cmd." + strings.TrimSuffix(filepath.Base(f), ".json"), converted(t, readFile(t, f))})
	}
	for _, c := range corners {
		out = append(out, sample{"corner." + c.name, []byte(c.body)})
	}
	return out
}

// corners are bodies with what the other samples lack: each is a mapping
// a trip could lose or change.
var corners = []struct{ name, body string }{
	{"strict optional enum", `{"model":"gpt-5","tools":[{"type":"function","name":"order","description":"Orders.","parameters":{
	  "type":"object",
	  "properties":{
	    "size":{"anyOf":[{"type":"string","enum":["s","m"]},{"type":"null"}]},
	    "colour":{"type":["string","null"],"enum":["red","blue",null]},
	    "note":{"type":["string","null"],"description":"free text","examples":["ring twice"]}
	  },
	  "required":["size","colour","note"],"additionalProperties":false},"strict":true}]}`},
	{"parameters without properties", `{"tools":[{"type":"function","name":"a","parameters":{"type":"object"}},{"type":"function","name":"b","parameters":{"type":"object","properties":{}}},{"type":"function","name":"c","parameters":{"type":"object","properties":{},"additionalProperties":false}}]}`},
	{"stream options", `{"model":"gpt-5","input":"hi","stream":true,"stream_options":{"include_obfuscation":false},"tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false},"strict":true}]}`},
	{"web search settings", `{"model":"gpt-5","tools":[{"type":"web_search","filters":{"allowed_domains":["example.com"]},"user_location":{"type":"approximate","city":"Lyon","country":"FR","timezone":"Europe/Paris","region":"ARA"}},{"type":"function","name":"f","strict":false}],"tool_choice":{"type":"web_search"}}`},
	{"allowed built-ins only", `{"tools":[{"type":"function","name":"f"},{"type":"web_search"}],"tool_choice":{"type":"allowed_tools","mode":"required","tools":[{"type":"web_search"}]}}`},
	{"system prompts", `{"model":"gpt-5","instructions":"Be brief.","input":[{"role":"developer","content":[{"type":"input_text","text":"Use metric units."},{"type":"input_text","text":"Cite sources."}]},{"role":"user","content":[{"type":"input_text","text":"Weather?"},{"type":"input_text","text":"In Oslo."}]}],"tools":[{"type":"function","name":"f"}],"parallel_tool_calls":false,"max_output_tokens":300,"top_logprobs":3,"include":["message.output_text.logprobs"]}`},
}

// Every body exported to chat, anthropic, gemini or mcp reads back as
// that format; its tools come back as they were, except for what the
// export's notes name; and exporting what came back gives the same text.
func TestExportRoundTrip(t *testing.T) {
	for _, s := range roundSamples(t) {
		for _, to := range roundTargets {
			t.Run(s.name+"/"+string(to), func(t *testing.T) {
				roundTrip(t, s.body, to)
			})
		}
	}
}

// An import fixture translated, exported back to its own format and
// imported again gives the same Responses body, but for what the export
// names; and one more trip changes nothing.
func TestImportRoundTrip(t *testing.T) {
	for _, f := range importFixtures(t) {
		from := formats.Name(strings.SplitN(filepath.Base(f), "_", 2)[0])
		t.Run(filepath.Base(f), func(t *testing.T) {
			im, err := formats.Import(readFile(t, f))
			if err != nil || im.From != from {
				t.Fatalf("Import: %s, %v", im.From, err)
			}
			back := roundTrip(t, im.Body, Target(from))
			again, err := formats.Import(mustExport(t, back, Target(from)).Text)
			if err != nil {
				t.Fatal(err)
			}
			if again.From != formats.Responses && !bytes.Equal(again.Body, back) {
				t.Errorf("a second trip changes the body:\n%s", lineDiff(back, again.Body))
			}
		})
	}
}

func mustExport(t testing.TB, body []byte, to Target) Result {
	t.Helper()
	res, err := exportAs(body, to)
	if err != nil {
		t.Fatalf("export to %s: %v", to, err)
	}
	return res
}

// roundTrip exports body to to, imports the text, checks the three
// properties and returns the body that came back.
func roundTrip(t *testing.T, body []byte, to Target) []byte {
	t.Helper()
	first := mustExport(t, body, to)
	im, err := formats.Import(first.Text)
	if err != nil {
		t.Fatalf("importing the %s export: %v\n%s", to, err, first.Text)
	}
	// An MCP result without tools is {"tools": []}, an empty Responses
	// body too, and reads as one: both mean no tools.
	noTools := to == MCP && len(toolsOf(t, first.Text)) == 0
	// An Anthropic request of model, max_tokens and text messages has
	// nothing a Chat request could not have: an OpenAI model name there
	// makes it read as Chat, which takes every one of those fields too.
	openAIChat := to == Anthropic && len(toolsOf(t, first.Text)) == 0 && openAIModelIn(first.Text)
	if got := formats.Detect(first.Text); got != formatOf(to) && !(noTools && got == formats.Responses) && !(openAIChat && got == formats.Chat) {
		t.Errorf("the %s export is detected as %s:\n%s", to, got, first.Text)
	}
	checkCameBack(t, body, im.Body, first.Notes, to)
	checkStable(t, first.Text, im, to)
	return im.Body
}

// checkStable checks that text, an export to to, reads back (as im)
// without a loss, but for what unreadable lists, and that exporting what
// came back gives text again, without those members.
func checkStable(t testing.TB, text []byte, im formats.Imported, to Target) {
	t.Helper()
	want := text
	for _, n := range im.Notes {
		if !n.Loss {
			continue
		}
		if _, ok := unreadable[Target(formatOf(to))][n.Path]; !ok {
			t.Errorf("importing the %s export loses %s: %s\n%s", to, n.Path, n.Message, text)
			continue
		}
		want = without(want, n.Path)
	}
	again, err := exportAs(im.Body, to)
	if err != nil {
		t.Fatalf("exporting what came back to %s: %v\n%s", to, err, im.Body)
	}
	if !bytes.Equal(again.Text, want) {
		t.Errorf("exporting what came back to %s gives another text:\n%s", to, lineDiff(want, again.Text))
	}
}

// unreadable are the members an export writes that the import of its
// target leaves out, and why.
var unreadable = map[Target]map[string]string{
	Gemini: {
		// text.format becomes responseMimeType and responseJsonSchema;
		// read back, a schema without a name, which text.format needs,
		// is not turned into one.
		"/generationConfig/responseMimeType":   "text.format needs a name",
		"/generationConfig/responseJsonSchema": "text.format needs a name",
	},
}

// without is an export's text without the object member at pointer p,
// and without the objects that leaves empty, laid out as exports are.
func without(text []byte, p string) []byte {
	var drop func(v []byte, toks []string) []byte
	drop = func(v []byte, toks []string) []byte {
		o, ok := members(v)
		if !ok {
			return v
		}
		tok := strings.ReplaceAll(strings.ReplaceAll(toks[0], "~1", "/"), "~0", "~")
		c, ok := o.Get(tok)
		switch {
		case !ok:
		case len(toks) == 1:
			o.Delete(tok)
		default:
			c = drop(c, toks[1:])
			if string(compact(c)) == "{}" {
				o.Delete(tok)
			} else {
				o.Set(tok, c)
			}
		}
		return o.AppendJSON(nil)
	}
	return indent(drop(text, strings.Split(p, "/")[1:]))
}

// checkCameBack compares, tool by tool, the tools of orig with the tools
// of back, which came back from exporting orig to to with notes: a tool
// is missing exactly when a note says it is dropped, and a tool that came
// back differs from the original only where a note says something was
// lost or changed. Where the target has strict, strict is what the export
// wrote. tool_choice comes back as it was unless a note names it.
func checkCameBack(t *testing.T, orig, back []byte, notes []formats.Note, to Target) {
	t.Helper()
	origTools, backTools := toolsOf(t, orig), toolsOf(t, back)
	used := make([]bool, len(backTools))
	for i, ot := range origTools {
		path := index("/tools", i)
		dropped := hasNote(notes, path, true)
		j := matchTool(ot, backTools, used)
		switch {
		case dropped && j >= 0:
			t.Errorf("%s: a note says the tool is dropped, yet it came back: %s", path, backTools[j].raw)
		case dropped:
		case j < 0:
			t.Errorf("%s did not come back and no note says it is dropped: %s", path, ot.raw)
		default:
			used[j] = true
			compareTool(t, ot, backTools[j], path, notes, to)
		}
	}
	for j, u := range used {
		if !u {
			t.Errorf("a tool came back that the body did not have: %s", backTools[j].raw)
		}
	}
	if !notedUnder(notes, "/tool_choice") && !notedUnder(notes, "/parallel_tool_calls") {
		oc, ohas := topMember(t, orig, "tool_choice")
		bc, bhas := topMember(t, back, "tool_choice")
		switch {
		case ohas && (!bhas || !reflect.DeepEqual(oc, bc)):
			t.Errorf("tool_choice %v came back as %v, and no note names it", oc, bc)
		case !ohas && bhas && bc != "auto":
			t.Errorf("tool_choice %v came back where the body had none", bc)
		}
	}
}

// tool is one entry of a body's tools: its JSON and its decoded value.
type tool struct {
	raw json.RawMessage
	v   any
}

func (tl tool) obj() map[string]any {
	m, _ := tl.v.(map[string]any)
	return m
}

func (tl tool) typ() string {
	s, _ := tl.obj()["type"].(string)
	return s
}

func (tl tool) name() (string, bool) {
	s, ok := tl.obj()["name"].(string)
	return s, ok
}

// named reports whether the tool is found by its name (a function or a
// custom tool) rather than by its type.
func (tl tool) named() bool { return tl.typ() == "function" || tl.typ() == "custom" }

func toolsOf(t *testing.T, body []byte) []tool {
	t.Helper()
	var b struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(body, &b); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	out := make([]tool, len(b.Tools))
	for i, r := range b.Tools {
		out[i] = tool{raw: r, v: decode(t, r)}
	}
	return out
}

func decode(t *testing.T, v []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(v))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		t.Fatalf("%v\n%s", err, v)
	}
	return x
}

func topMember(t *testing.T, body []byte, k string) (any, bool) {
	t.Helper()
	m, _ := decode(t, body).(map[string]any)
	v, ok := m[k]
	return v, ok
}

// matchTool finds the tool of list that came back for want: the unused
// function or custom tool of its type and name, or the unused built-in of
// its type.
func matchTool(want tool, list []tool, used []bool) int {
	name, hasName := want.name()
	for j, got := range list {
		if used[j] || got.named() != want.named() {
			continue
		}
		if want.named() {
			if n, ok := got.name(); got.typ() == want.typ() && ok == hasName && n == name {
				return j
			}
			continue
		}
		if got.typ() == want.typ() || webSearchTypes()[got.typ()] && webSearchTypes()[want.typ()] {
			return j
		}
	}
	return -1
}

// hasNote reports whether a note is at path, with loss as given.
func hasNote(notes []formats.Note, path string, loss bool) bool {
	for _, n := range notes {
		if n.Path == path && n.Loss == loss {
			return true
		}
	}
	return false
}

// notedUnder reports whether a note is at path or below it.
func notedUnder(notes []formats.Note, path string) bool { return len(notesUnder(notes, path)) > 0 }

// notesUnder are the notes at path or below it.
func notesUnder(notes []formats.Note, path string) []formats.Note {
	var out []formats.Note
	for _, n := range notes {
		if n.Path == path || strings.HasPrefix(n.Path, path+"/") {
			out = append(out, n)
		}
	}
	return out
}

// hasStrict reports whether the target has a strict setting.
func hasStrict(to Target) bool { return to == Chat || to == Anthropic }

// compareTool compares a tool with the one that came back for it.
func compareTool(t *testing.T, ot, bt tool, path string, notes []formats.Note, to Target) {
	t.Helper()
	o, b := settings(ot.obj(), ot.named()), settings(bt.obj(), bt.named())
	if ot.typ() == "function" {
		if hasStrict(to) {
			want, ok := writtenStrict(ot.raw)
			got, has := b["strict"]
			if has != ok || ok && !reflect.DeepEqual(got, want) {
				t.Errorf("%s: strict came back as %v (present %v), want %v (present %v)", path, got, has, want, ok)
			}
		}
		delete(o, "strict")
		delete(b, "strict")
		withProps(o)
		withProps(b)
	}
	for _, d := range diffJSON(o, b, path) {
		if !covered(d, notes, path) {
			t.Errorf("%s differs and no note says so:\n  body:       %s\n  came back:  %s\n  tool: %s\n  notes:\n%s",
				d, valueAt(o, d, path), valueAt(b, d, path), compact(ot.raw), formatNotes(notesUnder(notes, path)))
		}
	}
}

// settings is a tool's members without those that hold their default
// (null, and false for defer_loading and async), as the export reads them.
// A built-in's settings are objects all the way down, where null is unset
// at any depth; a function's parameters are a schema, where null is a value.
func settings(m map[string]any, named bool) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if v == nil || v == false && (k == "defer_loading" || k == "async") {
			continue
		}
		if sub, ok := v.(map[string]any); ok && !named {
			v = settings(sub, false)
		}
		out[k] = v
	}
	return out
}

// writtenStrict is the strict a function exported to Chat Completions or
// Anthropic carries: its own, or what the Responses API would do with a
// missing one; none for a function that takes no arguments.
func writtenStrict(raw []byte) (any, bool) {
	var fn struct {
		Strict     json.RawMessage
		Parameters json.RawMessage
	}
	_ = json.Unmarshal(raw, &fn)
	if len(fn.Strict) > 0 && !isNull(fn.Strict) {
		return isTrue(fn.Strict), true
	}
	if !bytes.HasPrefix(bytes.TrimSpace(fn.Parameters), []byte("{")) || noArguments(fn.Parameters) {
		return nil, false
	}
	return convert.StrictAbsent(fn.Parameters) == convert.StrictAsWritten, true
}

// withProps gives an object schema at the root of a function's parameters
// an empty properties, as importing from Anthropic, Gemini and MCP does
// (the OpenAI API wants them; the meaning is the same).
func withProps(fn map[string]any) {
	p, ok := fn["parameters"].(map[string]any)
	if !ok || p["type"] != "object" {
		return
	}
	if _, has := p["properties"]; !has {
		p["properties"] = map[string]any{}
	}
}

// diffJSON lists the pointers, under p, where a and b differ: a member
// only one has, array elements of lists of another length, or another
// scalar.
func diffJSON(a, b any, p string) []string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return []string{p}
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, dup := x[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		var out []string
		for _, k := range keys {
			av, aok := x[k]
			bv, bok := y[k]
			if !aok || !bok {
				out = append(out, key(p, k))
				continue
			}
			out = append(out, diffJSON(av, bv, key(p, k))...)
		}
		return out
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return []string{p}
		}
		var out []string
		for i := range x {
			out = append(out, diffJSON(x[i], y[i], index(p, i))...)
		}
		return out
	}
	if !reflect.DeepEqual(a, b) {
		return []string{p}
	}
	return nil
}

// covered reports whether a note accounts for the difference at d in the
// tool at toolPath: a note at d or above it within the tool, or, inside
// the parameters, a note about the same schema object (a keyword
// rewritten as another: const as enum, oneOf as anyOf, a list of types as
// anyOf) or below d.
func covered(d string, notes []formats.Note, toolPath string) bool {
	params := key(toolPath, "parameters")
	inParams := d == params || strings.HasPrefix(d, params+"/")
	for _, n := range notes {
		if !strings.HasPrefix(n.Path, toolPath+"/") {
			continue
		}
		switch {
		case n.Path == d, strings.HasPrefix(d, n.Path+"/"):
			return true
		case inParams && (parent(n.Path) == parent(d) || strings.HasPrefix(n.Path, d+"/")):
			return true
		}
	}
	return false
}

func parent(p string) string { return p[:strings.LastIndex(p, "/")] }

// valueAt is the JSON at pointer p (under base) in v, for messages.
func valueAt(v any, p, base string) string {
	for _, tok := range strings.Split(strings.TrimPrefix(p, base), "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = c[tok]; !ok {
				return "(none)"
			}
		case []any:
			i := -1
			for j := range c {
				if index("", j) == "/"+tok {
					i = j
				}
			}
			if i < 0 {
				return "(none)"
			}
			v = c[i]
		default:
			return "(none)"
		}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// lineDiff shows how text b differs from text a, line by line: "-" for a
// line only a has, "+" for one only b has, with a line of context.
func lineDiff(a, b []byte) string {
	x, y := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	// Past their common start and end only: the table below grows with
	// the product of the lengths.
	for len(x) > 0 && len(y) > 0 && len(x)*len(y) > 1<<20 && (x[0] == y[0] || x[len(x)-1] == y[len(y)-1]) {
		if x[0] == y[0] {
			x, y = x[1:], y[1:]
		} else {
			x, y = x[:len(x)-1], y[:len(y)-1]
		}
	}
	if len(x)*len(y) > 1<<20 {
		return "--- first\n" + strings.Join(x, "\n") + "\n--- then\n" + strings.Join(y, "\n")
	}
	// lcs[i][j] is the length of the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		mark byte
		text string
	}
	var lines []line
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			lines = append(lines, line{' ', x[i]})
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			lines = append(lines, line{'+', y[j]})
			j++
		default:
			lines = append(lines, line{'-', x[i]})
			i++
		}
	}
	var out strings.Builder
	for k, l := range lines {
		near := l.mark != ' ' || k > 0 && lines[k-1].mark != ' ' || k+1 < len(lines) && lines[k+1].mark != ' '
		if near {
			out.WriteString(string(l.mark) + " " + l.text + "\n")
		}
	}
	return out.String()
}

// openAIModelIn reports whether a request names an OpenAI model.
func openAIModelIn(req []byte) bool {
	var r struct {
		Model string `json:"model"`
	}
	_ = json.Unmarshal(req, &r)
	return isOpenAIModel(r.Model)
}
