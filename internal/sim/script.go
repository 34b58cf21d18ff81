package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/send"
)

// Script says what the simulator answers, request by request: turn n
// answers the n-th request the simulator gets. A turn streams its text (a
// message), then its calls, in order:
//
//	{"turns": [
//	  {"calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]},
//	  {"text": "It is 12 °C in Paris."}
//	]}
//
// "arguments" is an object or the text of one (a string, sent as it is,
// even when it is not JSON: a script may show a client's handling of bad
// arguments); "custom": true makes the call a custom tool's, with
// "input" as its text. Requests past the last turn are answered by the
// simulator's rules. A tooltui recording (tooltui send --record) is a
// script too: its turn n's events are played for request n.
type Script struct {
	Turns []ScriptTurn
}

// ScriptTurn is one answer of a script.
type ScriptTurn struct {
	Text  string
	Calls []ScriptCall
	// recorded are a recording's events, played as they are.
	recorded []recordedEvent
}

// ScriptCall is a call a script makes.
type ScriptCall struct {
	Name      string
	Arguments string
	Custom    bool
}

type recordedEvent struct {
	typ  string
	data json.RawMessage
}

func (t ScriptTurn) plan() *plan {
	if t.recorded != nil {
		return &plan{recorded: t.recorded}
	}
	p := &plan{text: t.Text}
	for _, c := range t.Calls {
		p.calls = append(p.calls, plannedCall{name: c.Name, arguments: c.Arguments, custom: c.Custom})
	}
	return p
}

// ParseScript reads a script, or a recording as one.
func ParseScript(data []byte) (*Script, error) {
	if first, _, _ := bytes.Cut(bytes.TrimSpace(data), []byte("\n")); bytes.Contains(first, []byte(`"`+send.RecordingFormat+`"`)) {
		rec, err := send.ReadRecording(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		s := &Script{}
		for _, t := range rec.Turns {
			st := ScriptTurn{recorded: []recordedEvent{}}
			for _, e := range t.Events {
				st.recorded = append(st.recorded, recordedEvent{typ: e.Type, data: e.Data})
			}
			s.Turns = append(s.Turns, st)
		}
		return s, nil
	}
	var raw struct {
		Turns []struct {
			Text  *string `json:"text"`
			Calls []struct {
				Name      string          `json:"name"`
				Arguments json.RawMessage `json:"arguments"`
				Input     *string         `json:"input"`
				Custom    bool            `json:"custom"`
			} `json:"calls"`
		} `json:"turns"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a script (%s): a script is {\"turns\": [{\"calls\": [{\"name\": …, \"arguments\": {…}}]}, {\"text\": …}]}", err)
	}
	if len(raw.Turns) == 0 {
		return nil, errors.New(`the script has no turns: {"turns": [{"calls": [{"name": …, "arguments": {…}}]}, {"text": …}]}`)
	}
	s := &Script{}
	for i, t := range raw.Turns {
		var st ScriptTurn
		if t.Text != nil {
			st.Text = *t.Text
		}
		if st.Text == "" && len(t.Calls) == 0 {
			return nil, fmt.Errorf("turn %d has neither \"text\" nor \"calls\"", i+1)
		}
		for j, c := range t.Calls {
			if strings.TrimSpace(c.Name) == "" {
				return nil, fmt.Errorf("turn %d, call %d has no \"name\"", i+1, j+1)
			}
			sc := ScriptCall{Name: c.Name, Custom: c.Custom}
			a := bytes.TrimSpace(c.Arguments)
			switch {
			case c.Custom:
				if c.Input != nil {
					sc.Arguments = *c.Input
				}
			case len(a) == 0 || string(a) == "null":
				sc.Arguments = "{}"
			case rawjson.JSONKind(a) == "string":
				sc.Arguments, _ = rawjson.Unquote(a)
			case rawjson.JSONKind(a) == "object":
				sc.Arguments = string(compact(a))
			default:
				return nil, fmt.Errorf("turn %d, call %d (%s): \"arguments\" is an object or a string, got %s", i+1, j+1, c.Name, rawjson.JSONKind(a))
			}
			st.Calls = append(st.Calls, sc)
		}
		s.Turns = append(s.Turns, st)
	}
	return s, nil
}

// playRecorded streams a recording's turn as it was, and remembers its
// response so that the next request may continue it: before its last
// event goes out, since a client sends the next request as soon as it
// reads that one.
func (s *Server) playRecorded(e *emitter, events []recordedEvent, fault Fault) {
	if fault == FaultCut {
		e.cutAt = len(events) / 2
	}
	var id string
	var st storedResp
	for _, ev := range events {
		var w struct {
			Response *struct {
				ID string `json:"id"`
			} `json:"response"`
			Item *struct {
				Type      string `json:"type"`
				CallID    string `json:"call_id"`
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"item"`
		}
		if json.Unmarshal(ev.data, &w) != nil {
			continue
		}
		if w.Response != nil && w.Response.ID != "" {
			id = w.Response.ID
		}
		if ev.typ == "response.output_item.done" && w.Item != nil && (w.Item.Type == "function_call" || w.Item.Type == "custom_tool_call") {
			st.calls = append(st.calls, callItem{callID: w.Item.CallID, name: w.Item.Name, arguments: w.Item.Arguments})
		}
	}
	for i, ev := range events {
		if fault == FaultErrorEvent && strings.HasPrefix(ev.typ, "response.output_item") {
			e.event("error", "code", "server_error", "message", "The server had an error while processing your request. (a fault of tooltui's simulator)", "param", nil)
			return
		}
		if i == len(events)-1 && id != "" && !e.stopped {
			s.remember(id, st)
		}
		e.raw(ev.typ, ev.data)
	}
}

// recordedFinal answers a request without "stream" with the response a
// recording's turn completed with.
func (s *Server) recordedFinal(w http.ResponseWriter, events []recordedEvent) {
	for i := len(events) - 1; i >= 0; i-- {
		var v struct {
			Response json.RawMessage `json:"response"`
		}
		if events[i].typ == "response.completed" && json.Unmarshal(events[i].data, &v) == nil && len(v.Response) > 0 {
			w.Header().Set("Content-Type", "application/json")
			w.Write(append(rawjson.AppendIndent(nil, v.Response, "", "  "), '\n'))
			return
		}
	}
	writeError(w, http.StatusInternalServerError, &APIError{Message: "the recording's turn has no completed response", Type: "server_error"})
}
