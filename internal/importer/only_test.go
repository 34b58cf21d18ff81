package importer

import (
	"encoding/json"
	"testing"
)

func TestOnly(t *testing.T) {
	in := doc(t, `{"tools_defs":[{"name":"read_file"},{"name":"write_file"},{"name":"list_dir"}],`+
		`"extra":{"builtin_tools":[{"type":"web_search"},{"type":"mcp","server_label":"deepwiki","server_url":"https://mcp.deepwiki.com/mcp"},{"type":"custom","name":"grep"}]}}`)
	got, err := Only(in, []string{"list_dir", "read_file", "deepwiki", "grep"})
	if err != nil {
		t.Fatal(err)
	}
	names, _ := json.Marshal(names(got))
	if want := `["read_file","list_dir","mcp","grep"]`; string(names) != want {
		t.Errorf("kept %s, want %s", names, want)
	}
	if len(in.Functions) != 3 {
		t.Error("Only changed the document it was given")
	}

	if _, err := Only(in, []string{"read_file", "nope", "nada"}); err == nil ||
		err.Error() != `--only: no tools named "nope", "nada"; the input has "read_file", "write_file", "list_dir", "web_search", "deepwiki", "grep"` {
		t.Errorf("unknown names: %v", err)
	}
	if got, err := Only(in, []string{"web_search"}); err != nil || len(got.Functions)+len(got.Builtins) != 1 {
		t.Errorf("a built-in by its type: %v", err)
	}
}
