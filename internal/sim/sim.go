// Package sim is a stand-in for the Responses API (POST /v1/responses)
// that runs inside tooltui: an http.Handler that checks a request as the
// API does and answers it, streamed as server-sent events in the API's
// event and object shapes, as a model that follows the rules would.
//
//   - An invalid request gets the API's error shape (HTTP 400,
//     {"error": {"message", "type": "invalid_request_error", "param",
//     "code"}}), from the converter's diagnostics: "param" names the
//     request member, as in "tools[2].parameters".
//   - tool_choice (none, auto, required, a function, a built-in type,
//     allowed_tools) and parallel_tool_calls are honoured. The function
//     called is the one whose name and description share the most words
//     with the input (ties broken by the seed); with parallel calls, every
//     function that shares a word is called. Its arguments come from
//     schematree.Example, fitted to the input's words where they fit, and
//     always pass args.Validate: in strict form when the function is
//     strict, with null for an optional value left out.
//   - web_search gives a web_search_call item, then a message with
//     url_citation annotations; file_search a file_search_call with
//     results.
//   - A request carrying function_call_output items is answered in text
//     that quotes them.
//   - Usage is counted with internal/tokens.
//
// A Script replaces the choices, turn by turn; Faults break a chosen turn
// (429, 500, a cut stream, an error event, a slow start). The simulator
// keeps the responses it gave (in memory) so that previous_response_id
// works; nothing happens at init.
package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// Options shape a simulator.
type Options struct {
	// Seed breaks ties between equally good choices and makes the ids.
	Seed uint64
	// Pace is the time between two events of a stream (0: none).
	Pace time.Duration
	// Script, when set, answers request n with its turn n; requests past
	// its end are answered by the rules.
	Script *Script
	// Faults break the requests they name.
	Faults []TurnFault
	// SlowDelay is how long a "slow" fault waits before the first event
	// (0: 5 s).
	SlowDelay time.Duration
	// Received, when set, is given each request's body as the simulator
	// read it, byte for byte, before it checks it: a test compares what a
	// client sent with what it meant to send. It may be called from
	// several goroutines at once and must not change body.
	Received func(body []byte)
}

// Server is the simulator. It is safe for concurrent use.
type Server struct {
	opts Options

	mu    sync.Mutex
	rng   *rand.Rand
	turn  int                   // requests so far
	ids   int                   // ids made so far
	store map[string]storedResp // responses given, by id
	order []string              // their ids, oldest first
	conv  convert.Converter
}

// storedResp is what a later request can refer to with
// previous_response_id: the calls the response made.
type storedResp struct {
	calls []callItem
	// searched: the response's web search queries.
	searched []string
}

// maxStored bounds the responses kept.
const maxStored = 1000

// New returns a simulator.
func New(opts Options) *Server {
	return &Server{opts: opts, rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)), store: map[string]storedResp{}}
}

// ServeHTTP answers POST /v1/responses (and /responses); anything else is
// the API's 404 or 405.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimSuffix(r.URL.Path, "/")
	if path != "/v1/responses" && path != "/responses" {
		writeError(w, http.StatusNotFound, &APIError{Message: fmt.Sprintf("Invalid URL (%s %s)", r.Method, r.URL.Path), Type: "invalid_request_error"})
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, http.StatusMethodNotAllowed, &APIError{Message: "Method " + r.Method + " is not allowed on " + r.URL.Path + "; use POST", Type: "invalid_request_error"})
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, model.MaxDocumentBytes+1))
	if err != nil {
		writeError(w, http.StatusBadRequest, &APIError{Message: "could not read the request body: " + err.Error(), Type: "invalid_request_error"})
		return
	}
	if s.opts.Received != nil {
		s.opts.Received(body)
	}
	s.mu.Lock()
	s.turn++
	turn := s.turn
	s.mu.Unlock()
	fault := s.faultAt(turn)
	switch fault {
	case Fault429:
		w.Header().Set("Retry-After", "1")
		w.Header().Set("X-Ratelimit-Reset-Requests", "1s")
		writeError(w, http.StatusTooManyRequests, &APIError{Message: "Rate limit reached for requests. Please try again in 1s. (a fault of tooltui's simulator)", Type: "requests", Code: "rate_limit_exceeded"})
		return
	case Fault500:
		writeError(w, http.StatusInternalServerError, &APIError{Message: "The server had an error while processing your request. Sorry about that! (a fault of tooltui's simulator)", Type: "server_error"})
		return
	}
	req, apiErr := s.check(body)
	if apiErr != nil {
		writeError(w, http.StatusBadRequest, apiErr)
		return
	}
	plan, apiErr := s.plan(req, turn)
	if apiErr != nil {
		writeError(w, http.StatusBadRequest, apiErr)
		return
	}
	s.stream(w, r, req, plan, fault)
}

// APIError is the API's error object.
type APIError struct {
	Message string
	Type    string
	Param   string
	Code    string
}

func (e *APIError) Error() string { return e.Message }

// JSON is the error as the API sends it: {"error": {…}}.
func (e *APIError) JSON() []byte {
	var b []byte
	b = append(b, `{"error":{"message":`...)
	b = rawjson.AppendString(b, e.Message)
	b = append(b, `,"type":`...)
	b = rawjson.AppendString(b, e.Type)
	b = append(b, `,"param":`...)
	b = nullable(b, e.Param)
	b = append(b, `,"code":`...)
	b = nullable(b, e.Code)
	return append(b, "}}"...)
}

func nullable(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return rawjson.AppendString(b, s)
}

func writeError(w http.ResponseWriter, status int, e *APIError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(e.JSON(), '\n'))
}

// request is a checked request.
type request struct {
	raw      rawjson.Object
	res      convert.Result
	model    string
	stream   bool
	store    bool
	parallel bool
	choice   json.RawMessage // tool_choice as sent, "auto" when absent
	words    []string        // of the input's user messages and the instructions
	text     string          // the last user message
	outputs  []outputItem    // function_call_output items of the input
	calls    []callItem      // function_call items of the input (store false)
	previous string
	prevResp storedResp
	tools    json.RawMessage // the tools as sent, compact, once needed
}

type outputItem struct{ callID, output string }

type callItem struct{ callID, name, arguments string }

// docKeys are members of a tooltui document that no request has.
var docKeys = []string{"tools_defs", "extra", model.KeyMeta}

// check reads and checks a request as the API would.
func (s *Server) check(body []byte) (*request, *APIError) {
	b := bytes.TrimSpace(body)
	if len(body) > model.MaxDocumentBytes {
		return nil, &APIError{Message: "The request body is too large.", Type: "invalid_request_error"}
	}
	if rawjson.CheckJSON(b) != nil || rawjson.JSONKind(b) != "object" {
		return nil, &APIError{Message: "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)", Type: "invalid_request_error"}
	}
	o := rawjson.Members(b)
	for _, k := range docKeys {
		if o.Has(k) {
			return nil, &APIError{Message: fmt.Sprintf("Unknown parameter: '%s'. (a tooltui document, not a request: tooltui build writes the request)", k), Type: "invalid_request_error", Param: k, Code: "unknown_parameter"}
		}
	}
	req := &request{raw: o, store: true, parallel: true, choice: json.RawMessage(`"auto"`)}
	m, ok := o.Get("model")
	if !ok {
		return nil, &APIError{Message: "Missing required parameter: 'model'.", Type: "invalid_request_error", Param: "model", Code: "missing_required_parameter"}
	}
	if req.model, ok = rawjson.Unquote(bytes.TrimSpace(m)); !ok {
		return nil, invalidType("model", "a string", m)
	}
	for _, f := range [...]struct {
		key string
		dst *bool
	}{{"stream", &req.stream}, {"store", &req.store}, {"parallel_tool_calls", &req.parallel}} {
		v, ok := o.Get(f.key)
		if !ok || string(bytes.TrimSpace(v)) == "null" {
			continue
		}
		switch string(bytes.TrimSpace(v)) {
		case "true":
			*f.dst = true
		case "false":
			*f.dst = false
		default:
			return nil, invalidType(f.key, "a boolean", v)
		}
	}
	doc, err := model.Parse(b)
	if err != nil {
		return nil, &APIError{Message: err.Error(), Type: "invalid_request_error"}
	}
	s.mu.Lock()
	req.res = s.conv.Convert(doc)
	s.mu.Unlock()
	for _, d := range req.res.Diagnostics {
		if d.Severity == convert.Error {
			return nil, diagnosticError(d)
		}
	}
	if tc, ok := o.Get("tool_choice"); ok && string(bytes.TrimSpace(tc)) != "null" {
		req.choice = bytes.TrimSpace(tc)
	}
	if err := req.readInput(); err != nil {
		return nil, err
	}
	if p, ok := o.Get("previous_response_id"); ok && string(bytes.TrimSpace(p)) != "null" {
		id, _ := rawjson.Unquote(bytes.TrimSpace(p))
		s.mu.Lock()
		prev, found := s.store[id]
		s.mu.Unlock()
		if !found {
			return nil, &APIError{Message: fmt.Sprintf("Previous response with id '%s' not found.", id), Type: "invalid_request_error", Param: "previous_response_id", Code: "previous_response_not_found"}
		}
		req.previous, req.prevResp = id, prev
	}
	if err := req.checkOutputs(); err != nil {
		return nil, err
	}
	return req, nil
}

func invalidType(param, want string, got []byte) *APIError {
	return &APIError{Message: fmt.Sprintf("Invalid type for '%s': expected %s, but got %s instead.", param, want, kindName(got)), Type: "invalid_request_error", Param: param, Code: "invalid_type"}
}

func kindName(v []byte) string {
	switch k := rawjson.JSONKind(bytes.TrimSpace(v)); k {
	case "object":
		return "an object"
	case "array":
		return "an array"
	case "":
		return "invalid JSON"
	default:
		return "a " + k
	}
}

// diagnosticError is the 400 the API gives for what the converter's
// diagnostic d found: param names the request member ("tools[2]" and the
// first token of the pointer inside it: "tools[2].parameters").
func diagnosticError(d convert.Diagnostic) *APIError {
	param := d.Location
	code := "invalid_value"
	if tok, _, _ := strings.Cut(strings.TrimPrefix(d.Path, "/"), "/"); tok != "" && strings.HasPrefix(param, "tools[") {
		param += "." + tok
		if tok == "parameters" {
			code = "invalid_function_parameters"
		}
	}
	msg := d.Message
	if d.Path != "" {
		msg = d.Path + ": " + msg
	}
	if d.Type != "" {
		msg = "Invalid " + d.Type + " tool at " + d.Location + ": " + msg
	} else {
		msg = "Invalid value for '" + param + "': " + msg
	}
	return &APIError{Message: msg, Type: "invalid_request_error", Param: param, Code: code}
}

// readInput reads the input: the user's words, the outputs and calls.
func (r *request) readInput() *APIError {
	in, ok := r.raw.Get("input")
	if !ok {
		return nil
	}
	in = bytes.TrimSpace(in)
	switch rawjson.JSONKind(in) {
	case "string":
		r.text, _ = rawjson.Unquote(in)
	case "array":
		for i, it := range rawjson.Elements(in) {
			if rawjson.JSONKind(it) != "object" {
				return &APIError{Message: fmt.Sprintf("Invalid type for 'input[%d]': expected an object, but got %s instead.", i, kindName(it)), Type: "invalid_request_error", Param: fmt.Sprintf("input[%d]", i), Code: "invalid_type"}
			}
			m := rawjson.Members(bytes.TrimSpace(it))
			typ := str(m, "type")
			switch {
			case typ == "function_call_output":
				out, _ := m.Get("output")
				text, ok := rawjson.Unquote(bytes.TrimSpace(out))
				if !ok {
					text = partsText(out)
				}
				id := str(m, "call_id")
				if id == "" {
					return &APIError{Message: fmt.Sprintf("Missing required parameter: 'input[%d].call_id'.", i), Type: "invalid_request_error", Param: fmt.Sprintf("input[%d].call_id", i), Code: "missing_required_parameter"}
				}
				r.outputs = append(r.outputs, outputItem{callID: id, output: text})
			case typ == "function_call":
				r.calls = append(r.calls, callItem{callID: str(m, "call_id"), name: str(m, "name"), arguments: str(m, "arguments")})
			case typ == "message" || typ == "" && m.Has("role"):
				if str(m, "role") == "user" {
					c, _ := m.Get("content")
					if t, ok := rawjson.Unquote(bytes.TrimSpace(c)); ok {
						r.text = t
					} else {
						r.text = partsText(c)
					}
				}
			}
		}
	case "", "null":
	default:
		return &APIError{Message: fmt.Sprintf("Invalid type for 'input': expected a string or an array of input items, but got %s instead.", kindName(in)), Type: "invalid_request_error", Param: "input", Code: "invalid_type"}
	}
	r.words = words(r.text)
	if ins, ok := r.raw.Get("instructions"); ok {
		if t, ok := rawjson.Unquote(bytes.TrimSpace(ins)); ok {
			r.words = append(r.words, words(t)...)
		}
	}
	return nil
}

// checkOutputs refuses an output for a call the conversation does not have,
// as the API does.
func (r *request) checkOutputs() *APIError {
	known := map[string]bool{}
	for _, c := range r.calls {
		known[c.callID] = true
	}
	for _, c := range r.prevResp.calls {
		known[c.callID] = true
	}
	for _, o := range r.outputs {
		if !known[o.callID] {
			return &APIError{Message: fmt.Sprintf("No tool call found for function call output with call_id %s.", o.callID), Type: "invalid_request_error", Param: "input", Code: ""}
		}
	}
	return nil
}

// partsText joins the text of content parts ([{"type": "input_text",
// "text": …}]).
func partsText(v []byte) string {
	v = bytes.TrimSpace(v)
	if rawjson.JSONKind(v) != "array" {
		return ""
	}
	var ts []string
	for _, p := range rawjson.Elements(v) {
		if rawjson.JSONKind(p) == "object" {
			if t := str(rawjson.Members(bytes.TrimSpace(p)), "text"); t != "" {
				ts = append(ts, t)
			}
		}
	}
	return strings.Join(ts, " ")
}

func str(o rawjson.Object, key string) string {
	v, ok := o.Get(key)
	if !ok {
		return ""
	}
	s, _ := rawjson.Unquote(bytes.TrimSpace(v))
	return s
}

// newID makes an id with prefix, from the seed.
func (s *Server) newID(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ids++
	return fmt.Sprintf("%s_%08x%08x", prefix, s.rng.Uint32(), uint32(s.ids))
}

// remember keeps a response for previous_response_id.
func (s *Server) remember(id string, r storedResp) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.store[id]; !ok {
		s.order = append(s.order, id)
	}
	s.store[id] = r
	for len(s.order) > maxStored {
		delete(s.store, s.order[0])
		s.order = s.order[1:]
	}
}
