//go:build !unix

package sysclip

import (
	"context"

	"github.com/atotto/clipboard"
)

// Write copies text to the system clipboard with
// github.com/atotto/clipboard, which needs no program here. ctx ends the
// wait, not the write.
func Write(ctx context.Context, text string) error {
	done := make(chan error, 1)
	go func() { done <- clipboard.WriteAll(text) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
