package mcpclient

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/mcpclient/mcptest"
)

// tooltui declares roots, and answers roots/list with an empty list: a
// server that hides its roots tools from a client without roots lists them
// to tooltui. Sampling and elicitation are not declared, so the tools
// that need them stay hidden.
func TestDeclaresRoots(t *testing.T) {
	s := mcptest.NewCapabilities()
	ts := mcptest.Serve(t, s.Server, "")
	out, err := List(context.Background(), Server{URL: ts.URL, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	got := names(toolsOf(t, out))
	if want := []string{"echo", "get_roots"}; !slices.Equal(got, want) {
		t.Errorf("listed %q, want %q", got, want)
	}
	if roots := s.Roots(); !slices.Equal(roots, []string{"[]"}) {
		t.Errorf("roots/list answered %q, want one empty list", roots)
	}
	caps := capabilities()
	//lint:ignore SA1019 roots and sampling are current in the protocol version tooltui asks for
	if caps.RootsV2 == nil || caps.RootsV2.ListChanged || caps.Sampling != nil || caps.Elicitation != nil {
		t.Errorf("capabilities %+v, want roots without listChanged alone", caps)
	}
}
