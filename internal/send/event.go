package send

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Kind is what an event means to someone watching the answer.
type Kind int

const (
	// KindOther is an event kept as it came: lifecycle, parts, events of
	// servers the SDK does not know.
	KindOther Kind = iota
	// KindText is output text as it streams (Text is the delta).
	KindText
	// KindRefusal is a refusal as it streams.
	KindRefusal
	// KindReasoning is reasoning or its summary as it streams.
	KindReasoning
	// KindCall is a function or custom tool call: added (Name, CallID),
	// its arguments streaming (Text), or done (Arguments whole).
	KindCall
	// KindTool is a built-in tool's activity (web_search, file_search,
	// code_interpreter, mcp, image_generation, ...): Status says which.
	KindTool
	// KindDone ends the stream: the response completed, failed or is
	// incomplete (Status), with Usage.
	KindDone
	// KindError is an error event, in either shape servers send.
	KindError
)

// Event is one server-sent event of the stream, read.
type Event struct {
	Kind Kind
	// Type is the event's type as sent ("response.output_text.delta").
	Type string
	// Text is a delta (text, refusal, reasoning, call arguments) or an
	// error's message.
	Text string
	// Calls: the item's id, the call's id and the function's name; for
	// KindCall done, the whole arguments.
	ItemID, CallID, Name, Arguments string
	// CallDone marks the end of a call's arguments.
	CallDone bool
	// Status is a built-in tool's step ("searching") or the response's
	// status at the end ("completed").
	Status string
	// Code is an error's code.
	Code string
	// Usage is the response's token usage at the end, as sent.
	Usage json.RawMessage
	// ResponseID is the response's id (from response.created and the
	// end); Output its output items at the end, as sent.
	ResponseID string
	Output     json.RawMessage
	// Raw is the event's data as received.
	Raw json.RawMessage
}

// wire is the part of an event's data that Parse reads.
type wire struct {
	Type    string `json:"type"`
	Delta   string `json:"delta"`
	ItemID  string `json:"item_id"`
	Code    any    `json:"code"`
	Message string `json:"message"`
	Name    string `json:"name"`
	Args    string `json:"arguments"`
	Error   *struct {
		Type    string `json:"type"`
		Code    any    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Item *struct {
		Type   string `json:"type"`
		ID     string `json:"id"`
		CallID string `json:"call_id"`
		Name   string `json:"name"`
		Args   string `json:"arguments"`
	} `json:"item"`
	Response *struct {
		ID     string          `json:"id"`
		Status string          `json:"status"`
		Usage  json.RawMessage `json:"usage"`
		Output json.RawMessage `json:"output"`
		Error  *struct {
			Code    any    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	} `json:"response"`
}

// Parse reads one event: sseType is the SSE "event:" field (servers that
// leave it out put the type in the data).
func Parse(sseType string, data []byte) (Event, error) {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return Event{}, err
	}
	ev := Event{Type: w.Type, Raw: append(json.RawMessage(nil), data...), ItemID: w.ItemID}
	if ev.Type == "" {
		ev.Type = sseType
	}
	if w.Response != nil {
		ev.ResponseID, ev.Output = w.Response.ID, w.Response.Output
	}
	t := ev.Type
	switch {
	case t == "error" || w.Error != nil && w.Response == nil:
		ev.Kind = KindError
		ev.Text, ev.Code = w.Message, codeText(w.Code)
		if w.Error != nil {
			ev.Text, ev.Code = w.Error.Message, codeText(w.Error.Code)
			if ev.Code == "" {
				ev.Code = w.Error.Type
			}
		}
	case t == "response.output_text.delta":
		ev.Kind, ev.Text = KindText, w.Delta
	case t == "response.refusal.delta":
		ev.Kind, ev.Text = KindRefusal, w.Delta
	case t == "response.reasoning_text.delta", t == "response.reasoning_summary_text.delta":
		ev.Kind, ev.Text = KindReasoning, w.Delta
	case t == "response.output_item.added" && w.Item != nil && isCall(w.Item.Type):
		ev.Kind, ev.ItemID, ev.CallID, ev.Name = KindCall, w.Item.ID, w.Item.CallID, w.Item.Name
	case t == "response.output_item.done" && w.Item != nil && isCall(w.Item.Type):
		ev.Kind, ev.ItemID, ev.CallID, ev.Name, ev.CallDone = KindCall, w.Item.ID, w.Item.CallID, w.Item.Name, true
		ev.Arguments = w.Item.Args
	case t == "response.function_call_arguments.delta", t == "response.custom_tool_call_input.delta":
		ev.Kind, ev.Text = KindCall, w.Delta
	case t == "response.completed", t == "response.failed", t == "response.incomplete":
		ev.Kind = KindDone
		ev.Status = strings.TrimPrefix(t, "response.")
		if w.Response != nil {
			if w.Response.Status != "" {
				ev.Status = w.Response.Status
			}
			ev.Usage = w.Response.Usage
			if w.Response.Error != nil {
				ev.Text, ev.Code = w.Response.Error.Message, codeText(w.Response.Error.Code)
			}
		}
	case isToolActivity(t):
		ev.Kind = KindTool
		ev.Status = t[strings.LastIndexByte(t, '.')+1:]
	}
	return ev, nil
}

func isCall(itemType string) bool {
	return itemType == "function_call" || itemType == "custom_tool_call"
}

// isToolActivity: response.web_search_call.searching, ...mcp_call.completed.
func isToolActivity(t string) bool {
	for _, p := range [...]string{"web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call",
		"mcp_call", "mcp_list_tools", "shell_call", "computer_call"} {
		if strings.HasPrefix(t, "response."+p+".") {
			return true
		}
	}
	return false
}

func codeText(c any) string {
	switch v := c.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}
