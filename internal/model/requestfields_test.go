package model

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/rawjson"
)

func TestOtherRequestFields(t *testing.T) {
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"nothing", `{"model":"m"}`, `{}`},
		{"extra only", `{"model":"m","extra":{"builtin_tools":[{"type":"web_search"}],"store":false}}`, `{"store":false}`},
		{"top level then extra, in file order",
			`{"reasoning":{"effort":"low"},"model":"m","input":"hi","tools_defs":[],"text":{"verbosity":"low"},"extra":{"store":false,"temperature":1},"metadata":{"a":"b"},"tooltui":{"disabled":{}}}`,
			`{"reasoning":{"effort":"low"},"text":{"verbosity":"low"},"metadata":{"a":"b"},"store":false,"temperature":1}`},
		{"a body's tools array is not one of them", `{"model":"m","tools":[{"type":"web_search"}],"store":true}`, `{"store":true}`},
		{"a key in both places shows twice", `{"store":true,"extra":{"store":false}}`, `{"store":true,"store":false}`},
		{"own fields in extra are shown", `{"model":"m","extra":{"model":"n"}}`, `{"model":"n"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, tc.doc)
			if got := string(OtherRequestFields(d).AppendJSON(nil)); got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestSetOtherRequestFields(t *testing.T) {
	const base = `{"model":"m","reasoning":{"effort":"low"},"input":"hi","tools_defs":[{"name":"f"}],"store":true,` +
		`"extra":{"builtin_tools":[{"type":"web_search"}],"temperature":1},"text":{"verbosity":"low"}}`
	for _, tc := range []struct {
		name, doc, set string
		want           string // the saved document
		err            string
	}{
		{name: "unchanged", doc: base,
			set:  `{"reasoning":{"effort":"low"},"store":true,"text":{"verbosity":"low"},"temperature":1}`,
			want: base},
		{name: "values change in place; extra keys stay in extra", doc: base,
			set:  `{"reasoning":{"effort":"high"},"store":false,"text":{"verbosity":"low"},"temperature":0.2}`,
			want: `{"model":"m","reasoning":{"effort":"high"},"input":"hi","tools_defs":[{"name":"f"}],"store":false,"extra":{"builtin_tools":[{"type":"web_search"}],"temperature":0.2},"text":{"verbosity":"low"}}`},
		{name: "reordering keeps top-level places", doc: base,
			set:  `{"temperature":1,"text":{"verbosity":"low"},"store":true,"reasoning":{"effort":"low"}}`,
			want: base},
		{name: "new keys go last at the top level", doc: base,
			set:  `{"metadata":{"a":"b"},"reasoning":{"effort":"low"},"store":true,"text":{"verbosity":"low"},"temperature":1,"top_p":0.5}`,
			want: `{"model":"m","reasoning":{"effort":"low"},"input":"hi","tools_defs":[{"name":"f"}],"store":true,"extra":{"builtin_tools":[{"type":"web_search"}],"temperature":1},"text":{"verbosity":"low"},"metadata":{"a":"b"},"top_p":0.5}`},
		{name: "removed keys go from where they were", doc: base,
			set:  `{"text":{"verbosity":"low"}}`,
			want: `{"model":"m","input":"hi","tools_defs":[{"name":"f"}],"extra":{"builtin_tools":[{"type":"web_search"}]},"text":{"verbosity":"low"}}`},
		{name: "an empty object removes them all", doc: base, set: `{}`,
			want: `{"model":"m","input":"hi","tools_defs":[{"name":"f"}],"extra":{"builtin_tools":[{"type":"web_search"}]}}`},
		{name: "no extra yet: new keys are top-level", doc: `{"model":"m"}`, set: `{"store":false}`,
			want: `{"model":"m","store":false}`},
		{name: "a key in both places round-trips", doc: `{"store":true,"extra":{"store":false}}`,
			set: `{"store":true,"store":false}`, want: `{"store":true,"extra":{"store":false}}`},
		{name: "a key in both places given once is top-level", doc: `{"store":true,"extra":{"store":false,"x":1}}`,
			set: `{"store":false,"x":1}`, want: `{"store":false,"extra":{"x":1}}`},
		{name: "an own field living in extra stays there", doc: `{"model":"m","extra":{"model":"n"}}`,
			set: `{"model":"o"}`, want: `{"model":"m","extra":{"model":"o"}}`},
		{name: "a body keeps its tools place", doc: `{"model":"m","tools":[{"type":"web_search"}],"store":true}`,
			set: `{"store":false,"n":1}`, want: `{"model":"m","tools":[{"type":"web_search"}],"store":false,"n":1}`},
		{name: "tools_defs refused", doc: base, set: `{"tools_defs":[]}`, err: `"tools_defs" cannot be set here`},
		{name: "tools refused", doc: base, set: `{"tools":[]}`, err: `"tools" cannot be set here`},
		{name: "builtin_tools refused", doc: base, set: `{"builtin_tools":[]}`, err: `"builtin_tools" cannot be set here`},
		{name: "extra refused", doc: base, set: `{"extra":{}}`, err: `"extra" cannot be set here`},
		{name: "tooltui refused", doc: base, set: `{"tooltui":{}}`, err: `"tooltui" cannot be set here`},
		{name: "own field refused", doc: base, set: `{"model":"x"}`, err: `"model" has a field of its own`},
		{name: "a new key twice refused", doc: base, set: `{"a":1,"a":2}`, err: `"a" is given twice`},
		{name: "a top-level key twice refused", doc: base, set: `{"store":true,"store":false}`, err: `"store" is given twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parseDoc(t, tc.doc)
			before := marshal(t, d)
			o, err := rawjson.ParseObject([]byte(tc.set))
			if err != nil {
				t.Fatal(err)
			}
			nd, err := SetOtherRequestFields(d, o)
			if marshal(t, d) != before {
				t.Fatal("the argument changed")
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := compactJSON(t, marshal(t, nd)); got != compactJSON(t, tc.want) {
				t.Fatalf("got  %s\nwant %s", got, compactJSON(t, tc.want))
			}
			// what the field shows next is what was set, up to order
			if got, want := len(OtherRequestFields(nd)), len(o); got != want {
				t.Errorf("shows %d members after setting %d", got, want)
			}
		})
	}
}

// TestOtherRequestFieldsRoundTrip: showing then setting the other fields
// changes nothing.
func TestOtherRequestFieldsRoundTrip(t *testing.T) {
	for _, doc := range []string{
		`{"model":"m","reasoning":{"effort":"low"},"tools_defs":[],"extra":{"store":false},"metadata":{}}`,
		`{"a":1,"extra":{"builtin_tools":[{"type":"file_search"}],"b":2,"model":"x"},"c":3}`,
		`{"tools":[{"type":"function","name":"f"}],"text":{"format":{"type":"text"}}}`,
	} {
		d := parseDoc(t, doc)
		nd, err := SetOtherRequestFields(d, OtherRequestFields(d))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		if marshal(t, nd) != marshal(t, d) {
			t.Errorf("%s: round trip gave %s", doc, marshal(t, nd))
		}
	}
}

func compactJSON(t *testing.T, s string) string {
	t.Helper()
	o, err := rawjson.ParseObject([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return string(o.AppendJSON(nil))
}
