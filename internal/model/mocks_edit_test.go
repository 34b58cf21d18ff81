package model

import (
	"encoding/json"
	"errors"
	"testing"
)

func mockDoc(t *testing.T, mocks string) *Document {
	t.Helper()
	d, err := Parse([]byte(`{"model":"m","tools_defs":[{"name":"f","description":"","parameters":null}],"tooltui":{"mocks":` + mocks + `}}`))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestMockCasesRead(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		cases int
		fixed string // the fixed output, "" when none
	}{
		{`"plain text"`, 1, `"plain text"`},
		{`{"output":{"ok":true}}`, 1, `{"ok":true}`},
		{`{"temp":3}`, 1, `{"temp":3}`}, // an object without "output" is the output
		{`{"when":[{"args":{"a":1},"output":"x"}],"output":"y"}`, 2, `"y"`},
		{`{"when":[{"args":{"a":1},"output":"x"},7]}`, 2, ""},
		{`{"when":"nonsense"}`, 0, ""},
	} {
		cases := MockCases(json.RawMessage(tc.spec))
		if len(cases) != tc.cases {
			t.Errorf("%s: %d cases, want %d", tc.spec, len(cases), tc.cases)
			continue
		}
		fixed := ""
		for _, c := range cases {
			if c.Fixed() {
				fixed = string(c.Output)
			}
		}
		if fixed != tc.fixed {
			t.Errorf("%s: fixed %q, want %q", tc.spec, fixed, tc.fixed)
		}
	}
	cases := MockCases(json.RawMessage(`{"when":[7,{"output":1},{"args":{"a":1}}]}`))
	for i, want := range []string{`a "when" entry that is not an object`, `no "args" pattern`, `no "output"`} {
		if got := cases[i].Ignored(); got != want {
			t.Errorf("case %d ignored %q, want %q", i, got, want)
		}
	}
}

func TestMockEdits(t *testing.T) {
	d := mockDoc(t, `{"f":{"when":[{"args":{"a":1},"output":"one","note":"kept"}],"output":"other","owner":"me"}}`)
	before := string(d.Mocks["f"])

	d2, i, err := AddMockCase(d, "f", MockCase{Args: json.RawMessage(`{"a":2}`), Output: json.RawMessage(`{"n":2}`)})
	if err != nil || i != 1 {
		t.Fatalf("add: %d %v", i, err)
	}
	want := `{"when":[{"args":{"a":1},"output":"one","note":"kept"},{"args":{"a":2},"output":{"n":2}}],"output":"other","owner":"me"}`
	if got := string(d2.Mocks["f"]); got != want {
		t.Fatalf("add:\n got %s\nwant %s", got, want)
	}
	if string(d.Mocks["f"]) != before {
		t.Fatal("the edit changed the document it was given")
	}
	if _, _, err := AddMockCase(d, "f", MockCase{Output: json.RawMessage(`1`)}); err == nil {
		t.Fatal("a second fixed output was added")
	}
	if _, _, err := AddMockCase(d, "f", MockCase{Args: json.RawMessage(`[1]`), Output: json.RawMessage(`1`)}); !errors.Is(err, ErrMockPattern) {
		t.Fatalf("a pattern that is not an object: %v", err)
	}

	d3, j, err := MoveMockCase(d2, "f", 1, -1)
	if err != nil || j != 0 {
		t.Fatalf("move: %d %v", j, err)
	}
	if got := MockCases(d3.Mocks["f"]); string(got[0].Args) != `{"a":2}` || string(got[2].Output) != `"other"` {
		t.Fatalf("move: %s", d3.Mocks["f"])
	}
	if _, _, err := MoveMockCase(d3, "f", 1, 1); err == nil {
		t.Fatal("a pattern moved past the fixed output")
	}
	if _, _, err := MoveMockCase(d3, "f", 2, -1); err == nil {
		t.Fatal("the fixed output moved")
	}

	d4, err := SetMockCase(d3, "f", 1, MockCase{Args: json.RawMessage(`{"a":1}`), Output: json.RawMessage(`"uno"`), Raw: MockCases(d3.Mocks["f"])[1].Raw})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(d4.Mocks["f"]); got != `{"when":[{"args":{"a":2},"output":{"n":2}},{"args":{"a":1},"output":"uno","note":"kept"}],"output":"other","owner":"me"}` {
		t.Fatalf("set: %s", got)
	}
	if _, err := SetMockCase(d3, "f", 2, MockCase{Args: json.RawMessage(`{}`), Output: json.RawMessage(`1`)}); err == nil {
		t.Fatal("the fixed output became a pattern")
	}

	d5 := d4
	for range 3 {
		if d5, err = DeleteMockCase(d5, "f", 0); err != nil {
			t.Fatal(err)
		}
	}
	if d5.Mocks != nil {
		t.Fatalf("the last delete left %v", d5.Mocks)
	}
	if _, err := DeleteMockCase(d5, "f", 0); err == nil {
		t.Fatal("deleted a case that is not there")
	}
}

func TestMockAddFirst(t *testing.T) {
	d := mockDoc(t, `{}`)
	d2, i, err := AddMockCase(d, "f", MockCase{Output: json.RawMessage(`"hi"`)})
	if err != nil || i != 0 {
		t.Fatal(i, err)
	}
	if got := string(d2.Mocks["f"]); got != `{"output":"hi"}` {
		t.Fatalf("got %s", got)
	}
	out, err := d2.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(out)
	if err != nil || string(again.Mocks["f"]) == "" {
		t.Fatalf("reloaded %v %v", again.Mocks, err)
	}
	// A fixed output that is an object with "when" stays the output.
	d3, _, err := AddMockCase(d, "f", MockCase{Output: json.RawMessage(`{"when":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	if c := MockCases(d3.Mocks["f"]); len(c) != 1 || string(c[0].Output) != `{"when":1}` {
		t.Fatalf("got %s", d3.Mocks["f"])
	}
	if _, err := SetMockCases(d, "", nil); err == nil {
		t.Fatal("a mock without a function name")
	}
}

func TestRenameMock(t *testing.T) {
	d := mockDoc(t, `{"old":{"output":1},"g":{"output":2}}`)
	nd, err := RenameMock(d, "old", "f")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := nd.Mocks["old"]; ok || string(nd.Mocks["f"]) != `{"output":1}` || string(d.Mocks["old"]) != `{"output":1}` {
		t.Fatalf("renamed %v, was %v", nd.Mocks, d.Mocks)
	}
	if _, err := RenameMock(d, "old", "g"); err == nil {
		t.Fatal("renamed onto a function that has mock outputs")
	}
	if _, err := RenameMock(d, "nope", "f"); err == nil {
		t.Fatal("renamed a mock that is not there")
	}
}

// TestRenameFollowsMocks: renaming a function gives its mock outputs to
// the new name, unless another function keeps the old name or the new
// name has outputs of its own.
func TestRenameFollowsMocks(t *testing.T) {
	d := mockDoc(t, `{"f":{"output":"x"}}`)
	r, err := SetToolValue(d, Function, 0, []string{"name"}, json.RawMessage(`"g"`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Mocks["g"]; !ok || r.Mocks["f"] != nil {
		t.Fatalf("the mocks did not follow the rename: %v", r.Mocks)
	}
	if _, ok := d.Mocks["f"]; !ok {
		t.Fatal("the rename changed the earlier document's mocks")
	}
	// the new name has outputs already: both stay where they are
	d2 := mockDoc(t, `{"f":{"output":"x"},"g":{"output":"y"}}`)
	r2, _ := SetToolValue(d2, Function, 0, []string{"name"}, json.RawMessage(`"g"`))
	if string(r2.Mocks["f"]) != `{"output":"x"}` || string(r2.Mocks["g"]) != `{"output":"y"}` {
		t.Fatalf("a rename onto a name with outputs moved them: %v", r2.Mocks)
	}
	// another function keeps the old name
	d3, err := Parse([]byte(`{"model":"m","tools_defs":[{"name":"f","description":"","parameters":null},{"name":"f","description":"","parameters":null}],"tooltui":{"mocks":{"f":{"output":"x"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	r3, _ := SetToolValue(d3, Function, 0, []string{"name"}, json.RawMessage(`"h"`))
	if _, ok := r3.Mocks["f"]; !ok || r3.Mocks["h"] != nil {
		t.Fatalf("the mocks left a name another function keeps: %v", r3.Mocks)
	}
}
