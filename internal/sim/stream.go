package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/rawjson"
	"github.com/tooltui/tooltui/internal/tokens"
)

// obj writes a JSON object of key and value pairs in order: a value is a
// json.RawMessage (written as it is), a string, an int, a bool or nil.
func obj(kv ...any) json.RawMessage {
	n := 2 + 32*len(kv)
	for _, v := range kv {
		if r, ok := v.(json.RawMessage); ok {
			n += len(r)
		}
	}
	b := make([]byte, 1, n)
	b[0] = '{'
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = rawjson.AppendString(b, kv[i].(string))
		b = append(b, ':')
		b = appendValue(b, kv[i+1])
	}
	return append(b, '}')
}

func arr(vs ...json.RawMessage) json.RawMessage {
	b := []byte{'['}
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, v...)
	}
	return append(b, ']')
}

func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case json.RawMessage:
		if len(x) == 0 {
			return append(b, "null"...)
		}
		return append(b, x...)
	case []byte:
		return appendValue(b, json.RawMessage(x))
	case string:
		return rawjson.AppendString(b, x)
	case int:
		return fmt.Appendf(b, "%d", x)
	case float64:
		return fmt.Appendf(b, "%g", x)
	case bool:
		return fmt.Appendf(b, "%t", x)
	case []string:
		vs := make([]json.RawMessage, len(x))
		for i, s := range x {
			vs[i] = rawjson.String(s)
		}
		return append(b, arr(vs...)...)
	}
	panic(fmt.Sprintf("sim: no JSON for %T", v))
}

// emitter writes the events of one response, numbered, at the pace.
type emitter struct {
	w       http.ResponseWriter
	r       *http.Request
	seq     int
	pace    time.Duration
	sent    int
	sse     bool // false: nothing is written until the end (stream false)
	cutAt   int  // the event before which a "cut" fault drops the connection (0: none)
	stopped bool // the client went away
}

func (e *emitter) event(typ string, kv ...any) {
	if !e.sse || e.stopped {
		e.seq++
		return
	}
	if !e.wait() {
		return
	}
	e.write(typ, obj(append([]any{"type", typ, "sequence_number", e.seq}, kv...)...))
}

// wait waits for the pace before the next event, or drops the
// connection there for a cut; false when the client went away.
func (e *emitter) wait() bool {
	if e.stopped {
		return false
	}
	if e.cutAt > 0 && e.sent == e.cutAt {
		if f, ok := e.w.(http.Flusher); ok {
			f.Flush()
		}
		panic(http.ErrAbortHandler) // the connection drops mid-answer
	}
	if e.sent > 0 && e.pace > 0 {
		t := time.NewTimer(e.pace)
		select {
		case <-t.C:
		case <-e.r.Context().Done():
			t.Stop()
			e.stopped = true
			return false
		}
	}
	return true
}

// raw writes an event's data as it is (a recording's).
func (e *emitter) raw(typ string, data json.RawMessage) {
	if !e.wait() {
		return
	}
	e.write(typ, data)
}

func (e *emitter) write(typ string, data json.RawMessage) {
	e.seq++
	e.sent++
	b := make([]byte, 0, len(typ)+len(data)+16)
	b = append(b, "event: "...)
	b = append(b, typ...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	b = append(b, "\n\n"...)
	if _, err := e.w.Write(b); err != nil {
		e.stopped = true
		return
	}
	if f, ok := e.w.(http.Flusher); ok {
		f.Flush()
	}
}

// stream answers req with p, as server-sent events when the request asks
// for a stream, else as one JSON response.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, req *request, p *plan, fault Fault) {
	e := &emitter{w: w, r: r, pace: s.opts.Pace, sse: req.stream}
	if req.stream {
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Request-Id", s.newID("req"))
		w.WriteHeader(http.StatusOK)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	if !req.stream && (fault == FaultCut || fault == FaultErrorEvent) {
		writeError(w, http.StatusInternalServerError, &APIError{Message: "The server had an error while processing your request. (a fault of tooltui's simulator)", Type: "server_error"})
		return
	}
	if fault == FaultSlow {
		d := s.opts.SlowDelay
		if d == 0 {
			d = 5 * time.Second
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
		e.pace = max(4*e.pace, 50*time.Millisecond)
	}
	if p.recorded != nil {
		if !req.stream {
			s.recordedFinal(w, p.recorded)
			return
		}
		s.playRecorded(e, p.recorded, fault)
		return
	}
	id := s.newID("resp")
	created := time.Now().Unix()
	resp := func(status string, output []json.RawMessage, usage json.RawMessage) json.RawMessage {
		return s.response(req, id, created, status, output, usage)
	}
	e.event("response.created", "response", resp("in_progress", nil, nil))
	e.event("response.in_progress", "response", resp("in_progress", nil, nil))
	if fault == FaultErrorEvent {
		e.event("error", "code", "server_error", "message", "The server had an error while processing your request. (a fault of tooltui's simulator)", "param", nil)
		return
	}
	if fault == FaultCut {
		e.cutAt = e.sent + 3 // the item, its first part, then nothing more
	}
	var output []json.RawMessage
	stored := storedResp{}
	outText := &strings.Builder{}
	for _, q := range p.searches {
		output = append(output, s.webSearch(e, len(output), q))
		stored.searched = append(stored.searched, q)
	}
	for _, q := range p.fileSearches {
		output = append(output, s.fileSearch(e, len(output), q))
	}
	if p.text != "" {
		output = append(output, s.message(e, len(output), p, req.text))
		outText.WriteString(p.text)
	}
	for _, c := range p.calls {
		item, call := s.call(e, len(output), c)
		output = append(output, item)
		stored.calls = append(stored.calls, call)
		outText.WriteString(c.arguments)
	}
	if e.stopped {
		return
	}
	if req.store {
		s.remember(id, stored)
	}
	usage := s.usage(req, outText.String())
	final := resp("completed", output, usage)
	if !req.stream {
		w.Header().Set("Content-Type", "application/json")
		w.Write(append(rawjson.AppendIndent(nil, final, "", "  "), '\n'))
		return
	}
	e.event("response.completed", "response", final)
}

// response is the Response object, in the API's member order.
func (s *Server) response(req *request, id string, created int64, status string, output []json.RawMessage, usage json.RawMessage) json.RawMessage {
	get := func(k string, def json.RawMessage) json.RawMessage {
		if v, ok := req.raw.Get(k); ok {
			return compact(bytes.TrimSpace(v))
		}
		return def
	}
	var prev any
	if req.previous != "" {
		prev = req.previous
	}
	if req.tools == nil {
		// The tools as sent, once for the response's three copies.
		req.tools = json.RawMessage("[]")
		if v, ok := req.raw.Get("tools"); ok && rawjson.JSONKind(bytes.TrimSpace(v)) == "array" {
			req.tools = compact(bytes.TrimSpace(v))
		}
	}
	if output == nil {
		output = []json.RawMessage{}
	}
	return obj(
		"id", id,
		"object", "response",
		"created_at", int(created),
		"status", status,
		"background", false,
		"error", nil,
		"incomplete_details", nil,
		"instructions", get("instructions", nil),
		"max_output_tokens", get("max_output_tokens", nil),
		"max_tool_calls", get("max_tool_calls", nil),
		"model", req.model,
		"output", arr(output...),
		"parallel_tool_calls", req.parallel,
		"previous_response_id", prev,
		"reasoning", get("reasoning", json.RawMessage(`{"effort":null,"summary":null}`)),
		"service_tier", "default",
		"store", req.store,
		"temperature", get("temperature", json.RawMessage("1.0")),
		"text", get("text", json.RawMessage(`{"format":{"type":"text"},"verbosity":"medium"}`)),
		"tool_choice", compact(req.choice),
		"tools", req.tools,
		"top_logprobs", get("top_logprobs", json.RawMessage("0")),
		"top_p", get("top_p", json.RawMessage("1.0")),
		"truncation", get("truncation", json.RawMessage(`"disabled"`)),
		"usage", usage,
		"user", get("user", nil),
		"metadata", get("metadata", json.RawMessage("{}")),
	)
}

// toolCounts are the token counts of the tools seen, by their JSON, for
// every simulator of the process (a tool is counted once).
var toolCounts tokens.Cache

// maxCounted bounds the tools toolCounts keeps.
const maxCounted = 20000

// usage counts the request's input (its instructions, input and tools)
// and the output with the o200k_base encoding.
func (s *Server) usage(req *request, out string) json.RawMessage {
	in := 0
	for _, k := range []string{"instructions", "input"} {
		if v, ok := req.raw.Get(k); ok {
			if t, ok := rawjson.Unquote(bytes.TrimSpace(v)); ok {
				in += tokens.Count(t)
			} else {
				in += tokens.Count(string(compact(bytes.TrimSpace(v))))
			}
		}
	}
	for _, t := range req.res.Tools {
		b, _ := t.MarshalJSON()
		in += toolCounts.Tool(b)
	}
	if toolCounts.Len() > maxCounted {
		toolCounts.Sweep() // forget the tools no request had since the last sweep
	}
	o := tokens.Count(out)
	return obj("input_tokens", in, "input_tokens_details", obj("cached_tokens", 0),
		"output_tokens", o, "output_tokens_details", obj("reasoning_tokens", 0), "total_tokens", in+o)
}

// chunks cuts text into the deltas a model streams: a word and the space
// before it, or about 12 bytes of arguments.
func chunks(text string, words bool) []string {
	var cs []string
	if words {
		start := 0
		for i := 1; i < len(text); i++ {
			if text[i] == ' ' && text[i-1] != ' ' {
				cs = append(cs, text[start:i])
				start = i
			}
		}
		return append(cs, text[start:])
	}
	for len(text) > 12 {
		n := 12
		for n < len(text) && !utf8.RuneStart(text[n]) {
			n++
		}
		cs = append(cs, text[:n])
		text = text[n:]
	}
	if text != "" {
		cs = append(cs, text)
	}
	return cs
}

// call streams a function's or custom tool's call.
func (s *Server) call(e *emitter, idx int, c plannedCall) (json.RawMessage, callItem) {
	callID := s.newID("call")
	if c.custom {
		id := s.newID("ctc")
		e.event("response.output_item.added", "output_index", idx, "item", obj("id", id, "type", "custom_tool_call", "status", "in_progress", "call_id", callID, "input", "", "name", c.name))
		for _, d := range chunks(c.arguments, false) {
			e.event("response.custom_tool_call_input.delta", "item_id", id, "output_index", idx, "delta", d)
		}
		e.event("response.custom_tool_call_input.done", "item_id", id, "output_index", idx, "input", c.arguments)
		item := obj("id", id, "type", "custom_tool_call", "status", "completed", "call_id", callID, "input", c.arguments, "name", c.name)
		e.event("response.output_item.done", "output_index", idx, "item", item)
		return item, callItem{callID: callID, name: c.name, arguments: c.arguments}
	}
	id := s.newID("fc")
	e.event("response.output_item.added", "output_index", idx, "item", obj("id", id, "type", "function_call", "status", "in_progress", "arguments", "", "call_id", callID, "name", c.name))
	for _, d := range chunks(c.arguments, false) {
		e.event("response.function_call_arguments.delta", "item_id", id, "output_index", idx, "delta", d)
	}
	e.event("response.function_call_arguments.done", "item_id", id, "name", c.name, "output_index", idx, "arguments", c.arguments)
	item := obj("id", id, "type", "function_call", "status", "completed", "arguments", c.arguments, "call_id", callID, "name", c.name)
	e.event("response.output_item.done", "output_index", idx, "item", item)
	return item, callItem{callID: callID, name: c.name, arguments: c.arguments}
}

// message streams a message with p's text; after a web search its
// results' titles are cited.
func (s *Server) message(e *emitter, idx int, p *plan, q string) json.RawMessage {
	id := s.newID("msg")
	empty := obj("type", "output_text", "annotations", json.RawMessage("[]"), "logprobs", json.RawMessage("[]"), "text", "")
	e.event("response.output_item.added", "output_index", idx, "item", obj("id", id, "type", "message", "status", "in_progress", "content", json.RawMessage("[]"), "role", "assistant"))
	e.event("response.content_part.added", "item_id", id, "output_index", idx, "content_index", 0, "part", empty)
	for _, d := range chunks(p.text, true) {
		e.event("response.output_text.delta", "item_id", id, "output_index", idx, "content_index", 0, "delta", d, "logprobs", json.RawMessage("[]"))
	}
	var anns []json.RawMessage
	if p.cite {
		for n := 1; n <= 2; n++ {
			title := resultTitle(q, n)
			at := strings.Index(p.text, title)
			if at < 0 {
				continue
			}
			start := utf8.RuneCountInString(p.text[:at])
			a := obj("type", "url_citation", "end_index", start+utf8.RuneCountInString(title), "start_index", start, "title", title, "url", resultURL(q, n))
			e.event("response.output_text.annotation.added", "item_id", id, "output_index", idx, "content_index", 0, "annotation_index", len(anns), "annotation", a)
			anns = append(anns, a)
		}
	}
	if anns == nil {
		anns = []json.RawMessage{}
	}
	e.event("response.output_text.done", "item_id", id, "output_index", idx, "content_index", 0, "text", p.text, "logprobs", json.RawMessage("[]"))
	part := obj("type", "output_text", "annotations", arr(anns...), "logprobs", json.RawMessage("[]"), "text", p.text)
	e.event("response.content_part.done", "item_id", id, "output_index", idx, "content_index", 0, "part", part)
	item := obj("id", id, "type", "message", "status", "completed", "content", arr(part), "role", "assistant")
	e.event("response.output_item.done", "output_index", idx, "item", item)
	return item
}

// webSearch streams a web_search_call.
func (s *Server) webSearch(e *emitter, idx int, q string) json.RawMessage {
	id := s.newID("ws")
	e.event("response.output_item.added", "output_index", idx, "item", obj("id", id, "type", "web_search_call", "status", "in_progress"))
	for _, st := range []string{"in_progress", "searching", "completed"} {
		e.event("response.web_search_call."+st, "output_index", idx, "item_id", id)
	}
	sources := arr(obj("type", "url", "url", resultURL(q, 1)), obj("type", "url", "url", resultURL(q, 2)))
	item := obj("id", id, "type", "web_search_call", "status", "completed", "action", obj("type", "search", "query", q, "sources", sources))
	e.event("response.output_item.done", "output_index", idx, "item", item)
	return item
}

// fileSearch streams a file_search_call with its results.
func (s *Server) fileSearch(e *emitter, idx int, q string) json.RawMessage {
	id := s.newID("fs")
	e.event("response.output_item.added", "output_index", idx, "item", obj("id", id, "type", "file_search_call", "status", "in_progress", "queries", json.RawMessage("[]"), "results", nil))
	for _, st := range []string{"in_progress", "searching", "completed"} {
		e.event("response.file_search_call."+st, "output_index", idx, "item_id", id)
	}
	results := arr(
		obj("attributes", json.RawMessage("{}"), "file_id", "file-sim0001", "filename", fileName(1), "score", 0.92, "text", "What the first file says about "+q),
		obj("attributes", json.RawMessage("{}"), "file_id", "file-sim0002", "filename", fileName(2), "score", 0.71, "text", "What the second file says about "+q),
	)
	item := obj("id", id, "type", "file_search_call", "status", "completed", "queries", []string{q}, "results", results)
	e.event("response.output_item.done", "output_index", idx, "item", item)
	return item
}
