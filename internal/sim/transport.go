package sim

import (
	"io"
	"net/http"
	"sync"
)

// BaseURL is the base URL of a simulator reached through its Client: no
// request to it leaves the process.
const BaseURL = "http://simulator.tooltui.invalid/v1"

// Client is an http.Client whose requests the simulator answers in
// memory, through the same handler as on a port: a client (openai-go's,
// say, with option.WithHTTPClient) runs unchanged, its stream read as it
// is written, with no listener, no network and no IO.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: transport{s}}
}

type transport struct{ s *Server }

// RoundTrip serves req with the simulator's handler in a goroutine and
// returns the response as soon as its header is written; its body is read
// as the handler writes it. A handler that aborts (a "cut" fault) ends
// the body with io.ErrUnexpectedEOF, as a dropped connection does.
func (t transport) RoundTrip(req *http.Request) (*http.Response, error) {
	pr, pw := io.Pipe()
	w := &pipeResponse{header: http.Header{}, pw: pw, ready: make(chan struct{})}
	go func() {
		defer func() {
			if v := recover(); v != nil {
				if v != http.ErrAbortHandler {
					w.status(http.StatusInternalServerError)
				}
				w.ready1()
				pw.CloseWithError(io.ErrUnexpectedEOF)
				return
			}
			w.status(http.StatusOK)
			w.ready1()
			pw.Close()
		}()
		t.s.ServeHTTP(w, req)
	}()
	select {
	case <-w.ready:
	case <-req.Context().Done():
		pr.CloseWithError(req.Context().Err())
		return nil, req.Context().Err()
	}
	if req.Body != nil {
		req.Body.Close()
	}
	return &http.Response{
		Status:     http.StatusText(w.code),
		StatusCode: w.code,
		Proto:      "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        w.sent,
		Body:          pr,
		ContentLength: -1,
		Request:       req,
	}, nil
}

// pipeResponse is the handler's side of an in-memory response.
type pipeResponse struct {
	header http.Header
	sent   http.Header // the header as it was when the status was set
	pw     *io.PipeWriter
	code   int
	once   sync.Once
	ready  chan struct{}
}

func (w *pipeResponse) Header() http.Header { return w.header }

func (w *pipeResponse) status(code int) {
	if w.code == 0 {
		w.code = code
		w.sent = w.header.Clone()
	}
}

func (w *pipeResponse) ready1() { w.once.Do(func() { close(w.ready) }) }

func (w *pipeResponse) WriteHeader(code int) {
	w.status(code)
}

func (w *pipeResponse) Write(b []byte) (int, error) {
	w.status(http.StatusOK)
	w.ready1()
	return w.pw.Write(b)
}

// Flush sends the header when nothing was written yet; what is written
// reaches the reader at once.
func (w *pipeResponse) Flush() {
	w.status(http.StatusOK)
	w.ready1()
}
