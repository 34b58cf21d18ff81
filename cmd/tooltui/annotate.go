package main

// build --format github and --format sarif: the diagnostics placed at the
// line and column of the file's text they are about, for CI.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/importer"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/termtext"
)

// filePos is where a diagnostic points in the input's text: a 1-based
// line and column (in characters); 0 when it points at the file as a
// whole.
type filePos struct{ line, col int }

// locate places d in data, the text of the input: at the value its
// location and pointer name, or the nearest value around it the text has.
// translated says the input was in another format, so that only the
// notes on its translation point into it.
func locate(data []byte, d convert.Diagnostic, translated bool) filePos {
	var ptr string
	switch {
	case d.Location == convert.SourceLocation:
		ptr = d.Path
	case translated, d.Location == importer.Location, d.Location == exportLocation:
		return filePos{}
	default:
		p, ok := locationPointer(d.Location)
		if !ok {
			return filePos{}
		}
		ptr = p + d.Path
	}
	for {
		if off, _, ok := rawjson.LocatePointer(data, ptr); ok {
			line, col := rawjson.LineCol(data, off)
			return filePos{line, col}
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return filePos{}
		}
		ptr = ptr[:i]
	}
}

// locationPointer writes a diagnostic's location (tools_defs[0],
// extra.builtin_tools[2], tools[3], tool_choice) as a JSON Pointer.
func locationPointer(loc string) (string, bool) {
	var b strings.Builder
	for _, part := range strings.Split(loc, ".") {
		name, rest, bracket := strings.Cut(part, "[")
		if name == "" || bracket && rest == "" {
			return "", false
		}
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1"))
		for rest != "" {
			idx, after, ok := strings.Cut(rest, "]")
			if _, err := strconv.Atoi(idx); !ok || err != nil {
				return "", false
			}
			b.WriteString("/" + idx)
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return b.String(), true
}

// githubLine is d as a GitHub Actions workflow command, which the runner
// shows as an annotation on the file's line: ::error file=F,line=L,col=C,
// title=WHERE::MESSAGE.
func githubLine(file string, pos filePos, d convert.Diagnostic) string {
	kind := map[convert.Severity]string{convert.Error: "error", convert.Warning: "warning", convert.Note: "notice"}[d.Severity]
	var props []string
	if file != "" {
		props = append(props, "file="+githubProperty(file))
	}
	if pos.line > 0 {
		props = append(props, "line="+strconv.Itoa(pos.line), "col="+strconv.Itoa(pos.col))
	}
	props = append(props, "title="+githubProperty("tooltui: "+where(d)))
	msg := d.Message
	if d.Severity == convert.Error {
		msg += "; left out"
	}
	return "::" + kind + " " + strings.Join(props, ",") + "::" + githubData(termtext.SanitizeLine(msg))
}

// where is the part of a diagnostic's line that says where it is.
func where(d convert.Diagnostic) string {
	s := d.Location
	if d.Type != "" {
		s += " (" + d.Type + ")"
	}
	if d.Path != "" {
		s += " " + d.Path
	}
	return termtext.SanitizeLine(s)
}

func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(termtext.SanitizeLine(s))
}

// sarifLog is a SARIF 2.1.0 log of one run of tooltui build.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	} `json:"driver"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifLocation struct {
	Physical struct {
		Artifact struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

// sarifRules are the kinds of finding, by what they are about: a tool
// entry, tool_choice, the request's other fields, the input's translation
// and the export.
var sarifRules = []sarifRule{
	{"tooltui/entry", sarifMessage{"A tool entry breaks the schema of its type or a rule of the Responses API"}},
	{"tooltui/tool-choice", sarifMessage{"tool_choice names no tool the request has, or is not a valid choice"}},
	{"tooltui/request", sarifMessage{"A request field is not what the Responses API takes"}},
	{"tooltui/source", sarifMessage{"What did not carry over when the input was translated from another format"}},
	{"tooltui/export", sarifMessage{"What the chosen export format cannot carry"}},
	{"tooltui/input", sarifMessage{"The input cannot be used"}},
}

func sarifRuleOf(d convert.Diagnostic) string {
	switch {
	case d.IsTool():
		return "tooltui/entry"
	case d.Location == "tool_choice":
		return "tooltui/tool-choice"
	case d.Location == convert.SourceLocation:
		return "tooltui/source"
	case d.Location == exportLocation:
		return "tooltui/export"
	}
	return "tooltui/request"
}

// annotator writes diagnostics as GitHub annotations as they come, or
// collects them into one SARIF log written at the end.
type annotator struct {
	format     string // "github" or "sarif"
	file       string // the input's name as given; "" for standard input
	data       []byte
	translated bool
	log        sarifLog
}

// read reads the input's text for locate, and gives back what reads the
// input again from it: standard input as a reader of the same bytes, a
// file as it is (read again: ReadFile keeps its limits and messages). A
// file that cannot be read is left to that second read to report.
func (a *annotator) read(files []string, stdin io.Reader) ([]string, io.Reader) {
	if a.file == "" {
		data, err := model.ReadAllLimited(stdin)
		if err != nil {
			return files, io.MultiReader(bytes.NewReader(data), errReader{err})
		}
		a.data = data
		return files, bytes.NewReader(data)
	}
	if data, err := os.ReadFile(a.file); err == nil {
		a.data = data
	}
	return files, stdin
}

// errReader fails every read with its error.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func newAnnotator(format, file string) *annotator {
	a := &annotator{format: format, file: file}
	a.log = sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{{Results: []sarifResult{}}}}
	drv := &a.log.Runs[0].Tool.Driver
	drv.Name, drv.InformationURI, drv.Rules = "tooltui", "https://github.com/tooltui/tooltui", sarifRules
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		drv.Version = info.Main.Version
	}
	return a
}

func (a *annotator) add(w io.Writer, d convert.Diagnostic, rule string) {
	pos := filePos{}
	if a.data != nil {
		pos = locate(a.data, d, a.translated)
	}
	a.addAt(w, d, rule, pos)
}

func (a *annotator) addAt(w io.Writer, d convert.Diagnostic, rule string, pos filePos) {
	if a.format == "github" {
		fmt.Fprintln(w, githubLine(a.file, pos, d))
		return
	}
	level := map[convert.Severity]string{convert.Error: "error", convert.Warning: "warning", convert.Note: "note"}[d.Severity]
	msg := d.Message
	if where := where(d); where != "" {
		msg = where + ": " + msg
	}
	if rule == "" {
		rule = sarifRuleOf(d)
	}
	r := sarifResult{RuleID: rule, Level: level, Message: sarifMessage{msg}}
	if a.file != "" {
		var l sarifLocation
		l.Physical.Artifact.URI = a.file
		if pos.line > 0 {
			l.Physical.Region = &sarifRegion{pos.line, pos.col}
		}
		r.Locations = []sarifLocation{l}
	}
	a.log.Runs[0].Results = append(a.log.Runs[0].Results, r)
}

// fatal is an input that cannot be used, at its syntax error if it has
// one.
func (a *annotator) fatal(w io.Writer, err error) {
	pos := filePos{}
	var se *rawjson.SyntaxError
	if errors.As(err, &se) {
		pos = filePos{se.Line, se.Column}
	}
	a.addAt(w, convert.Diagnostic{Severity: convert.Error, Message: err.Error(), Index: -1}, "tooltui/input", pos)
}

// end writes the SARIF log (nothing for GitHub's annotations, which are
// written as they come). Its strings are escaped to printable ASCII, as
// build --json's are.
func (a *annotator) end(w io.Writer) {
	if a.format != "sarif" {
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(a.log)
	w.Write(asciiJSON(buf.Bytes()))
}
