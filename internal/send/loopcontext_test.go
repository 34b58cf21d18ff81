package send

import (
	"context"
	"errors"
	"testing"
)

type ctxKey struct{}

// LoopContext gives the answer the loop's context; an answer's error stops
// the loop with it, after done saw the turn.
func TestLoopContextAnswerError(t *testing.T) {
	s := newServer(t, streaming(weatherCall))
	stop := errors.New("not allowed")
	ctx := context.WithValue(context.Background(), ctxKey{}, "loop")
	var turns []Turn
	err := LoopContext(ctx, cfg(s), []byte(body), 5, func(ctx context.Context, c Call) (string, bool, error) {
		if ctx.Value(ctxKey{}) != "loop" {
			t.Error("the answer did not get the loop's context")
		}
		return "", false, stop
	}, func(int, Event) error { return nil }, func(t Turn) { turns = append(turns, t) })
	if err != stop {
		t.Fatalf("err %v", err)
	}
	if len(turns) != 1 || len(turns[0].Calls) != 1 || len(turns[0].Outputs) != 0 || len(s.Bodies()) != 1 {
		t.Fatalf("turns %+v, %d requests", turns, len(s.Bodies()))
	}
	// ok false is the loop's usual stop.
	err = LoopContext(ctx, cfg(s), []byte(body), 5, func(context.Context, Call) (string, bool, error) { return "", false, nil },
		func(int, Event) error { return nil }, func(Turn) {})
	var nm *ErrNoMock
	if !errors.As(err, &nm) {
		t.Fatalf("err %v", err)
	}
}
