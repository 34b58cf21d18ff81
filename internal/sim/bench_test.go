package sim

// Benchmarks of the simulator, through openai-go's client on a loopback
// port, as a client meets it:
//
//	go test -run '^$' -bench . -benchmem ./internal/sim
//
// FirstEvent: from the request to its first event (target ≤ 5 ms).
// Tools1000: a request of internal/benchdata's 1,000 tools, answered whole
// by the handler (target ≤ 50 ms): Warm keeps the simulator between
// requests (its converter knows the tools), Cold starts a new one each
// time (the process's token counts are kept, as a server's would be).
// Client1000 is the same through openai-go's client, which reads the
// three events that carry the tools back.

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/tokens"
)

var errFirst = errors.New("first event")

func BenchmarkFirstEvent(b *testing.B) {
	tokens.Warm()
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	cfg := send.Config{BaseURL: srv.URL + "/v1"}
	req := body("What is the weather in Paris, and find me hotels there for 3 nights?", "")
	r := benchdata.Start(0)
	for b.Loop() {
		err := send.Stream(context.Background(), cfg, req, func(send.Event) error { return errFirst })
		if !errors.Is(err, errFirst) {
			b.Fatal(err)
		}
	}
	r.Report(b, b.N)
}

func request1000(b *testing.B) []byte {
	d, err := model.Parse(benchdata.Mixed1000())
	if err != nil {
		b.Fatal(err)
	}
	req, _ := convert.Convert(d)
	return req
}

func BenchmarkTools1000(b *testing.B) {
	tokens.Warm()
	req, err := send.StreamBody(request1000(b))
	if err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, s *Server) {
		r := httptest.NewRequest("POST", "/v1/responses", bytes.NewReader(req))
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != 200 || !bytes.Contains(w.Body.Bytes(), []byte(`"type":"function_call"`)) {
			b.Fatalf("%d %.300s", w.Code, w.Body.Bytes())
		}
	}
	run(b, New(Options{})) // counts the tools' tokens once for the process
	b.Run("Warm", func(b *testing.B) {
		s := New(Options{})
		r := benchdata.Start(0)
		for b.Loop() {
			run(b, s)
		}
		r.Report(b, b.N)
	})
	b.Run("Cold", func(b *testing.B) {
		r := benchdata.Start(0)
		for b.Loop() {
			run(b, New(Options{}))
		}
		r.Report(b, b.N)
	})
}

func BenchmarkClient1000(b *testing.B) {
	tokens.Warm()
	req := request1000(b)
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	cfg := send.Config{BaseURL: srv.URL + "/v1"}
	r := benchdata.Start(0)
	defer func() { r.Report(b, b.N) }()
	for b.Loop() {
		calls := 0
		err := send.Stream(context.Background(), cfg, req, func(e send.Event) error {
			if e.Kind == send.KindCall && e.CallDone {
				calls++
			}
			return nil
		})
		if err != nil || calls == 0 {
			b.Fatalf("%v, %d calls", err, calls)
		}
	}
}
