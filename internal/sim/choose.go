package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/tooltui/tooltui/internal/args"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/schematree"
)

// plan is what a response will hold, in order: web searches, file
// searches, a message, then calls.
type plan struct {
	searches, fileSearches []string
	text                   string
	cite                   bool // the text cites the searches' results
	calls                  []plannedCall
	// recorded, when set, is played as it is instead (a recording used
	// as a script).
	recorded []recordedEvent
}

type plannedCall struct {
	name, arguments string
	custom          bool // a custom tool's call: arguments is its input
}

// candidate is a tool the model may call.
type candidate struct {
	kind  string // "function", "custom", "web_search", "file_search"
	name  string // a function's or custom tool's name
	fn    *convert.FunctionTool
	score int
	order int // the tool's place among equals, from the seed
}

// plan decides the answer to req, the server's request number turn.
func (s *Server) plan(req *request, turn int) (*plan, *APIError) {
	if s.opts.Script != nil && turn <= len(s.opts.Script.Turns) {
		return s.opts.Script.Turns[turn-1].plan(), nil
	}
	if len(req.outputs) > 0 {
		return &plan{text: answerOutputs(req)}, nil
	}
	cands := s.candidates(req)
	mode, allowed, forced, apiErr := readChoice(req.choice)
	if apiErr != nil {
		return nil, apiErr
	}
	if mode == "none" {
		return &plan{text: plainAnswer(req, `tool_choice is "none", so I answer without calling a tool`)}, nil
	}
	if allowed != nil {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return !allowed(c) })
	}
	if forced != nil {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return !forced(c) })
		if len(cands) == 0 {
			return nil, &APIError{Message: "Tool choice names a tool that is not in the request's tools.", Type: "invalid_request_error", Param: "tool_choice", Code: "invalid_value"}
		}
		mode = "required"
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return a.order - b.order
	})
	var chosen []candidate
	for _, c := range cands {
		if c.score > 0 {
			chosen = append(chosen, c)
		}
	}
	if len(chosen) == 0 {
		if mode != "required" || len(cands) == 0 {
			return &plan{text: plainAnswer(req, "no tool's name or description shares a word with the question, so I answer without calling one")}, nil
		}
		chosen = cands[:1]
	}
	if !req.parallel {
		chosen = chosen[:1]
	} else if len(chosen) > maxParallel {
		chosen = chosen[:maxParallel]
	}
	p := &plan{}
	var failed []string
	for _, c := range chosen {
		switch c.kind {
		case "web_search":
			p.searches = append(p.searches, req.text)
		case "file_search":
			p.fileSearches = append(p.fileSearches, req.text)
		case "custom":
			p.calls = append(p.calls, plannedCall{name: c.name, arguments: req.text, custom: true})
		case "function":
			a, err := Arguments(c.fn, req.text)
			if err != nil {
				failed = append(failed, c.name+": "+err.Error())
				continue
			}
			p.calls = append(p.calls, plannedCall{name: c.name, arguments: a})
		}
	}
	if len(p.calls) == 0 && len(p.searches)+len(p.fileSearches) > 0 {
		p.text, p.cite = searchAnswer(req.text, len(p.searches) > 0), len(p.searches) > 0
	}
	if len(p.calls) == 0 && len(p.searches)+len(p.fileSearches) == 0 {
		p.text = "I could not write arguments that fit the parameters of " + strings.Join(failed, "; ") + "."
	}
	return p, nil
}

// maxParallel bounds the calls of one response.
const maxParallel = 5

// candidates are the request's tools the model may call, scored against
// the input's words.
func (s *Server) candidates(req *request) []candidate {
	var cs []candidate
	in := map[string]bool{}
	for _, w := range req.words {
		in[w] = true
	}
	score := func(ws []string) int {
		n := 0
		seen := map[string]bool{}
		for _, w := range ws {
			if in[w] && !seen[w] {
				n++
				seen[w] = true
			}
		}
		return n
	}
	for _, t := range req.res.Tools {
		if f := t.Function; f != nil {
			cs = append(cs, candidate{kind: "function", name: f.Name, fn: f, score: score(words(splitName(f.Name) + " " + f.Description))})
			continue
		}
		o := rawjson.Members(bytes.TrimSpace(t.Builtin))
		typ := str(o, "type")
		switch {
		case strings.HasPrefix(typ, "web_search"):
			cs = append(cs, candidate{kind: "web_search", name: typ, score: score(words(webWords))})
		case typ == "file_search":
			cs = append(cs, candidate{kind: "file_search", name: typ, score: score(words(fileWords))})
		case typ == "custom":
			n := str(o, "name")
			cs = append(cs, candidate{kind: "custom", name: n, score: score(words(splitName(n) + " " + str(o, "description")))})
		}
	}
	s.mu.Lock()
	for i, p := range s.rng.Perm(len(cs)) {
		cs[i].order = p
	}
	if s.opts.Seed == 0 {
		for i := range cs {
			cs[i].order = i // seed 0: the request's order
		}
	}
	s.mu.Unlock()
	return cs
}

// The words that call for a built-in search.
const (
	webWords  = "search web news latest online internet website site look up"
	fileWords = "file files document documents docs manual handbook policy policies knowledge base"
)

// readChoice reads tool_choice: the mode ("none", "auto", "required"), a
// filter of the allowed tools (allowed_tools) and of the one forced.
func readChoice(tc json.RawMessage) (mode string, allowed, forced func(candidate) bool, _ *APIError) {
	if s, ok := rawjson.Unquote(tc); ok {
		return s, nil, nil, nil
	}
	if rawjson.JSONKind(tc) != "object" {
		return "auto", nil, nil, nil
	}
	o := rawjson.Members(tc)
	typ := str(o, "type")
	switch {
	case typ == "allowed_tools":
		mode = str(o, "mode")
		if mode == "" {
			mode = "auto"
		}
		var fs []func(candidate) bool
		if ts, ok := o.Get("tools"); ok && rawjson.JSONKind(bytes.TrimSpace(ts)) == "array" {
			for _, t := range rawjson.Elements(bytes.TrimSpace(ts)) {
				if rawjson.JSONKind(t) == "object" {
					fs = append(fs, matcher(rawjson.Members(bytes.TrimSpace(t))))
				}
			}
		}
		return mode, func(c candidate) bool {
			return slices.ContainsFunc(fs, func(f func(candidate) bool) bool { return f(c) })
		}, nil, nil
	default:
		return "required", nil, matcher(o), nil
	}
}

// matcher matches the candidate a tool_choice object (or an entry of
// allowed_tools) names.
func matcher(o rawjson.Object) func(candidate) bool {
	typ, name := str(o, "type"), str(o, "name")
	return func(c candidate) bool {
		switch typ {
		case "function", "custom":
			return c.kind == typ && c.name == name
		}
		return c.kind == typ || c.name == typ || strings.HasPrefix(typ, "web_search") && c.kind == "web_search"
	}
}

// Arguments writes arguments for f that fit its parameters: the
// parameters' example (schematree.Example), with a top-level string that
// takes free text filled from the input (a name in capitals, or the whole
// question for a query), an optional property left out (null when f is
// strict) unless the input filled it. They always pass args.Validate
// with f's strictness; an error says why none could be written.
func Arguments(f *convert.FunctionTool, input string) (string, error) {
	strict, _ := schematree.StrictFor(f.Parameters, f.Strict)
	v, err := args.Compile(f.Parameters, strict)
	if err != nil {
		return "", err
	}
	ex, err := schematree.Example(f.Parameters)
	if err != nil {
		return "", err
	}
	fits := func(b []byte) bool { return len(v.Validate(b)) == 0 }
	best := compact(ex)
	if !fits(best) {
		problems := v.Validate(best)
		return "", fmt.Errorf("%s", problems[0].String())
	}
	params := bytes.TrimSpace(f.Parameters)
	if rawjson.JSONKind(params) != "object" || rawjson.JSONKind(best) != "object" {
		return string(best), nil
	}
	po := rawjson.Members(params)
	props, _ := po.Get("properties")
	if rawjson.JSONKind(bytes.TrimSpace(props)) != "object" {
		return string(best), nil
	}
	required := map[string]bool{}
	if r, ok := po.Get("required"); ok && rawjson.JSONKind(bytes.TrimSpace(r)) == "array" {
		for _, e := range rawjson.Elements(bytes.TrimSpace(r)) {
			if s, ok := rawjson.Unquote(bytes.TrimSpace(e)); ok {
				required[s] = true
			}
		}
	}
	name := properNoun(input)
	for _, m := range rawjson.Members(bytes.TrimSpace(props)) {
		ps := bytes.TrimSpace(m.Value)
		if rawjson.JSONKind(ps) != "object" {
			continue
		}
		pk := rawjson.Members(ps)
		filled := false
		if isFreeString(pk) {
			val := name
			if queryLike(m.Key) {
				val = strings.TrimSpace(input)
			}
			if val != "" {
				if next := setMember(best, m.Key, rawjson.String(val)); fits(next) {
					best, filled = next, true
				}
			}
		}
		if filled {
			continue
		}
		if strict && (!required[m.Key] || nullableSchema(pk)) {
			if next := setMember(best, m.Key, json.RawMessage("null")); fits(next) {
				best = next
			}
		} else if !strict && !required[m.Key] {
			if next := deleteMember(best, m.Key); fits(next) {
				best = next
			}
		}
	}
	return string(best), nil
}

// compact is valid JSON b without the white space between its tokens
// (json.Compact without its checks, which the simulator made before: a
// 1,000-tool request's tools are written three times).
func compact(b []byte) []byte {
	out := make([]byte, 0, len(b))
	in, esc := false, false
	start := 0
	for i, c := range b {
		switch {
		case in:
			if esc {
				esc = false
			} else if c == '\\' {
				esc = true
			} else if c == '"' {
				in = false
			}
		case c == '"':
			in = true
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			out = append(out, b[start:i]...)
			start = i + 1
		}
	}
	return append(out, b[start:]...)
}

func setMember(obj []byte, key string, v json.RawMessage) []byte {
	o := rawjson.Members(obj).Clone()
	o.Set(key, v)
	return compact(o.AppendJSON(nil))
}

func deleteMember(obj []byte, key string) []byte {
	o := rawjson.Members(obj).Clone()
	o.Delete(key)
	return compact(o.AppendJSON(nil))
}

// isFreeString: a string schema with no enum, const, format or pattern.
func isFreeString(k rawjson.Object) bool {
	for _, key := range []string{"enum", "const", "format", "pattern", "$ref", "anyOf", "oneOf", "allOf"} {
		if k.Has(key) {
			return false
		}
	}
	t, _ := k.Get("type")
	t = bytes.TrimSpace(t)
	if s, ok := rawjson.Unquote(t); ok {
		return s == "string"
	}
	if rawjson.JSONKind(t) == "array" {
		for _, e := range rawjson.Elements(t) {
			if string(bytes.TrimSpace(e)) == `"string"` {
				return true
			}
		}
	}
	return false
}

// nullableSchema: a type list with "null", or an anyOf with a null
// branch: strict mode's optional property.
func nullableSchema(k rawjson.Object) bool {
	if t, ok := k.Get("type"); ok && rawjson.JSONKind(bytes.TrimSpace(t)) == "array" {
		return bytes.Contains(t, []byte(`"null"`))
	}
	if a, ok := k.Get("anyOf"); ok && rawjson.JSONKind(bytes.TrimSpace(a)) == "array" {
		for _, e := range rawjson.Elements(bytes.TrimSpace(a)) {
			if rawjson.JSONKind(e) == "object" && str(rawjson.Members(bytes.TrimSpace(e)), "type") == "null" {
				return true
			}
		}
	}
	return false
}

func queryLike(key string) bool {
	switch strings.ToLower(key) {
	case "query", "q", "question", "search", "text", "prompt", "message", "input", "topic":
		return true
	}
	return false
}

// properNoun is the first word in capitals of text that does not start a
// sentence ("Paris" in "What should I pack for Paris?"), "" when none.
func properNoun(text string) string {
	fields := strings.Fields(text)
	for i, f := range fields {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w == "" || i == 0 || w == "I" {
			continue
		}
		prev := fields[i-1]
		if strings.HasSuffix(prev, ".") || strings.HasSuffix(prev, "?") || strings.HasSuffix(prev, "!") {
			continue
		}
		if r := []rune(w)[0]; unicode.IsUpper(r) {
			return w
		}
	}
	return ""
}

// stopWords say nothing about which tool fits; the set is made at its
// first use, not at start-up.
func stopWords() map[string]bool {
	stopOnce.Do(func() {
		stopSet = map[string]bool{}
		for _, w := range strings.Fields("a an the and or but of to in on at for from by with about into as is are was were be been " +
			"it its this that these those i me my we our you your he she they them their what which who whom whose when where why how " +
			"do does did can could should would will shall may might must not no yes please get gets set sets give gives " +
			"if then than so some any all each every there here up out over under more most very just also") {
			stopSet[w] = true
		}
	})
	return stopSet
}

var (
	stopOnce sync.Once
	stopSet  map[string]bool
)

// words are the lower-case words of text less the stop words, each with
// a plural s taken off.
func words(text string) []string {
	var ws []string
	stop := stopWords()
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if stop[f] || len(f) < 2 {
			continue
		}
		if len(f) > 3 && strings.HasSuffix(f, "s") && !strings.HasSuffix(f, "ss") {
			f = f[:len(f)-1]
		}
		ws = append(ws, f)
	}
	return ws
}

// splitName: get_weather, getWeather, get-weather → "get weather".
func splitName(n string) string {
	var b strings.Builder
	for i, r := range n {
		switch {
		case r == '_' || r == '-' || r == '.':
			b.WriteByte(' ')
			continue
		case i > 0 && unicode.IsUpper(r):
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// answerOutputs is a text answer that uses the outputs of the calls.
func answerOutputs(req *request) string {
	names := map[string]string{}
	for _, c := range req.prevResp.calls {
		names[c.callID] = c.name
	}
	for _, c := range req.calls {
		names[c.callID] = c.name
	}
	var b strings.Builder
	b.WriteString("Here is what I found. ")
	for i, o := range req.outputs {
		if i > 0 {
			b.WriteString(" ")
		}
		n := names[o.callID]
		if n == "" {
			n = "the call " + o.callID
		}
		out := strings.TrimSpace(o.output)
		if out == "" {
			out = "(nothing)"
		}
		fmt.Fprintf(&b, "%s answered %s.", n, out)
	}
	return b.String()
}

// plainAnswer is a text answer to a question no tool answers.
func plainAnswer(req *request, why string) string {
	q := strings.TrimSpace(req.text)
	if q == "" {
		return "Hello! The request has no question for me; " + why + "."
	}
	return fmt.Sprintf("You asked: %q. I am tooltui's simulator: %s.", q, why)
}

// searchAnswer is the text after a search; its results are cited.
func searchAnswer(q string, web bool) string {
	if web {
		return "Here is what the web says. " + resultTitle(q, 1) + " covers it, and " + resultTitle(q, 2) + " has more."
	}
	return "The files say what you need: see " + fileName(1) + "."
}

func resultTitle(q string, n int) string {
	q = strings.TrimSpace(q)
	if len([]rune(q)) > 40 {
		q = string([]rune(q)[:40]) + "…"
	}
	if q == "" {
		q = "your question"
	}
	return fmt.Sprintf("Result %d for %s", n, q)
}

func resultURL(q string, n int) string {
	slug := strings.Join(words(q), "-")
	if len(slug) > 40 {
		slug = slug[:40]
	}
	if slug == "" {
		slug = "search"
	}
	return fmt.Sprintf("https://example.com/%s/%d", slug, n)
}

func fileName(n int) string { return fmt.Sprintf("notes-%d.md", n) }
