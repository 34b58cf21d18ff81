package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Edits of a function's mock outputs (Document.Mocks). A function's mock
// is read as the send loop reads it (send.Mocks): a list of cases, each
// the output for calls whose arguments match a pattern ("when"), in the
// order they are tried, then at most one fixed output ("output"), which
// answers every call no pattern matches.

// MockCase is one mock output of a function.
type MockCase struct {
	// Args is the pattern, a JSON object: a call matches when its
	// arguments have every member Args names, with that value. nil for the
	// fixed output.
	Args json.RawMessage
	// Output is what the call gets: a JSON string is sent as it is, any
	// other JSON as its text. nil in a "when" entry without one.
	Output json.RawMessage
	// Raw is the "when" entry as written, so that members tooltui does not
	// edit are kept; nil for the fixed output and a new case.
	Raw json.RawMessage
}

// Fixed reports whether c is the fixed output.
func (c MockCase) Fixed() bool { return c.Args == nil && c.Raw == nil }

// Ignored says why the send loop never answers with c ("" when it may).
func (c MockCase) Ignored() string {
	switch {
	case c.Fixed():
		return ""
	case c.Raw != nil && rawjson.JSONKind(c.Raw) != "object":
		return "a \"when\" entry that is not an object"
	case c.Output == nil:
		return "no \"output\""
	case c.Args == nil:
		return "no \"args\" pattern"
	case rawjson.JSONKind(c.Args) == "null":
		return ""
	case rawjson.JSONKind(c.Args) != "object":
		return "\"args\" is not an object"
	}
	return ""
}

// MockCases reads a function's mock (a value of Document.Mocks) as the
// send loop reads it: the "when" entries in order, then the fixed output.
// A mock that answers no call at all (a "when" that is not an array and
// no "output") has no case.
func MockCases(spec json.RawMessage) []MockCase {
	if spec == nil || rawjson.CheckJSON(spec) != nil {
		return nil
	}
	if rawjson.JSONKind(spec) != "object" {
		return []MockCase{{Output: spec}}
	}
	o := rawjson.Members(spec)
	when, hasWhen := o.Get("when")
	out, hasOut := o.Get("output")
	if !hasWhen && !hasOut {
		return []MockCase{{Output: spec}} // an object without "output" is the output
	}
	var cases []MockCase
	if hasWhen && rawjson.JSONKind(when) == "array" {
		for _, e := range rawjson.Elements(when) {
			c := MockCase{Raw: json.RawMessage(e)}
			if rawjson.JSONKind(e) == "object" {
				co := rawjson.Members(e)
				if v, ok := co.Get("args"); ok {
					c.Args = v
				}
				if v, ok := co.Get("output"); ok {
					c.Output = v
				}
			}
			cases = append(cases, c)
		}
	}
	if hasOut {
		cases = append(cases, MockCase{Output: out})
	}
	return cases
}

// ErrMockPattern is wrapped by the edits for a pattern that is not a JSON
// object.
var ErrMockPattern = errors.New("a pattern is a JSON object of the arguments to match, such as {\"city\": \"Paris\"}")

// checkCase checks a case an edit writes.
func checkCase(c MockCase) error {
	if c.Output == nil || rawjson.CheckJSON(c.Output) != nil {
		return errors.New("the output is not valid JSON")
	}
	if c.Fixed() {
		return nil
	}
	if rawjson.CheckJSON(c.Args) != nil || rawjson.JSONKind(c.Args) != "object" {
		return ErrMockPattern
	}
	return nil
}

// mockSpec writes cases as a mock, keeping the members of old (the mock
// they were read from) that are neither "when" nor "output".
func mockSpec(old json.RawMessage, cases []MockCase) json.RawMessage {
	var o rawjson.Object
	if rawjson.CheckJSON(old) == nil && rawjson.JSONKind(old) == "object" {
		if m := rawjson.Members(old); m.Has("when") || m.Has("output") {
			o = m
		}
	}
	var when [][]byte
	var fixed json.RawMessage
	for _, c := range cases {
		if c.Fixed() {
			fixed = c.Output
			continue
		}
		if c.Raw != nil && rawjson.JSONKind(c.Raw) != "object" {
			when = append(when, c.Raw)
			continue
		}
		var co rawjson.Object
		if c.Raw != nil {
			co = rawjson.Members(c.Raw)
		}
		if c.Args != nil {
			co.Set("args", c.Args)
		}
		if c.Output != nil {
			co.Set("output", c.Output)
		}
		when = append(when, co.AppendJSON(nil))
	}
	if len(when) > 0 {
		o.Set("when", json.RawMessage(append(append([]byte("["), bytes.Join(when, []byte(","))...), ']')))
	} else {
		o.Delete("when")
	}
	if fixed != nil {
		o.Set("output", fixed)
	} else {
		o.Delete("output")
	}
	return o.AppendJSON(nil)
}

// SetMockCases replaces the mock of function name with cases (none
// removes it). The fixed output, if any, is written as "output" whatever
// its place in cases; the others keep their order.
func SetMockCases(d *Document, name string, cases []MockCase) (*Document, error) {
	if name == "" {
		return nil, errors.New("a function needs a name before it can have mock outputs")
	}
	nfixed := 0
	for _, c := range cases {
		if c.Fixed() {
			nfixed++
		}
		if c.Raw != nil && rawjson.JSONKind(c.Raw) != "object" {
			continue // kept as written
		}
		if err := checkCase(c); err != nil && (c.Fixed() || c.Raw == nil) {
			return nil, err
		}
	}
	if nfixed > 1 {
		return nil, errors.New("a function has one fixed output at most")
	}
	c := d.Clone()
	mocks := make(map[string]json.RawMessage, len(d.Mocks)+1)
	for k, v := range d.Mocks {
		mocks[k] = v
	}
	if len(cases) == 0 {
		delete(mocks, name)
	} else {
		mocks[name] = mockSpec(d.Mocks[name], cases)
	}
	if len(mocks) == 0 {
		mocks = nil
	}
	c.Mocks = mocks
	return c, nil
}

// AddMockCase adds a case to function name's mock and returns its index
// among MockCases: a pattern goes after the other patterns, before the
// fixed output; a fixed output only where there is none.
func AddMockCase(d *Document, name string, c MockCase) (*Document, int, error) {
	if err := checkCase(c); err != nil {
		return nil, -1, err
	}
	cases := MockCases(d.Mocks[name])
	at := len(cases)
	for i, o := range cases {
		if o.Fixed() {
			if c.Fixed() {
				return nil, -1, fmt.Errorf("%s has a fixed output already; edit it", name)
			}
			at = i
		}
	}
	cases = append(cases[:at:at], append([]MockCase{c}, cases[at:]...)...)
	nd, err := SetMockCases(d, name, cases)
	return nd, at, err
}

// SetMockCase replaces case i of function name's mock. A fixed output
// stays fixed and a pattern stays a pattern.
func SetMockCase(d *Document, name string, i int, c MockCase) (*Document, error) {
	cases := MockCases(d.Mocks[name])
	if i < 0 || i >= len(cases) {
		return nil, errors.New("no such mock output: the document changed")
	}
	if cases[i].Fixed() != c.Fixed() {
		return nil, errors.New("a fixed output stays fixed and a pattern a pattern; add a new one instead")
	}
	if err := checkCase(c); err != nil {
		return nil, err
	}
	cases = append([]MockCase(nil), cases...)
	cases[i] = c
	return SetMockCases(d, name, cases)
}

// DeleteMockCase removes case i of function name's mock; the last one
// removes the mock.
func DeleteMockCase(d *Document, name string, i int) (*Document, error) {
	cases := MockCases(d.Mocks[name])
	if i < 0 || i >= len(cases) {
		return nil, errors.New("no such mock output: the document changed")
	}
	return SetMockCases(d, name, append(cases[:i:i], cases[i+1:]...))
}

// MoveMockCase moves pattern i of function name's mock by delta places
// among the patterns (the order they are tried in) and returns its new
// index. The fixed output stays last: it answers what no pattern matches.
func MoveMockCase(d *Document, name string, i, delta int) (*Document, int, error) {
	cases := MockCases(d.Mocks[name])
	if i < 0 || i >= len(cases) {
		return nil, -1, errors.New("no such mock output: the document changed")
	}
	if cases[i].Fixed() {
		return nil, -1, errors.New("the fixed output stays last: it answers the calls no pattern matches")
	}
	j := i + delta
	if j < 0 || j >= len(cases) || cases[j].Fixed() {
		return nil, -1, errors.New("it is at the end already: patterns are tried from the first")
	}
	cases = append([]MockCase(nil), cases...)
	cases[i], cases[j] = cases[j], cases[i]
	nd, err := SetMockCases(d, name, cases)
	return nd, j, err
}

// RenameMock gives the mock outputs of function old to function name (a
// function renamed after its mocks were written). name must have none.
func RenameMock(d *Document, old, name string) (*Document, error) {
	spec, ok := d.Mocks[old]
	switch {
	case !ok:
		return nil, errors.New("no mock outputs for " + old + ": the document changed")
	case name == "":
		return nil, errors.New("a function needs a name before it can have mock outputs")
	case name == old:
		return d, nil
	}
	if _, taken := d.Mocks[name]; taken {
		return nil, errors.New(name + " has mock outputs already")
	}
	c := d.Clone()
	mocks := make(map[string]json.RawMessage, len(d.Mocks))
	for k, v := range d.Mocks {
		mocks[k] = v
	}
	delete(mocks, old)
	mocks[name] = spec
	c.Mocks = mocks
	return c, nil
}
