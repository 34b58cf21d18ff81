package send

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// Call is a function call the model made in one turn.
type Call struct {
	CallID, Name, Arguments string
}

// Mocks answer the model's calls, by function name: a fixed output,
// {"output": …}, or one per argument pattern,
// {"when": [{"args": {…}, "output": …}], "output": …}, where a pattern
// matches when every member it names has that value in the arguments (the
// first that matches wins; "output" beside "when" is the fallback). A
// string output is sent as it is, any other JSON as its text.
type Mocks map[string]json.RawMessage

// Output is the mock output for a call, ok false when there is none.
func (m Mocks) Output(name, arguments string) (string, bool) {
	spec, ok := m[name]
	if !ok {
		return "", false
	}
	if rawjson.JSONKind(spec) != "object" {
		return outputText(spec), true
	}
	o := rawjson.Members(spec)
	if when, ok := o.Get("when"); ok && rawjson.JSONKind(when) == "array" {
		var args map[string]any
		_ = json.Unmarshal([]byte(arguments), &args)
		for _, c := range rawjson.Elements(when) {
			if rawjson.JSONKind(c) != "object" {
				continue
			}
			co := rawjson.Members(c)
			pat, _ := co.Get("args")
			out, hasOut := co.Get("output")
			if hasOut && matches(pat, args) {
				return outputText(out), true
			}
		}
	}
	if out, ok := o.Get("output"); ok {
		return outputText(out), true
	}
	if o.Has("when") {
		return "", false
	}
	return outputText(spec), true // an object without "output" is the output
}

func matches(pattern []byte, args map[string]any) bool {
	var p map[string]any
	if json.Unmarshal(pattern, &p) != nil {
		return false
	}
	for k, v := range p {
		if !reflect.DeepEqual(args[k], v) {
			return false
		}
	}
	return true
}

func outputText(v []byte) string {
	if s, ok := rawjson.Unquote(bytes.TrimSpace(v)); ok {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

// ErrNoMock stops the loop at a call no mock answers (and nobody else).
type ErrNoMock struct{ Name string }

func (e *ErrNoMock) Error() string {
	return "no mock output for " + e.Name + `: add one under "tooltui": {"mocks": {"` + e.Name + `": {"output": …}}}`
}

// Turn is what one request of the loop gave.
type Turn struct {
	N          int
	ResponseID string
	Calls      []Call
	Outputs    []string // the output sent back for each call
	Status     string
	// Note says what the follow-up request changed beyond the outputs
	// ("" when nothing): a forced tool_choice is sent as "auto".
	Note string
}

// Loop sends body and, while the model calls functions, answers each call
// (with answer: a mock, or what the user typed; ok false when there is
// none) and sends the next request, up to maxTurns requests. each sees
// every event with the number of its turn, done every finished turn. It
// returns nil when the model answered without calling a function.
func Loop(ctx context.Context, cfg Config, body []byte, maxTurns int, answer func(Call) (string, bool),
	each func(turn int, e Event) error, done func(Turn)) error {
	return LoopContext(ctx, cfg, body, maxTurns, func(_ context.Context, c Call) (string, bool, error) {
		out, ok := answer(c)
		return out, ok, nil
	}, each, done)
}

// AnswerFunc answers a call of the tool loop: its output, ok false when
// nobody can (the loop stops with an *ErrNoMock), or an error, which stops
// the loop with that error. ctx is the loop's.
type AnswerFunc func(ctx context.Context, c Call) (output string, ok bool, err error)

// LoopContext is Loop with an answer that takes the loop's context and
// may fail: an MCP server's tool, say (see internal/bridge). A turn whose
// answer fails is passed to done with the outputs before it.
func LoopContext(ctx context.Context, cfg Config, body []byte, maxTurns int, answer AnswerFunc,
	each func(turn int, e Event) error, done func(Turn)) error {
	if maxTurns < 1 {
		maxTurns = 1
	}
	stream := cfg.Stream
	if stream == nil {
		stream = Stream
	}
	for n := 1; n <= maxTurns; n++ {
		t := Turn{N: n}
		var output json.RawMessage
		err := stream(ctx, cfg, body, func(e Event) error {
			if e.ResponseID != "" {
				t.ResponseID = e.ResponseID
			}
			if e.Kind == KindCall && e.CallDone {
				t.Calls = append(t.Calls, Call{CallID: e.CallID, Name: e.Name, Arguments: e.Arguments})
			}
			if e.Kind == KindDone {
				t.Status, output = e.Status, e.Output
			}
			return each(n, e)
		})
		if err != nil {
			return err
		}
		if t.Status != "completed" || len(t.Calls) == 0 {
			done(t)
			if t.Status != "completed" {
				return &ErrResponseStatus{Status: t.Status}
			}
			return nil
		}
		for _, c := range t.Calls {
			out, ok, err := answer(ctx, c)
			if err != nil {
				done(t)
				return err
			}
			if !ok {
				done(t)
				return &ErrNoMock{Name: c.Name}
			}
			t.Outputs = append(t.Outputs, out)
		}
		body, t.Note = RelaxToolChoice(body)
		done(t)
		if body, err = NextBody(body, t, output); err != nil {
			return err
		}
	}
	return &ErrMaxTurns{N: maxTurns}
}

// ErrResponseStatus ends the loop at a response that did not complete:
// its status is "failed", "incomplete" or what else the server sent.
type ErrResponseStatus struct{ Status string }

func (e *ErrResponseStatus) Error() string { return "the response is " + e.Status }

// ErrMaxTurns stops the loop after its last turn when the model was
// still calling functions.
type ErrMaxTurns struct{ N int }

func (e *ErrMaxTurns) Error() string {
	return fmt.Sprintf("stopped after %d turns: the model was still calling functions", e.N)
}

// RelaxToolChoice returns body with a tool_choice that forces a call
// ("required", or an object naming a tool or a built-in type) replaced by
// "auto", and an allowed_tools choice in mode "required" put in mode
// "auto", with a note saying so; body itself when its tool_choice forces
// nothing. The loop sends the follow-ups that carry a turn's outputs
// with it: a forced choice forces the first turn's call, and forcing
// every turn would make the model call again until the turn limit.
func RelaxToolChoice(body []byte) ([]byte, string) {
	o := rawjson.Members(bytes.TrimSpace(body))
	tc, ok := o.Get("tool_choice")
	if !ok {
		return body, ""
	}
	tc = bytes.TrimSpace(tc)
	var relaxed json.RawMessage
	switch rawjson.JSONKind(tc) {
	case "string":
		if s, _ := rawjson.Unquote(tc); s == "required" {
			relaxed = json.RawMessage(`"auto"`)
		}
	case "object":
		c := rawjson.Members(tc).Clone()
		typ, _ := c.Get("type")
		if s, _ := rawjson.Unquote(bytes.TrimSpace(typ)); s == "allowed_tools" {
			if mode, _ := c.Get("mode"); string(bytes.TrimSpace(mode)) == `"required"` {
				c.Set("mode", json.RawMessage(`"auto"`))
				relaxed = c.AppendJSON(nil)
			}
		} else {
			relaxed = json.RawMessage(`"auto"`)
		}
	}
	if relaxed == nil {
		return body, ""
	}
	next := o.Clone()
	next.Set("tool_choice", relaxed)
	return next.AppendJSON(nil), "tool_choice " + oneLine(tc) + " applies to the first turn: the follow-up sends " + oneLine(relaxed) + " (the document keeps its value)"
}

// oneLine is JSON for a note of one line: the request's indented JSON,
// compact.
func oneLine(v []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

// NextBody is the request that answers turn t's calls: with "store" true
// or absent, previous_response_id and the outputs as input; with store
// false, the whole conversation again as input (the earlier input, the
// response's output items, then the outputs), since the server kept
// nothing.
func NextBody(body []byte, t Turn, output json.RawMessage) ([]byte, error) {
	o := rawjson.Members(bytes.TrimSpace(body)).Clone()
	o.Delete("stream")
	outputs := []byte{}
	for i, c := range t.Calls {
		item := fmt.Sprintf(`{"type":"function_call_output","call_id":%s,"output":%s}`, rawjson.String(c.CallID), rawjson.String(t.Outputs[i]))
		if i > 0 {
			outputs = append(outputs, ',')
		}
		outputs = append(outputs, item...)
	}
	store, _ := o.Get("store")
	if string(bytes.TrimSpace(store)) != "false" {
		if t.ResponseID == "" {
			return nil, errors.New("the response has no id to continue from; set store to false to send the whole conversation")
		}
		o.Set("previous_response_id", rawjson.String(t.ResponseID))
		o.Set("input", append(append([]byte{'['}, outputs...), ']'))
		return o.AppendJSON(nil), nil
	}
	var items [][]byte
	if in, ok := o.Get("input"); ok {
		switch rawjson.JSONKind(in) {
		case "array":
			items = append(items, rawjson.Elements(in)...)
		case "string":
			items = append(items, []byte(`{"role":"user","content":`+string(bytes.TrimSpace(in))+`}`))
		}
	}
	if rawjson.JSONKind(output) == "array" {
		items = append(items, rawjson.Elements(output)...)
	} else {
		for _, c := range t.Calls {
			items = append(items, []byte(fmt.Sprintf(`{"type":"function_call","call_id":%s,"name":%s,"arguments":%s}`,
				rawjson.String(c.CallID), rawjson.String(c.Name), rawjson.String(c.Arguments))))
		}
	}
	items = append(items, outputs)
	o.Set("input", append(append([]byte{'['}, bytes.Join(items, []byte{','})...), ']'))
	return o.AppendJSON(nil), nil
}
