package model

import (
	"strings"
	"testing"
)

// TestMocksRoundTrip: mock outputs live under "tooltui", are kept through
// a save, never reach the request, and a body says it cannot hold them.
func TestMocksRoundTrip(t *testing.T) {
	in := `{"model":"m","tools_defs":[{"name":"f","description":"","parameters":null}],"tooltui":{"mocks":{"f":{"output":{"ok":true}}}}}`
	d, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(d.Mocks["f"]) != `{"output":{"ok":true}}` {
		t.Fatalf("mocks %v", d.Mocks)
	}
	out, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"mocks":{"f":{"output":{"ok":true}}}`) {
		t.Fatalf("saved without the mocks: %s", out)
	}
	again, err := Parse(out)
	if err != nil || string(again.Mocks["f"]) != `{"output":{"ok":true}}` {
		t.Fatalf("reloaded %v %v", again.Mocks, err)
	}
	d.Format = FormatBody
	if losses := strings.Join(d.BodyLosses(), "; "); !strings.Contains(losses, "the mock outputs of 1 function") {
		t.Fatalf("losses %q", losses)
	}
}
