package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/termtext"
)

// KeepMockKey, in the response view's prompt for a call no mock answers,
// sends the output typed and keeps it as a mock of the function.
var KeepMockKey = key.NewBinding(key.WithKeys("alt+enter", "ctrl+enter"),
	key.WithHelp("alt+enter", "send this output and keep it as a mock of the function (ctrl+enter too)"))

// KeptAsMock keeps output, typed for call c, as a mock (keepAsMock).
func KeptAsMock(c send.Call, output string) []Action {
	fn, what, err := KeepAsMock(c.Name, c.Arguments, output)
	if err != nil {
		return []Action{SayErr("Not kept as a mock: " + err.Error())}
	}
	return []Action{ActEdit{Fn: fn}, Say("Kept the output as " + what + " (ctrl+z undoes it; this send goes on with the mocks it started with)")}
}

// KeepAsMock is the edit that keeps an output typed for a call no mock
// answered as a mock of its function: for calls with these arguments (a
// call with arguments), or as the fixed output (a call without). The
// output is written as JSON when it is JSON other than a string, which
// the send loop sends as its text, and as a string otherwise, sent as
// typed.
func KeepAsMock(name, arguments, output string) (Edit, string, error) {
	if name == "" {
		return nil, "", errors.New("the call names no function")
	}
	c := model.MockCase{Output: rawjson.String(output)}
	if t := strings.TrimSpace(output); rawjson.CheckJSON([]byte(t)) == nil && rawjson.JSONKind([]byte(t)) != "string" {
		c.Output = MockJSON(t)
	}
	what := "the fixed mock output of " + name
	if a := strings.TrimSpace(arguments); rawjson.CheckJSON([]byte(a)) == nil && rawjson.JSONKind([]byte(a)) == "object" &&
		len(rawjson.Members([]byte(a))) > 0 {
		c.Args = MockJSON(a)
		what = "a mock output of " + name + " for these arguments"
	}
	fn := func(doc *model.Document) (*model.Document, error) {
		nd, _, err := model.AddMockCase(doc, name, c)
		return nd, err
	}
	return fn, termtext.SanitizeLine(what), nil
}

// MockJSON is valid JSON text, compact.
func MockJSON(s string) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return json.RawMessage(s)
	}
	return b.Bytes()
}
