package send

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// A recording is the whole exchange of one send, as JSON Lines a person
// can read: a header, then for each request of the tool loop the body
// sent and every event of its answer with the time it came, and how the
// stream ended. It holds no key and no header: an MCP tool's
// authorization and header values in a body are written as "REDACTED".
//
//	{"kind":"header","format":"tooltui-recording","version":1,"created":"2026-12-03T17:00:00Z"}
//	{"kind":"request","turn":1,"body":{…}}
//	{"kind":"event","turn":1,"at_ms":212.5,"type":"response.created","data":{…}}
//	{"kind":"end","turn":1,"at_ms":1630.1}
//	{"kind":"end","turn":2,"at_ms":80.2,"error":"the connection dropped mid-stream: EOF"}
//
// It may end with how the send ended (see Outcome), as the recordings of
// a workspace's history do:
//
//	{"kind":"outcome","document":"api/travel.json","outcome":"error","status":"HTTP 500","message":"HTTP 500: …"}
const (
	RecordingFormat  = "tooltui-recording"
	RecordingVersion = 1
)

// StreamFunc sends one request and reports its events (Stream's shape).
type StreamFunc func(ctx context.Context, cfg Config, body []byte, each func(Event) error) error

type recLine struct {
	Kind    string          `json:"kind"`
	Format  string          `json:"format,omitempty"`
	Version int             `json:"version,omitempty"`
	Created string          `json:"created,omitempty"`
	Turn    int             `json:"turn,omitempty"`
	AtMS    float64         `json:"at_ms,omitempty"`
	Type    string          `json:"type,omitempty"`
	Body    json.RawMessage `json:"body,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
	Error   string          `json:"error,omitempty"`
	// The outcome line's.
	Document string `json:"document,omitempty"`
	Outcome  string `json:"outcome,omitempty"`
	Status   string `json:"status,omitempty"`
	Message  string `json:"message,omitempty"`
}

// Recorder writes a recording as the exchange goes: each line as soon as
// it is known, so that an interrupted send leaves what it had.
type Recorder struct {
	mu   sync.Mutex
	w    io.Writer
	turn int
	err  error
	now  func() time.Time
}

// NewRecorder writes the header to w and returns the recorder; now is the
// clock (time.Now when nil).
func NewRecorder(w io.Writer, now func() time.Time) (*Recorder, error) {
	if now == nil {
		now = time.Now
	}
	r := &Recorder{w: w, now: now}
	r.write(recLine{Kind: "header", Format: RecordingFormat, Version: RecordingVersion, Created: now().UTC().Format(time.RFC3339)})
	return r, r.err
}

// Err is the first error writing the recording.
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

func (r *Recorder) write(l recLine) {
	if r.err != nil {
		return
	}
	b, err := json.Marshal(l)
	if err == nil {
		_, err = r.w.Write(append(b, '\n'))
	}
	r.err = err
}

// Wrap returns a StreamFunc that sends with stream (Stream when nil) and
// records the request, its events and its end.
func (r *Recorder) Wrap(stream StreamFunc) StreamFunc {
	if stream == nil {
		stream = Stream
	}
	return func(ctx context.Context, cfg Config, body []byte, each func(Event) error) error {
		r.mu.Lock()
		r.turn++
		turn, start := r.turn, r.now()
		r.write(recLine{Kind: "request", Turn: turn, Body: compactJSON(Redact(body))})
		r.mu.Unlock()
		err := stream(ctx, cfg, body, func(e Event) error {
			r.mu.Lock()
			r.write(recLine{Kind: "event", Turn: turn, AtMS: ms(r.now().Sub(start)), Type: e.Type, Data: compactJSON(e.Raw)})
			r.mu.Unlock()
			return each(e)
		})
		r.mu.Lock()
		end := recLine{Kind: "end", Turn: turn, AtMS: ms(r.now().Sub(start))}
		if err != nil {
			end.Error = err.Error()
		}
		r.write(end)
		r.mu.Unlock()
		return err
	}
}

// Kinds of Outcome.
const (
	// OutcomeCompleted: the model's last answer was text.
	OutcomeCompleted = "completed"
	// OutcomeError: the API refused a request, a response did not
	// complete, the stream broke or the server could not be reached.
	OutcomeError = "error"
	// OutcomeStopped: the loop stopped before the model's last answer (a
	// call nobody answered, the turn limit).
	OutcomeStopped = "stopped"
	// OutcomeCancelled: the person sending cancelled it.
	OutcomeCancelled = "cancelled"
)

// Outcome is how a send ended.
type Outcome struct {
	// Kind is OutcomeCompleted, OutcomeError, OutcomeStopped or
	// OutcomeCancelled.
	Kind string
	// Status qualifies an error: "HTTP 500" when the API refused the
	// request, the response's status ("failed", "incomplete") when it did
	// not complete; "" when the stream broke or nothing answered.
	Status string
	// Message says what happened; "" when the send completed.
	Message string
}

// OutcomeOf is the outcome of a tool loop that returned err (Loop,
// LoopContext): a caller that stops the loop for a reason of its own
// (a call declined) says so with an OutcomeStopped instead.
func OutcomeOf(err error) Outcome {
	var apiErr *APIError
	var status *ErrResponseStatus
	var noMock *ErrNoMock
	var maxTurns *ErrMaxTurns
	switch {
	case err == nil:
		return Outcome{Kind: OutcomeCompleted}
	case errors.Is(err, context.Canceled):
		return Outcome{Kind: OutcomeCancelled, Message: err.Error()}
	case errors.As(err, &apiErr):
		return Outcome{Kind: OutcomeError, Status: fmt.Sprintf("HTTP %d", apiErr.Status), Message: err.Error()}
	case errors.As(err, &status):
		return Outcome{Kind: OutcomeError, Status: status.Status, Message: err.Error()}
	case errors.As(err, &noMock), errors.As(err, &maxTurns):
		return Outcome{Kind: OutcomeStopped, Message: err.Error()}
	}
	return Outcome{Kind: OutcomeError, Message: err.Error()}
}

// End writes the recording's last line: document, the document sent as
// the caller names it ("" for none), and how the send ended. It returns
// the first error writing the recording.
func (r *Recorder) End(document string, o Outcome) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.write(recLine{Kind: "outcome", Document: document, Outcome: o.Kind, Status: o.Status, Message: o.Message})
	return r.err
}

func ms(d time.Duration) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64), 64)
	return v
}

// compactJSON is v on one line (a recording is one JSON value a line);
// v itself when it is not valid JSON, which json.Marshal then refuses.
func compactJSON(v []byte) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return json.RawMessage(strconv.Quote(string(v)))
	}
	return b.Bytes()
}

// Redact returns body with the values of its MCP tools' authorization and
// headers replaced by "REDACTED"; body itself when it has none.
func Redact(body []byte) []byte {
	b := bytes.TrimSpace(body)
	if rawjson.CheckJSON(b) != nil || rawjson.JSONKind(b) != "object" {
		return body
	}
	o := rawjson.Members(b)
	tools, ok := o.Get("tools")
	if !ok || rawjson.JSONKind(tools) != "array" {
		return body
	}
	changed := false
	var out [][]byte
	for _, t := range rawjson.Elements(tools) {
		if rawjson.JSONKind(t) == "object" {
			m := rawjson.Members(bytes.TrimSpace(t))
			if typ, _ := m.Get("type"); string(bytes.TrimSpace(typ)) == `"mcp"` {
				m = m.Clone()
				if m.Has("authorization") {
					m.Set("authorization", json.RawMessage(`"REDACTED"`))
					changed = true
				}
				if h, ok := m.Get("headers"); ok && rawjson.JSONKind(h) == "object" {
					hs := rawjson.Members(bytes.TrimSpace(h)).Clone()
					for i := range hs {
						hs[i].Value = json.RawMessage(`"REDACTED"`)
					}
					m.Set("headers", hs.AppendJSON(nil))
					changed = true
				}
				t = m.AppendJSON(nil)
			}
		}
		out = append(out, t)
	}
	if !changed {
		return body
	}
	o = o.Clone()
	o.Set("tools", append(append([]byte{'['}, bytes.Join(out, []byte{','})...), ']'))
	return o.AppendJSON(nil)
}

// Recording is a recording read back.
type Recording struct {
	Created string
	Turns   []RecordedTurn
	// Document and Outcome are those of its outcome line; Outcome is nil
	// when it has none.
	Document string
	Outcome  *Outcome
}

// RecordedTurn is one request of a recording and its answer.
type RecordedTurn struct {
	Body   json.RawMessage
	Events []RecordedEvent
	// End is when the stream ended, Err how ("" when it completed).
	End time.Duration
	Err string
}

// RecordedEvent is one event and when it came after its request.
type RecordedEvent struct {
	At   time.Duration
	Type string
	Data json.RawMessage
}

// ReadRecording reads a recording; an error names the line.
func ReadRecording(r io.Reader) (*Recording, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	rec := &Recording{}
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var l recLine
		err := json.Unmarshal(line, &l)
		if n == 1 {
			if err != nil || l.Kind != "header" || l.Format != RecordingFormat {
				return nil, errors.New("line 1: not a tooltui recording (no header line)")
			}
			if l.Version != RecordingVersion {
				return nil, fmt.Errorf("line 1: recording version %d; this tooltui reads version %d", l.Version, RecordingVersion)
			}
			rec.Created = l.Created
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: not a recording line: %v", n, err)
		}
		if l.Kind == "header" {
			return nil, fmt.Errorf("line %d: a second header", n)
		}
		if rec.Outcome != nil {
			return nil, fmt.Errorf("line %d: a line after the outcome", n)
		}
		if l.Kind == "outcome" {
			if len(rec.Turns) == 0 || l.Outcome == "" {
				return nil, fmt.Errorf("line %d: an outcome without a turn or without its kind", n)
			}
			rec.Document = l.Document
			rec.Outcome = &Outcome{Kind: l.Outcome, Status: l.Status, Message: l.Message}
			continue
		}
		if l.Turn < 1 || l.Turn > len(rec.Turns)+1 || l.Kind != "request" && l.Turn != len(rec.Turns) {
			return nil, fmt.Errorf("line %d: turn %d out of order", n, l.Turn)
		}
		switch l.Kind {
		case "request":
			if l.Turn != len(rec.Turns)+1 {
				return nil, fmt.Errorf("line %d: a second request for turn %d", n, l.Turn)
			}
			rec.Turns = append(rec.Turns, RecordedTurn{Body: l.Body})
		case "event":
			t := &rec.Turns[l.Turn-1]
			t.Events = append(t.Events, RecordedEvent{At: fromMS(l.AtMS), Type: l.Type, Data: l.Data})
		case "end":
			t := &rec.Turns[l.Turn-1]
			t.End, t.Err = fromMS(l.AtMS), l.Error
		default:
			return nil, fmt.Errorf("line %d: unknown kind %q", n, l.Kind)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("the recording is empty")
	}
	if len(rec.Turns) == 0 {
		return nil, errors.New("the recording holds no request")
	}
	return rec, nil
}

func fromMS(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// Stream plays the recording back, one recorded turn per call, each event
// at its recorded time divided by speed (0: as fast as it can), with no
// network. A call past the recorded turns is an error; so is a cancelled
// ctx; so is a request that is not the recorded one (a *ReplayDiffers):
// see Play.
func (rec *Recording) Stream(speed float64) StreamFunc { return rec.Play(speed, nil) }

// ReplayDiffers stops a replay at a request that is not the one recorded
// for its turn: the document changed, or an output sent (a mock, a file,
// an MCP tool's answer) is not the recorded one, so the recorded answer
// would not fit it.
type ReplayDiffers struct {
	Turn int
	// Pointer is the JSON Pointer of the first difference in the
	// request's body.
	Pointer string
}

func (e *ReplayDiffers) Error() string {
	return fmt.Sprintf("turn %d's request is not the recorded one: they first differ at %s", e.Turn, e.Pointer)
}

// Play is Stream with a say on a request that is not the recorded one:
// before it plays a turn, Play compares the request (redacted, both) with
// the recorded one and, when they differ, calls differs with the loop's
// context, which returns nil to play the turn anyway or the error that
// stops the replay (nil differs: the *ReplayDiffers itself).
func (rec *Recording) Play(speed float64, differs func(context.Context, *ReplayDiffers) error) StreamFunc {
	var mu sync.Mutex
	next := 0
	return func(ctx context.Context, _ Config, body []byte, each func(Event) error) error {
		mu.Lock()
		i := next
		next++
		mu.Unlock()
		if i >= len(rec.Turns) {
			return fmt.Errorf("the recording has %d turns; the loop asked for turn %d", len(rec.Turns), i+1)
		}
		if at := FirstDifference(Redact(rec.Turns[i].Body), Redact(body)); at != "" {
			d := &ReplayDiffers{Turn: i + 1, Pointer: at}
			var err error = d
			if differs != nil {
				err = differs(ctx, d)
			}
			if err != nil {
				return err
			}
		}
		t := rec.Turns[i]
		start := time.Now()
		wait := func(at time.Duration) error {
			if speed <= 0 {
				return ctx.Err()
			}
			d := time.Until(start.Add(time.Duration(float64(at) / speed)))
			if d <= 0 {
				return ctx.Err()
			}
			timer := time.NewTimer(d)
			defer timer.Stop()
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-timer.C:
				return nil
			}
		}
		for _, e := range t.Events {
			if err := wait(e.At); err != nil {
				return err
			}
			ev, err := Parse(e.Type, e.Data)
			if err != nil {
				return &StreamError{Message: "malformed event in the recording: " + err.Error()}
			}
			if err := each(ev); err != nil {
				return err
			}
		}
		if err := wait(t.End); err != nil {
			return err
		}
		if t.Err != "" {
			return errors.New(t.Err)
		}
		return nil
	}
}

// CheckFirst compares the request body a document builds now with the
// recording's first (both redacted): "" when they are the same JSON,
// else the JSON Pointer of the first difference.
func (rec *Recording) CheckFirst(body []byte) string {
	return FirstDifference(Redact(rec.Turns[0].Body), Redact(body))
}

// FirstDifference is the JSON Pointer of the first place where a and b
// differ as JSON values ("" when they are equal; numbers compare by their
// text, object members by key whatever their order), keys in sorted
// order. Text that is not JSON differs at "".
func FirstDifference(a, b []byte) string {
	var va, vb any
	if decodeNumbers(a, &va) != nil || decodeNumbers(b, &vb) != nil {
		if bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b)) {
			return ""
		}
		return "/"
	}
	p, ok := firstDiff(va, vb, "")
	if ok {
		return ""
	}
	if p == "" {
		return "/"
	}
	return p
}

func decodeNumbers(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

// firstDiff returns ("", true) when a equals b, else the pointer below
// path where they first differ.
func firstDiff(a, b any, path string) (string, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return path, false
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := path + "/" + escapePointer(k)
			xv, inX := x[k]
			yv, inY := y[k]
			if inX != inY {
				return p, false
			}
			if q, ok := firstDiff(xv, yv, p); !ok {
				return q, false
			}
		}
		return "", true
	case []any:
		y, ok := b.([]any)
		if !ok {
			return path, false
		}
		for i := 0; i < len(x) || i < len(y); i++ {
			p := path + "/" + strconv.Itoa(i)
			if i >= len(x) || i >= len(y) {
				return p, false
			}
			if q, ok := firstDiff(x[i], y[i], p); !ok {
				return q, false
			}
		}
		return "", true
	default:
		if a != b {
			return path, false
		}
		return "", true
	}
}

func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
