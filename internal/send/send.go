// Package send posts a request that tooltui built to POST {base}/responses
// with the official SDK (github.com/openai/openai-go/v3) and reads the
// answer as a stream of server-sent events. The body is sent as the bytes
// the preview shows, with "stream": true added; the SDK neither re-encodes
// nor reorders it. Events the SDK does not know, which local servers send,
// are kept.
package send

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// DefaultBaseURL is where requests go without OPENAI_BASE_URL or --base-url.
const DefaultBaseURL = "https://api.openai.com/v1"

// Config says where to send and with which key. The key is never written
// anywhere: not in an error, an event or a log.
type Config struct {
	BaseURL string
	APIKey  string
	// HTTPClient, when set, carries the requests (tests use an in-process
	// server's client).
	HTTPClient *http.Client
	// Timeout bounds the whole exchange; 0 means 10 minutes.
	Timeout time.Duration
	// Stream, when set, sends instead of the package's Stream (the app
	// passes its own, tests a fake).
	Stream func(ctx context.Context, cfg Config, body []byte, each func(Event) error) error
}

// ConfigFromEnv reads OPENAI_API_KEY and OPENAI_BASE_URL as the SDK does;
// baseURL, when not empty (a --base-url flag), wins.
func ConfigFromEnv(getenv func(string) string, baseURL string) Config {
	c := Config{BaseURL: getenv("OPENAI_BASE_URL"), APIKey: getenv("OPENAI_API_KEY")}
	if baseURL != "" {
		c.BaseURL = baseURL
	}
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return c
}

// Check says why the configuration cannot send, or "" when it can: the
// OpenAI API needs a key; a local server may not.
func (c Config) Check() string {
	if c.APIKey == "" && c.BaseURL == DefaultBaseURL {
		return "no API key: set OPENAI_API_KEY, or OPENAI_BASE_URL (or --base-url) for a local server that needs none"
	}
	return ""
}

// StreamBody is body with "stream": true: added before the closing brace,
// so every other byte stays as it is, or set in place when body has a
// "stream" member already.
func StreamBody(body []byte) ([]byte, error) {
	b := bytes.TrimSpace(body)
	if rawjson.CheckJSON(b) != nil || rawjson.JSONKind(b) != "object" {
		return nil, errors.New("the request is not a JSON object")
	}
	o := rawjson.Members(b)
	if o.Has("stream") {
		o = o.Clone()
		o.Set("stream", json.RawMessage("true"))
		return o.AppendJSON(nil), nil
	}
	out := bytes.TrimRight(b[:len(b)-1], " \t\r\n")
	out = append([]byte(nil), out...)
	if len(o) > 0 {
		out = append(out, ',')
	}
	return append(out, "\n  \"stream\": true\n}"...), nil
}

// Stream sends body and calls each for every event as it arrives, until
// the stream ends, ctx is cancelled or each returns an error. It returns
// nil when the stream ended, an *APIError for an answer the API refused, a
// *StreamError for an error event, or what stopped it.
func Stream(ctx context.Context, cfg Config, body []byte, each func(Event) error) error {
	sb, err := StreamBody(body)
	if err != nil {
		return err
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL),
		option.WithMaxRetries(0),
		option.WithHeader("Accept", "text/event-stream"),
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	} else {
		opts = append(opts, option.WithAPIKey("none"), option.WithHeaderDel("Authorization"))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	client := openai.NewClient(opts...)
	var res *http.Response
	if err := client.Post(ctx, "responses", sb, &res); err != nil {
		return apiError(err, cfg)
	}
	defer res.Body.Close()
	dec := ssestream.NewDecoder(res)
	if dec == nil {
		return errors.New("the server sent no body")
	}
	defer dec.Close()
	seen := false
	for dec.Next() {
		raw := dec.Event()
		if len(bytes.TrimSpace(raw.Data)) == 0 || string(bytes.TrimSpace(raw.Data)) == "[DONE]" {
			continue
		}
		ev, err := Parse(raw.Type, raw.Data)
		if err != nil {
			return &StreamError{Message: "malformed event: " + err.Error()}
		}
		seen = true
		if err := each(ev); err != nil {
			return err
		}
		if ev.Kind == KindError {
			return &StreamError{Code: ev.Code, Message: ev.Text}
		}
		if ev.Kind == KindDone {
			return nil
		}
	}
	if err := dec.Err(); err != nil {
		if ctx.Err() != nil {
			return ctxError(ctx)
		}
		return fmt.Errorf("the connection dropped mid-stream: %w", err)
	}
	if ctx.Err() != nil {
		return ctxError(ctx)
	}
	if !seen {
		return &StreamError{Message: "the server answered without any event (is " + cfg.BaseURL + " a Responses API?)"}
	}
	return &StreamError{Message: "the stream ended before the response completed"}
}

func ctxError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return errors.New("timed out waiting for the answer")
	}
	return context.Canceled
}

// APIError is an answer the API refused, with what to do about it.
type APIError struct {
	Status     int
	Code       string
	Param      string // the request member the API names, e.g. "tools[2].name"
	Message    string
	RetryAfter string // for 429
	Hint       string
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("HTTP %d", e.Status)
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Param != "" {
		s += " (param " + e.Param + ")"
	}
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// StreamError is an error event of the stream, or a stream that broke.
type StreamError struct {
	Code    string
	Message string
}

func (e *StreamError) Error() string {
	if e.Code != "" {
		return "the stream reported " + e.Code + ": " + e.Message
	}
	return e.Message
}

// apiError maps the SDK's error to an APIError with a hint.
func apiError(err error, cfg Config) error {
	var ae *openai.Error
	if !errors.As(err, &ae) {
		if errors.Is(err, context.DeadlineExceeded) {
			return errors.New("timed out connecting to " + cfg.BaseURL)
		}
		if errors.Is(err, context.Canceled) {
			return context.Canceled
		}
		return fmt.Errorf("cannot reach %s: %s", cfg.BaseURL, scrub(err.Error(), cfg.APIKey))
	}
	e := &APIError{Status: ae.StatusCode, Code: ae.Code, Param: ae.Param, Message: scrub(ae.Message, cfg.APIKey)}
	if e.Message == "" {
		e.Message = http.StatusText(ae.StatusCode)
	}
	switch {
	case ae.StatusCode == 401 || ae.StatusCode == 403:
		e.Hint = "check OPENAI_API_KEY (and the project or organisation it belongs to)"
	case ae.StatusCode == 404:
		e.Hint = "check the base URL (" + cfg.BaseURL + "): the server has no /responses there, or the model does not exist"
	case ae.StatusCode == 429:
		if ae.Response != nil {
			e.RetryAfter = ae.Response.Header.Get("Retry-After")
		}
		e.Hint = "rate limited"
		if e.RetryAfter != "" {
			e.Hint += "; retry after " + e.RetryAfter + " s"
		}
	case ae.StatusCode >= 500:
		e.Hint = "the server failed; try again"
	}
	return e
}

// scrub removes the key from text, should a server echo it.
func scrub(s, key string) string {
	if key == "" || len(key) < 8 {
		return s
	}
	return strings.ReplaceAll(s, key, "[key]")
}
