package model

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// editBase has a function referenced by tool_choice, a custom tool, an MCP
// server and an unnamed built-in; every tool has an origin.
const editBase = `{"model":"m","tool_choice":{"type":"function","name":"get_weather"},` +
	`"tools_defs":[{"name":"get_weather","parameters":{"type":"object"}},{"name":"get_time"}],` +
	`"extra":{"builtin_tools":[{"type":"custom","name":"shell"},{"type":"mcp","server_label":"deepwiki","server_url":"u"},{"type":"web_search"}],"store":false},"z":1}`

func parseDoc(t *testing.T, s string) *Document {
	t.Helper()
	d, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func marshal(t *testing.T, d *Document) string {
	t.Helper()
	b, err := d.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// deepCopy copies every byte and draft of d, to compare d with later.
func deepCopy(d *Document) *Document {
	c := d.Clone()
	cp := func(ts []Tool) {
		for i := range ts {
			ts[i].Raw = bytes.Clone(ts[i].Raw)
			if ts[i].Draft != nil {
				s := *ts[i].Draft
				ts[i].Draft = &s
			}
		}
	}
	cp(c.Functions)
	cp(c.Builtins)
	for _, o := range []rawjson.Object{c.Fields, c.Extra} {
		for i := range o {
			o[i].Value = bytes.Clone(o[i].Value)
		}
	}
	return c
}

// names returns each tool's name or server_label (its type if neither).
func names(d *Document, k Kind) string {
	var out []string
	for _, t := range d.List(k) {
		n := StringAt(t.Raw, []string{"name"})
		if n == "" {
			n = StringAt(t.Raw, []string{"server_label"})
		}
		if n == "" {
			n = StringAt(t.Raw, []string{"type"})
		}
		out = append(out, n)
	}
	return strings.Join(out, ",")
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestEditsLeaveInputUnchanged(t *testing.T) {
	draft := "{bad"
	d := parseDoc(t, editBase)
	d.Functions[0].Draft = &draft
	d.Builtins = append(d.Builtins, Tool{Raw: json.RawMessage(`{"type": oops`)})
	d.Fields.Set("tool_choice", json.RawMessage(`{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"get_weather"},{"type":"function","name":"gone"}]}`))
	edits := []struct {
		name string
		do   func(d *Document) (*Document, error)
	}{
		{"insert", func(d *Document) (*Document, error) {
			c, _ := InsertTool(d, Function, 0, Tool{Raw: json.RawMessage(`{"name":"n"}`)})
			return c, nil
		}},
		{"delete", func(d *Document) (*Document, error) { c, _, err := DeleteTool(d, Function, 0); return c, err }},
		{"delete builtin", func(d *Document) (*Document, error) { c, _, err := DeleteTool(d, Builtin, 3); return c, err }},
		{"duplicate function", func(d *Document) (*Document, error) { c, _, err := DuplicateTool(d, Function, 0); return c, err }},
		{"duplicate custom", func(d *Document) (*Document, error) { c, _, err := DuplicateTool(d, Builtin, 0); return c, err }},
		{"duplicate mcp", func(d *Document) (*Document, error) { c, _, err := DuplicateTool(d, Builtin, 1); return c, err }},
		{"move down", func(d *Document) (*Document, error) { c, _, err := MoveTool(d, Function, 0, 1); return c, err }},
		{"move up", func(d *Document) (*Document, error) { c, _, err := MoveTool(d, Builtin, 2, -1); return c, err }},
		{"toggle", func(d *Document) (*Document, error) { return ToggleTool(d, Builtin, 2) }},
		{"set value", func(d *Document) (*Document, error) {
			return SetToolValue(d, Function, 1, []string{"description"}, rawjson.String("Time now."))
		}},
		{"rename", func(d *Document) (*Document, error) {
			return SetToolValue(d, Function, 0, []string{"name"}, rawjson.String("weather"))
		}},
		{"delete value", func(d *Document) (*Document, error) {
			return SetToolValue(d, Builtin, 1, []string{"server_url"}, nil)
		}},
		{"set raw", func(d *Document) (*Document, error) {
			return SetToolRaw(d, Function, 0, json.RawMessage(`{"name":"w"}`))
		}},
		{"set draft", func(d *Document) (*Document, error) { return SetDraft(d, Function, 1, "parameters", "{") }},
		{"request field", func(d *Document) (*Document, error) { return SetRequestField(d, "model", rawjson.String("x")), nil }},
		{"request field delete", func(d *Document) (*Document, error) { return SetRequestField(d, "z", nil), nil }},
		{"rename refs", func(d *Document) (*Document, error) {
			c, _ := RenameRefs(d, FamilyFunction, "gone", "w")
			return c, nil
		}},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			before := marshal(t, d)
			snap := deepCopy(d)
			c, err := e.do(d)
			if err != nil {
				t.Fatal(err)
			}
			if c == d {
				t.Fatal("returned its argument")
			}
			if marshal(t, c) == before {
				t.Error("the edit changed nothing")
			}
			if marshal(t, d) != before || !reflect.DeepEqual(d, snap) {
				t.Errorf("the input changed:\n%s", marshal(t, d))
			}
		})
	}
}

func TestMoveTool(t *testing.T) {
	empty := parseDoc(t, `{"model":"m"}`)
	tests := []struct {
		name     string
		d        *Document
		k        Kind
		i, delta int
		want     int
		order    string
		err      string
	}{
		{"function down", nil, Function, 0, 1, 1, "get_time,get_weather", ""},
		{"function up", nil, Function, 1, -1, 0, "get_time,get_weather", ""},
		{"builtin to the end", nil, Builtin, 0, 2, 2, "deepwiki,web_search,shell", ""},
		{"builtin to the start", nil, Builtin, 2, -2, 0, "web_search,shell,deepwiki", ""},
		{"first function up", nil, Function, 0, -1, 0, "", "already the first function"},
		{"last function down", nil, Function, 1, 1, 1, "", "already the last function"},
		{"first built-in up", nil, Builtin, 0, -1, 0, "", "already the first built-in tool"},
		{"last built-in down", nil, Builtin, 2, 1, 2, "", "already the last built-in tool"},
		{"bad index", nil, Builtin, 3, -1, 3, "", "no tool at that position"},
		{"negative index", nil, Function, -1, 1, -1, "", "no tool at that position"},
		{"empty list", empty, Function, 0, 1, 0, "", "no tool at that position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tt.d
			if d == nil {
				d = parseDoc(t, editBase)
			}
			c, j, err := MoveTool(d, tt.k, tt.i, tt.delta)
			if errText(err) != tt.err || j != tt.want {
				t.Fatalf("got %d, %q; want %d, %q", j, errText(err), tt.want, tt.err)
			}
			if err != nil {
				return
			}
			if got := names(c, tt.k); got != tt.order {
				t.Errorf("order %s, want %s", got, tt.order)
			}
		})
	}
}

func TestDeleteTool(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		k    Kind
		i    int
		want int
		left string
		err  string
	}{
		{"first", editBase, Function, 0, 0, "get_time", ""},
		{"last selects the one before", editBase, Builtin, 2, 1, "shell,deepwiki", ""},
		{"middle", editBase, Builtin, 1, 1, "shell,web_search", ""},
		{"only one leaves none", `{"tools_defs":[{"name":"f"}]}`, Function, 0, -1, "", ""},
		{"bad index", editBase, Function, 2, -1, "", "no tool at that position"},
		{"empty list", `{"tools_defs":[]}`, Builtin, 0, -1, "", "no tool at that position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, j, err := DeleteTool(parseDoc(t, tt.doc), tt.k, tt.i)
			if errText(err) != tt.err || j != tt.want {
				t.Fatalf("got %d, %q; want %d, %q", j, errText(err), tt.want, tt.err)
			}
			if err == nil && names(c, tt.k) != tt.left {
				t.Errorf("left %s, want %s", names(c, tt.k), tt.left)
			}
		})
	}
}

func TestInsertTool(t *testing.T) {
	tests := []struct {
		name  string
		k     Kind
		at    int
		want  int
		order string
	}{
		{"append", Function, -1, 2, "get_weather,get_time,new"},
		{"past the end appends", Function, 9, 2, "get_weather,get_time,new"},
		{"at the start", Function, 0, 0, "new,get_weather,get_time"},
		{"in the middle", Builtin, 1, 1, "shell,new,deepwiki,web_search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := `{"name":"new"}`
			if tt.k == Builtin {
				raw = `{"type":"custom","name":"new"}`
			}
			c, j := InsertTool(parseDoc(t, editBase), tt.k, tt.at, Tool{Raw: json.RawMessage(raw)})
			if j != tt.want || names(c, tt.k) != tt.order {
				t.Fatalf("got %d %s, want %d %s", j, names(c, tt.k), tt.want, tt.order)
			}
		})
	}
	c, j := InsertTool(parseDoc(t, `{"model":"m"}`), Builtin, 0, Tool{Raw: json.RawMessage(`{"type":"web_search"}`)})
	if j != 0 || len(c.Builtins) != 1 {
		t.Errorf("insert into an empty list: %d %d", j, len(c.Builtins))
	}
}

func TestDuplicateToolNames(t *testing.T) {
	long := strings.Repeat("a", 128)
	tests := []struct {
		name      string
		functions string // tools_defs
		builtins  string // extra.builtin_tools
		k         Kind
		i         int
		want      string // the copy's raw
	}{
		{"function", `[{"name":"get_weather","strict":true}]`, `[]`, Function, 0, `{"name":"get_weather_2","strict":true}`},
		{"suffix bump", `[{"name":"get_weather"},{"name":"get_weather_2"}]`, `[]`, Function, 1, `{"name":"get_weather_3"}`},
		{"suffix bump without the base", `[{"name":"get_weather_2"}]`, `[]`, Function, 0, `{"name":"get_weather_3"}`},
		{"next free suffix", `[{"name":"f"},{"name":"f_2"},{"name":"f_3"}]`, `[]`, Function, 0, `{"name":"f_4"}`},
		{"disabled tools count", `[{"name":"f"},{"name":"f_2"}]`, `[]`, Function, 0, `{"name":"f_3"}`},
		{"only digits after _ are a suffix", `[{"name":"v2"}]`, `[]`, Function, 0, `{"name":"v2_2"}`},
		{"a name that is only a suffix", `[{"name":"_7"}]`, `[]`, Function, 0, `{"name":"_7_2"}`},
		{"custom shares the function namespace", `[{"name":"shell_2"}]`, `[{"type":"custom","name":"shell"}]`, Builtin, 0, `{"type":"custom","name":"shell_3"}`},
		{"function sees custom names", `[{"name":"f"}]`, `[{"type":"custom","name":"f_2"}]`, Function, 0, `{"name":"f_3"}`},
		{"built-in functions share the namespace", `[{"name":"f_2"}]`, `[{"type":"function","name":"f"}]`, Builtin, 0, `{"type":"function","name":"f_3"}`},
		{"mcp label", `[]`, `[{"type":"mcp","server_label":"wiki","server_url":"u"}]`, Builtin, 0, `{"type":"mcp","server_label":"wiki_2","server_url":"u"}`},
		{"mcp labels are their own namespace", `[{"name":"wiki_2"}]`, `[{"type":"mcp","server_label":"wiki"},{"type":"custom","name":"wiki_3"}]`, Builtin, 0, `{"type":"mcp","server_label":"wiki_2"}`},
		{"mcp suffix bump", `[]`, `[{"type":"mcp","server_label":"wiki"},{"type":"mcp","server_label":"wiki_2"}]`, Builtin, 0, `{"type":"mcp","server_label":"wiki_3"}`},
		{"other built-ins are copied as they are", `[]`, `[{"type":"web_search", "name":"x"}]`, Builtin, 0, `{"type":"web_search", "name":"x"}`},
		{"no name, no new name", `[{"description":"d"}]`, `[]`, Function, 0, `{"description":"d"}`},
		{"invalid JSON copied as is", `[]`, `[{}]`, Builtin, 0, `{"type":"custom","name":"x"`},
		{"128 limit", `[{"name":"` + long + `"}]`, `[]`, Function, 0, `{"name":"` + long[:126] + `_2"}`},
		{"128 limit, longer suffix", `[{"name":"` + long + `"}` + limitTaken(long) + `]`, `[]`, Function, 0, `{"name":"` + long[:125] + `_10"}`},
		{"128 limit never splits a character", `[{"name":"` + strings.Repeat("é", 64) + `"}]`, `[]`, Function, 0, `{"name":"` + strings.Repeat("é", 63) + `_2"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parseDoc(t, `{"tools_defs":`+tt.functions+`,"extra":{"builtin_tools":`+tt.builtins+`}}`)
			switch tt.name {
			case "disabled tools count":
				d.Functions[1].Disabled = true
			case "invalid JSON copied as is":
				d.Builtins[0].Raw = json.RawMessage(tt.want)
			}
			c, j, err := DuplicateTool(d, tt.k, tt.i)
			if err != nil || j != tt.i+1 {
				t.Fatalf("got %d, %v", j, err)
			}
			if got := string(c.List(tt.k)[j].Raw); got != tt.want {
				t.Errorf("copy\n%s\nwant\n%s", got, tt.want)
			}
			if !bytes.Equal(c.List(tt.k)[tt.i].Raw, d.List(tt.k)[tt.i].Raw) {
				t.Error("the original changed")
			}
		})
	}
}

// limitTaken lists the names a copy of long would take with _2 to _9.
func limitTaken(long string) string {
	var b strings.Builder
	for n := '2'; n <= '9'; n++ {
		b.WriteString(`,{"name":"` + long[:126] + "_" + string(n) + `"}`)
	}
	return b.String()
}

func TestDuplicateToolCopiesState(t *testing.T) {
	d := parseDoc(t, editBase)
	draft := `{"type":`
	d.Functions[0].Draft = &draft
	d.Functions[0].Disabled = true
	c, j, err := DuplicateTool(d, Function, 0)
	if err != nil || j != 1 {
		t.Fatal(j, err)
	}
	dup := c.Functions[1]
	if dup.Draft == nil || *dup.Draft != draft || dup.Draft == d.Functions[0].Draft {
		t.Errorf("draft not copied: %v", dup.Draft)
	}
	if !dup.Disabled {
		t.Errorf("disabled %v", dup.Disabled)
	}
	if names(c, Function) != "get_weather,get_weather_2,get_time" {
		t.Errorf("functions %s", names(c, Function))
	}
	if _, _, err := DuplicateTool(d, Builtin, 5); errText(err) != "no tool at that position" {
		t.Errorf("bad index: %v", err)
	}
}

func TestUniqueName(t *testing.T) {
	tests := []struct {
		base  string
		taken []string
		want  string
	}{
		{"f", nil, "f"},
		{"f", []string{"f"}, "f_2"},
		{"f", []string{"f", "f_2", "f_3"}, "f_4"},
		{"f", []string{"f", "f_3"}, "f_2"},
		{"", []string{""}, "_2"},
	}
	for _, tt := range tests {
		got := UniqueName(tt.base, func(s string) bool {
			for _, x := range tt.taken {
				if x == s {
					return true
				}
			}
			return false
		})
		if got != tt.want {
			t.Errorf("UniqueName(%q, %v) = %q, want %q", tt.base, tt.taken, got, tt.want)
		}
	}
}

func TestSetPath(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		path []string
		v    string // "" deletes
		want string
	}{
		{"replace keeps order", `{"a":1,"b":2,"c":3}`, []string{"b"}, `9`, `{"a":1,"b":9,"c":3}`},
		{"new key goes last", `{"b":1,"a":2}`, []string{"c"}, `true`, `{"b":1,"a":2,"c":true}`},
		{"delete", `{"a":1,"b":2}`, []string{"a"}, ``, `{"b":2}`},
		{"nested replace keeps order", `{"x":{"b":1,"a":2},"y":0}`, []string{"x", "b"}, `"s"`, `{"x":{"b":"s","a":2},"y":0}`},
		{"creates objects", `{"a":1}`, []string{"u", "v", "w"}, `1`, `{"a":1,"u":{"v":{"w":1}}}`},
		{"replaces a non-object on the way", `{"u":5}`, []string{"u", "v"}, `1`, `{"u":{"v":1}}`},
		{"empty object removed", `{"a":1,"u":{"city":"P"},"z":2}`, []string{"u", "city"}, ``, `{"a":1,"z":2}`},
		{"empty objects removed up the path", `{"u":{"v":{"w":1}},"a":1}`, []string{"u", "v", "w"}, ``, `{"a":1}`},
		{"object with others kept", `{"u":{"type":"approximate","city":"P"}}`, []string{"u", "city"}, ``, `{"u":{"type":"approximate"}}`},
		{"deleting what is missing keeps the bytes", `{ "a" : 1 }`, []string{"u", "v"}, ``, `{ "a" : 1 }`},
		{"deleting a missing key", `{"a":1}`, []string{"b"}, ``, `{"a":1}`},
		{"values kept as written", `{"n":1.50,"s":"\u00e9"}`, []string{"x"}, `1e2`, `{"n":1.50,"s":"\u00e9","x":1e2}`},
		{"an empty path replaces the value", `{"a":1}`, nil, `{"b":2}`, `{"b":2}`},
		{"not an object becomes one", `[1]`, []string{"a"}, `1`, `{"a":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v json.RawMessage
			if tt.v != "" {
				v = json.RawMessage(tt.v)
			}
			raw := []byte(tt.raw)
			got := SetPath(raw, tt.path, v)
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if string(raw) != tt.raw {
				t.Errorf("the input changed: %s", raw)
			}
		})
	}
}

func TestGetPathAndStringAt(t *testing.T) {
	raw := json.RawMessage(`{"name":"f","n":3,"u":{"city":"Paris","x":null},"name2":"a\"b"}`)
	tests := []struct {
		path   []string
		value  string
		ok     bool
		string string
	}{
		{[]string{"name"}, `"f"`, true, "f"},
		{[]string{"name2"}, `"a\"b"`, true, `a"b`},
		{[]string{"n"}, `3`, true, ""},
		{[]string{"u", "city"}, `"Paris"`, true, "Paris"},
		{[]string{"u", "x"}, `null`, true, ""},
		{[]string{"u", "y"}, ``, false, ""},
		{[]string{"n", "y"}, ``, false, ""},
		{[]string{"missing"}, ``, false, ""},
	}
	for _, tt := range tests {
		v, ok := GetPath(raw, tt.path)
		if string(v) != tt.value || ok != tt.ok {
			t.Errorf("GetPath(%v) = %s, %v", tt.path, v, ok)
		}
		if s := StringAt(raw, tt.path); s != tt.string {
			t.Errorf("StringAt(%v) = %q", tt.path, s)
		}
	}
	if _, ok := GetPath(json.RawMessage(`{"a":`), []string{"a"}); ok {
		t.Error("GetPath read invalid JSON")
	}
	v, _ := GetPath(raw, []string{"name"})
	_ = append(v, 'x')
	if !bytes.Equal(raw[:12], []byte(`{"name":"f",`)) {
		t.Errorf("appending to a value wrote into the entry: %s", raw)
	}
}

// choiceDoc is a document with the given tool_choice and tools.
func choiceDoc(t *testing.T, choice string) *Document {
	return parseDoc(t, `{"tool_choice":`+choice+`,"tools_defs":[{"name":"f"},{"name":"g"}],`+
		`"extra":{"builtin_tools":[{"type":"custom","name":"c"},{"type":"mcp","server_label":"s"},{"type":"mcp","server_label":"s2"}]}}`)
}

func choiceOf(d *Document) string {
	v, _ := d.Fields.Get("tool_choice")
	return string(v)
}

func TestRenameRefs(t *testing.T) {
	const allowed = `{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"old"},{"type":"custom","name":"old"},{"type":"mcp","server_label":"old"},{"type":"web_search"}]}`
	tests := []struct {
		name     string
		choice   string
		family   string
		from, to string
		n        int
		want     string
	}{
		{"function", `{"type":"function","name":"old"}`, FamilyFunction, "old", "new", 1, `{"type":"function","name":"new"}`},
		{"custom", `{"name":"old","type":"custom"}`, FamilyCustom, "old", "new", 1, `{"name":"new","type":"custom"}`},
		{"mcp", `{"type":"mcp","server_label":"old","name":"tool"}`, FamilyMCP, "old", "new", 1, `{"type":"mcp","server_label":"new","name":"tool"}`},
		{"function does not rename custom", `{"type":"custom","name":"old"}`, FamilyFunction, "old", "new", 0, `{"type":"custom","name":"old"}`},
		{"custom does not rename function", `{"type":"function","name":"old"}`, FamilyCustom, "old", "new", 0, `{"type":"function","name":"old"}`},
		{"other name", `{"type":"function","name":"other"}`, FamilyFunction, "old", "new", 0, `{"type":"function","name":"other"}`},
		{"string choice", `"auto"`, FamilyFunction, "old", "new", 0, `"auto"`},
		{"allowed_tools function", allowed, FamilyFunction, "old", "new", 1, strings.Replace(allowed, `"function","name":"old"`, `"function","name":"new"`, 1)},
		{"allowed_tools custom", allowed, FamilyCustom, "old", "new", 1, strings.Replace(allowed, `"custom","name":"old"`, `"custom","name":"new"`, 1)},
		{"allowed_tools mcp", allowed, FamilyMCP, "old", "new", 1, strings.Replace(allowed, `"server_label":"old"`, `"server_label":"new"`, 1)},
		{"allowed_tools several", `{"tools":[{"type":"function","name":"old"},{"type":"function","name":"old"}],"type":"allowed_tools"}`, FamilyFunction, "old", "x", 2, `{"tools":[{"type":"function","name":"x"},{"type":"function","name":"x"}],"type":"allowed_tools"}`},
		{"a function still has the name", `{"type":"function","name":"f"}`, FamilyFunction, "f", "new", 0, `{"type":"function","name":"f"}`},
		{"a custom tool still has the name", `{"type":"custom","name":"c"}`, FamilyCustom, "c", "new", 0, `{"type":"custom","name":"c"}`},
		{"an mcp tool still has the label", `{"type":"mcp","server_label":"s"}`, FamilyMCP, "s", "new", 0, `{"type":"mcp","server_label":"s"}`},
		{"a custom tool named like the old function does not block", `{"type":"function","name":"c"}`, FamilyFunction, "c", "new", 1, `{"type":"function","name":"new"}`},
		{"unknown family", `{"type":"function","name":"old"}`, "web_search", "old", "new", 0, `{"type":"function","name":"old"}`},
		{"same name", `{"type":"function","name":"old"}`, FamilyFunction, "old", "old", 0, `{"type":"function","name":"old"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := choiceDoc(t, tt.choice)
			c, n := RenameRefs(d, tt.family, tt.from, tt.to)
			if n != tt.n || choiceOf(c) != tt.want {
				t.Errorf("got %d %s\nwant %d %s", n, choiceOf(c), tt.n, tt.want)
			}
			if choiceOf(d) != tt.choice {
				t.Errorf("the input changed: %s", choiceOf(d))
			}
			if c.Fields[0].Key != "tool_choice" {
				t.Errorf("tool_choice moved: %v", c.Fields)
			}
		})
	}
	c, n := RenameRefs(parseDoc(t, `{"model":"m"}`), FamilyFunction, "a", "b")
	if n != 0 || c.Fields.Has("tool_choice") {
		t.Errorf("added a tool_choice: %d", n)
	}
}

func TestSetToolValueFollowsRenames(t *testing.T) {
	tests := []struct {
		name   string
		choice string
		k      Kind
		i      int
		path   []string
		v      string // "" deletes
		want   string
	}{
		{"function name", `{"type":"function","name":"f"}`, Function, 0, []string{"name"}, `"f2"`, `{"type":"function","name":"f2"}`},
		{"custom name", `{"type":"custom","name":"c"}`, Builtin, 0, []string{"name"}, `"shell"`, `{"type":"custom","name":"shell"}`},
		{"mcp label", `{"type":"mcp","server_label":"s"}`, Builtin, 1, []string{"server_label"}, `"wiki"`, `{"type":"mcp","server_label":"wiki"}`},
		{"allowed_tools item", `{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"g"},{"type":"mcp","server_label":"s"}]}`,
			Function, 1, []string{"name"}, `"h"`, `{"type":"allowed_tools","mode":"required","tools":[{"type":"function","name":"h"},{"type":"mcp","server_label":"s"}]}`},
		{"a deleted name is followed", `{"type":"function","name":"f"}`, Function, 0, []string{"name"}, ``, `{"type":"function","name":""}`},
		{"another function keeps the name", `{"type":"function","name":"f"}`, Function, 2, []string{"name"}, `"z"`, `{"type":"function","name":"f"}`},
		{"another field", `{"type":"function","name":"f"}`, Function, 0, []string{"description"}, `"d"`, `{"type":"function","name":"f"}`},
		{"a type change is not a rename", `{"type":"custom","name":"c"}`, Builtin, 0, []string{"type"}, `"function"`, `{"type":"custom","name":"c"}`},
		{"an mcp tool's name is not its label", `{"type":"mcp","server_label":"s"}`, Builtin, 1, []string{"name"}, `"x"`, `{"type":"mcp","server_label":"s"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := choiceDoc(t, tt.choice)
			if tt.name == "another function keeps the name" {
				d.Functions = append(d.Functions, Tool{Raw: json.RawMessage(`{"name":"f"}`)})
			}
			var v json.RawMessage
			if tt.v != "" {
				v = json.RawMessage(tt.v)
			}
			c, err := SetToolValue(d, tt.k, tt.i, tt.path, v)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := GetPath(c.List(tt.k)[tt.i].Raw, tt.path); string(got) != tt.v {
				t.Errorf("value %s, want %s", got, tt.v)
			}
			if choiceOf(c) != tt.want {
				t.Errorf("tool_choice %s, want %s", choiceOf(c), tt.want)
			}
		})
	}
}

func TestSetToolValue(t *testing.T) {
	draft := "{"
	d := parseDoc(t, editBase)
	d.Functions[0].Draft = &draft
	d.Builtins = append(d.Builtins, Tool{Raw: json.RawMessage(`{"type":`)}, Tool{Raw: json.RawMessage(`["a"]`)})

	c, err := SetToolValue(d, Function, 0, []string{"parameters", "type"}, rawjson.String("object"))
	if err != nil || c.Functions[0].Draft == nil {
		t.Errorf("a field inside parameters dropped the draft: %v", err)
	}
	c, err = SetToolValue(d, Function, 0, []string{"parameters"}, json.RawMessage(`{"type":"object","properties":{}}`))
	if err != nil || c.Functions[0].Draft != nil {
		t.Errorf("parameters kept the draft: %v", err)
	}
	if string(c.Functions[0].Raw) != `{"name":"get_weather","parameters":{"type":"object","properties":{}}}` {
		t.Errorf("raw %s", c.Functions[0].Raw)
	}
	errs := []struct {
		name string
		k    Kind
		i    int
		path []string
		err  string
	}{
		{"invalid JSON", Builtin, 3, []string{"name"}, "the entry is not a JSON object; edit it as JSON"},
		{"not an object", Builtin, 4, []string{"name"}, "the entry is not a JSON object; edit it as JSON"},
		{"bad index", Function, 2, []string{"name"}, "no tool at that position"},
		{"no path", Function, 0, nil, "no field to set"},
	}
	for _, e := range errs {
		if c, err := SetToolValue(d, e.k, e.i, e.path, rawjson.String("x")); errText(err) != e.err || c != nil {
			t.Errorf("%s: got %q, want %q", e.name, errText(err), e.err)
		}
	}
}

func TestSetToolRaw(t *testing.T) {
	d := choiceDoc(t, `{"type":"custom","name":"c"}`)
	draft := "{"
	d.Builtins[0].Draft = &draft

	c, err := SetToolRaw(d, Builtin, 0, json.RawMessage(`{"type":"custom","name":"c2"}`))
	if err != nil || c.Builtins[0].Draft != nil {
		t.Fatalf("draft kept: %v", err)
	}
	if choiceOf(c) != `{"type":"custom","name":"c2"}` {
		t.Errorf("a rename in the JSON editor is not followed: %s", choiceOf(c))
	}
	c, err = SetToolRaw(d, Builtin, 0, json.RawMessage(`{"type":"custom","name":"c2"`))
	if err != nil || string(c.Builtins[0].Raw) != `{"type":"custom","name":"c2"` {
		t.Fatalf("invalid JSON not kept as a draft: %v", err)
	}
	if choiceOf(c) != `{"type":"custom","name":"c"}` {
		t.Errorf("an invalid entry renamed references: %s", choiceOf(c))
	}
	if _, err := SetToolRaw(d, Function, 7, nil); errText(err) != "no tool at that position" {
		t.Errorf("bad index: %v", err)
	}
}

func TestToggleDraftAndRequestField(t *testing.T) {
	d := parseDoc(t, editBase)
	c, err := ToggleTool(d, Builtin, 1)
	if err != nil || !c.Builtins[1].Disabled {
		t.Fatal("not disabled", err)
	}
	if c, _ = ToggleTool(c, Builtin, 1); c.Builtins[1].Disabled {
		t.Error("not enabled again")
	}
	if _, err := ToggleTool(d, Builtin, 3); errText(err) != "no tool at that position" {
		t.Errorf("bad index: %v", err)
	}

	c, err = SetDraft(d, Function, 1, "parameters", `{"type":`)
	if err != nil || c.Functions[1].Draft == nil || *c.Functions[1].Draft != `{"type":` {
		t.Fatal("draft not stored", err)
	}
	if !bytes.Equal(c.Functions[1].Raw, d.Functions[1].Raw) {
		t.Error("a draft changed the entry")
	}

	keys := func(d *Document) string {
		var ks []string
		for _, m := range d.Fields {
			ks = append(ks, m.Key)
		}
		return strings.Join(ks, ",")
	}
	c = SetRequestField(d, "model", rawjson.String("gpt-5"))
	if v, _ := c.Fields.Get("model"); keys(c) != "model,tool_choice,tools_defs,extra,z" || string(v) != `"gpt-5"` {
		t.Errorf("replace: %s", keys(c))
	}
	if c = SetRequestField(d, "store", json.RawMessage(`true`)); keys(c) != "model,tool_choice,tools_defs,extra,z,store" {
		t.Errorf("append: %s", keys(c))
	}
	if c = SetRequestField(d, "tool_choice", nil); keys(c) != "model,tools_defs,extra,z" {
		t.Errorf("delete: %s", keys(c))
	}
}
