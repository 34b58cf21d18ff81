package validator

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	reference "github.com/santhosh-tekuri/jsonschema/v6"
)

// suiteDir is the JSON-Schema-Test-Suite (drafts 2020-12 and 7) as
// github.com/google/jsonschema-go, a module tooltui depends on through the
// MCP SDK, ships it in its testdata; the tests using it skip when the
// module is not in the module cache.
func suiteDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/google/jsonschema-go").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		t.Skip("github.com/google/jsonschema-go is not in the module cache")
	}
	dir = filepath.Join(dir, "jsonschema", "testdata")
	if _, err := os.Stat(filepath.Join(dir, "draft2020-12")); err != nil {
		t.Skip("no JSON-Schema-Test-Suite in " + dir)
	}
	return dir + string(filepath.Separator)
}

// TestSuite runs the JSON-Schema-Test-Suite's cases (all but refRemote's,
// which load remote documents) and wants the suite's verdict and the
// reference validator's.
func TestSuite(t *testing.T) {
	root := suiteDir(t)
	cases := 0
	for _, dir := range []string{"draft2020-12", "draft7"} {
		files, _ := filepath.Glob(root + dir + "/*.json")
		for _, f := range files {
			if strings.Contains(f, "refRemote") {
				continue
			}
			b, _ := os.ReadFile(f)
			var groups []struct {
				Description string
				Schema      json.RawMessage
				Tests       []struct {
					Description string
					Data        json.RawMessage
					Valid       bool
				}
			}
			if err := json.Unmarshal(b, &groups); err != nil {
				t.Fatal(err)
			}
			for _, g := range groups {
				doc, _ := UnmarshalJSON(bytes.NewReader(g.Schema))
				c := NewCompiler()
				if dir == "draft7" {
					c.DefaultDraft(Draft7)
				}
				c.UseLoader(func(string) error { return os.ErrNotExist })
				var sch *Schema
				err := c.AddResource("http://example.test/s.json", doc)
				if err == nil {
					sch, err = c.Compile("http://example.test/s.json")
				}
				sdoc, _ := reference.UnmarshalJSON(bytes.NewReader(g.Schema))
				sc := reference.NewCompiler()
				if dir == "draft7" {
					sc.DefaultDraft(reference.Draft7)
				}
				var ssch *reference.Schema
				serr := sc.AddResource("http://example.test/s.json", sdoc)
				if serr == nil {
					ssch, serr = sc.Compile("http://example.test/s.json")
				}
				if (err == nil) != (serr == nil) {
					t.Errorf("%s %s: compile %v, santhosh %v", filepath.Base(f), g.Description, err, serr)
					continue
				}
				if err != nil {
					continue
				}
				for _, tc := range g.Tests {
					v, _ := UnmarshalJSON(bytes.NewReader(tc.Data))
					got := sch.Validate(v) == nil
					sv, _ := reference.UnmarshalJSON(bytes.NewReader(tc.Data))
					sgot := ssch.Validate(sv) == nil
					cases++
					if got != sgot || got != tc.Valid {
						t.Errorf("%s %s / %s: valid %v, reference %v, suite %v", dir+"/"+filepath.Base(f), g.Description, tc.Description, got, sgot, tc.Valid)
					}
				}
			}
		}
	}
	if cases < 1000 {
		t.Fatalf("%d cases run", cases)
	}
	t.Logf("%d cases agree", cases)
}

// TestSuiteMetaschemas checks every schema and value of the suite against
// the metaschemas, with and without format assertion, and wants the
// reference validator's verdicts.
func TestSuiteMetaschemas(t *testing.T) {
	root := suiteDir(t)
	n := 0
	for _, dir := range []string{"draft2020-12", "draft7"} {
		files, _ := filepath.Glob(root + dir + "/*.json")
		url := "https://json-schema.org/draft/2020-12/schema"
		if dir == "draft7" {
			url = "http://json-schema.org/draft-07/schema"
		}
		for _, fmtAssert := range []bool{false, true} {
			meta, err := Metaschema(url, fmtAssert)
			if err != nil {
				t.Fatal(err)
			}
			sc := reference.NewCompiler()
			if fmtAssert {
				sc.AssertFormat()
			}
			smeta, err := sc.Compile(url)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				b, _ := os.ReadFile(f)
				var groups []struct {
					Schema json.RawMessage
					Tests  []struct{ Data json.RawMessage }
				}
				json.Unmarshal(b, &groups)
				for _, g := range groups {
					var vals []json.RawMessage
					vals = append(vals, g.Schema)
					for _, tc := range g.Tests {
						vals = append(vals, tc.Data)
					}
					for _, raw := range vals {
						n++
						v, _ := UnmarshalJSON(bytes.NewReader(raw))
						sv, _ := reference.UnmarshalJSON(bytes.NewReader(raw))
						e1 := meta.Validate(v)
						e2 := smeta.Validate(sv)
						if (e1 == nil) != (e2 == nil) {
							t.Errorf("%s: %s: %v; reference %v", filepath.Base(f), raw, e1, e2)
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("%d values checked", n)
	}
	t.Logf("%d values agree", n)
}
