package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// entryDecode decodes JSON the way callers of CheckEntry do.
func entryDecode(tb testing.TB, s string) any {
	tb.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		tb.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

// want is one expected issue: exact path, a substring of the message, fatality.
type want struct {
	path  string
	msg   string
	fatal bool
}

func fatalAt(path, msg string) want { return want{path, msg, true} }
func warnAt(path, msg string) want  { return want{path, msg, false} }

type entryCase struct {
	name string
	typ  string
	json string
	want []want // nil: the entry is valid and yields no issue at all
}

// checkIssues asserts that got matches want one for one, in order.
func checkIssues(t *testing.T, got []Issue, wants []want) {
	t.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		w := wants[i]
		ok = got[i].Path == w.path && strings.Contains(got[i].Message, w.msg) && got[i].Fatal == w.fatal
	}
	if !ok {
		t.Errorf("issues:\n%s\nwant:\n%s", formatIssues(got), formatWants(wants))
	}
}

func formatIssues(is []Issue) string {
	var b strings.Builder
	for _, i := range is {
		fmt.Fprintf(&b, "  %q %q fatal=%v\n", i.Path, i.Message, i.Fatal)
	}
	return b.String()
}

func formatWants(ws []want) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, "  %q ~%q fatal=%v\n", w.path, w.msg, w.fatal)
	}
	return b.String()
}

func runEntryCases(t *testing.T, cases []entryCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.typ+"/"+c.name, func(t *testing.T) {
			checkIssues(t, CheckEntry(c.typ, entryDecode(t, c.json)), c.want)
		})
	}
}

var longName = strings.Repeat("a", 131)

func TestCheckEntryFunction(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "function", json: `{"type":"function","name":"get_weather"}`},
		{name: "full", typ: "function", json: `{"type":"function","name":"get_weather","description":"Get the weather",
			"parameters":{},"strict":true,"output_schema":{"type":"object"},"defer_loading":false,
			"allowed_callers":["direct","programmatic"]}`},
		{name: "nulls", typ: "function", json: `{"type":"function","name":"f","description":null,"parameters":null,"strict":null,"output_schema":null,"allowed_callers":null}`},
		{name: "name of 128", typ: "function", json: `{"type":"function","name":"` + strings.Repeat("a", 128) + `"}`},
		{name: "missing name", typ: "function", json: `{"type":"function"}`,
			want: []want{fatalAt("/name", "required")}},
		{name: "name not a string", typ: "function", json: `{"type":"function","name":7}`,
			want: []want{fatalAt("/name", "must be a string, got number")}},
		{name: "empty name", typ: "function", json: `{"type":"function","name":""}`,
			want: []want{fatalAt("/name", "must not be empty")}},
		{name: "long name", typ: "function", json: `{"type":"function","name":"` + longName + `"}`,
			want: []want{fatalAt("/name", "at most 128 characters, got 131")}},
		{name: "space in name", typ: "function", json: `{"type":"function","name":"get weather"}`,
			want: []want{fatalAt("/name", `found " " at character 4`)}},
		{name: "long name with a dot", typ: "function", json: `{"type":"function","name":"a.` + longName + `"}`,
			want: []want{
				fatalAt("/name", `found "." at character 2`),
				fatalAt("/name", "at most 128 characters, got 133"),
			}},
		{name: "non-ASCII letter", typ: "function", json: `{"type":"function","name":"café"}`,
			want: []want{fatalAt("/name", `found "é"`)}},
		{name: "wrong type", typ: "function", json: `{"type":"tool","name":"f"}`,
			want: []want{fatalAt("/type", `must be "function", got "tool"`)}},
		{name: "strict not boolean", typ: "function", json: `{"type":"function","name":"f","strict":"yes"}`,
			want: []want{fatalAt("/strict", "must be a boolean or null, got string")}},
		{name: "parameters not object", typ: "function", json: `{"type":"function","name":"f","parameters":"{}"}`,
			want: []want{fatalAt("/parameters", "must be an object or null, got string")}},
		{name: "bad caller", typ: "function", json: `{"type":"function","name":"f","allowed_callers":["other"]}`,
			want: []want{fatalAt("/allowed_callers/0", `must be one of "direct", "programmatic", got "other"`)}},
		{name: "chat completions shape", typ: "function", json: `{"type":"function","function":{"name":"f"}}`,
			want: []want{
				warnAt("/function", "unknown key for function; the API may reject it"),
				fatalAt("/name", "required"),
			}},
		{name: "unknown key", typ: "function", json: `{"type":"function","name":"f","asynch":true}`,
			want: []want{warnAt("/asynch", "unknown key for function")}},
	})
}

func TestCheckEntryFileSearch(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"]}`},
		{name: "full", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1","vs_2"],"max_num_results":50,
			"ranking_options":{"ranker":"default-2024-11-15","score_threshold":0.5,"hybrid_search":{"embedding_weight":0.7,"text_weight":0.3}},
			"filters":{"type":"and","filters":[{"type":"eq","key":"lang","value":"en"},
				{"type":"or","filters":[{"type":"in","key":"year","value":[2024,"2025"]},{"type":"gte","key":"score","value":1.5}]}]}}`},
		{name: "bounds", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":1,"ranking_options":{"score_threshold":0}}`},
		{name: "upper bounds", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":50,"ranking_options":{"score_threshold":1}}`},
		{name: "null filters", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"filters":null}`},
		{name: "missing vector stores", typ: "file_search", json: `{"type":"file_search"}`,
			want: []want{fatalAt("/vector_store_ids", "required")}},
		{name: "vector stores not an array", typ: "file_search", json: `{"type":"file_search","vector_store_ids":"vs_1"}`,
			want: []want{fatalAt("/vector_store_ids", "must be an array, got string")}},
		{name: "too many results", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":99}`,
			want: []want{{"/max_num_results", "must be between 1 and 50, got 99", true}}},
		{name: "zero results", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":0}`,
			want: []want{fatalAt("/max_num_results", "must be between 1 and 50, got 0")}},
		{name: "results as string", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":"5"}`,
			want: []want{fatalAt("/max_num_results", "must be an integer, got string")}},
		{name: "fractional results", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":2.5}`,
			want: []want{fatalAt("/max_num_results", "must be an integer, got 2.5")}},
		{name: "threshold above 1", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"ranking_options":{"score_threshold":1.5}}`,
			want: []want{fatalAt("/ranking_options/score_threshold", "must be between 0 and 1, got 1.5")}},
		{name: "negative threshold", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"ranking_options":{"score_threshold":-0.1}}`,
			want: []want{fatalAt("/ranking_options/score_threshold", "must be between 0 and 1, got -0.1")}},
		{name: "assistants ranker", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"ranking_options":{"ranker":"default_2024_08_21"}}`,
			want: []want{fatalAt("/ranking_options/ranker", `must be one of "auto", "default-2024-11-15", got "default_2024_08_21"`)}},
		{name: "hybrid search incomplete", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"ranking_options":{"hybrid_search":{"text_weight":1}}}`,
			want: []want{fatalAt("/ranking_options/hybrid_search/embedding_weight", "required")}},
		{name: "filter of unknown type", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"filters":{"type":"xor"}}`,
			want: []want{fatalAt("/filters/type", `must be one of "eq", "ne", "gt", "gte", "lt", "lte", "in", "nin", "and", "or", got "xor"`)}},
		{name: "comparison without value", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"filters":{"type":"eq","key":"a"}}`,
			want: []want{fatalAt("/filters/value", "required")}},
		{name: "comparison value object", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"filters":{"type":"eq","key":"a","value":{}}}`,
			want: []want{fatalAt("/filters/value", "must be a string, a number, a boolean or an array, got object")}},
		{name: "filters not an object", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"filters":"lang=en"}`,
			want: []want{fatalAt("/filters", "must be an object or null, got string")}},
		{name: "nested compound filter", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],
			"filters":{"type":"and","filters":[{"type":"or","filters":[{"type":"eq","key":"k","value":1,"extra":true}]}]}}`,
			want: []want{fatalAt("/filters/filters/0/filters/0/extra", `unknown key; allowed keys are "key", "type" and "value"`)}},
		{name: "unknown key", typ: "file_search", json: `{"type":"file_search","vector_store_ids":["vs_1"],"max_results":3}`,
			want: []want{warnAt("/max_results", "unknown key for file_search; the API may reject it")}},
		{name: "several problems", typ: "file_search", json: `{"type":"file_search","max_num_results":99,"zzz":1,
			"ranking_options":{"score_threshold":2,"ranker":"best"}}`,
			want: []want{
				fatalAt("/max_num_results", "between 1 and 50"),
				fatalAt("/ranking_options/ranker", "must be one of"),
				fatalAt("/ranking_options/score_threshold", "between 0 and 1, got 2"),
				fatalAt("/vector_store_ids", "required"),
				warnAt("/zzz", "unknown key"),
			}},
	})
}

func TestCheckEntryComputer(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal and full", typ: "computer", json: `{"type":"computer"}`},
		{name: "preview fields", typ: "computer", json: `{"type":"computer","display_width":1024}`,
			want: []want{warnAt("/display_width", "unknown key for computer")}},
		{name: "wrong type", typ: "computer", json: `{"type":"computer_use"}`,
			want: []want{fatalAt("/type", `must be "computer", got "computer_use"`)}},
		{name: "not an object", typ: "computer", json: `["computer"]`,
			want: []want{fatalAt("", "must be an object, got array")}},

		{name: "minimal and full", typ: "computer_use_preview", json: `{"type":"computer_use_preview","environment":"browser","display_width":1024,"display_height":768}`},
		{name: "missing fields", typ: "computer_use_preview", json: `{"type":"computer_use_preview"}`,
			want: []want{
				fatalAt("/display_height", "required"),
				fatalAt("/display_width", "required"),
				fatalAt("/environment", "required"),
			}},
		{name: "bad environment", typ: "computer_use_preview", json: `{"type":"computer_use_preview","environment":"android","display_width":1,"display_height":1}`,
			want: []want{fatalAt("/environment", `must be one of "windows", "mac", "linux", "ubuntu", "browser", got "android"`)}},
		{name: "width as string", typ: "computer_use_preview", json: `{"type":"computer_use_preview","environment":"mac","display_width":"1024","display_height":768.5}`,
			want: []want{
				fatalAt("/display_height", "must be an integer, got 768.5"),
				fatalAt("/display_width", "must be an integer, got string"),
			}},
	})
}

func TestCheckEntryWebSearch(t *testing.T) {
	full := `{"type":"%s","external_web_access":false,"filters":{"allowed_domains":["pubmed.ncbi.nlm.nih.gov"]},
		"user_location":{"type":"approximate","country":"US","region":"California","city":"San Francisco","timezone":"America/Los_Angeles"},
		"search_context_size":"high"}`
	var cases []entryCase
	for _, typ := range []string{"web_search", "web_search_2025_08_26"} {
		cases = append(cases,
			entryCase{name: "minimal", typ: typ, json: `{"type":"` + typ + `"}`},
			entryCase{name: "full", typ: typ, json: fmt.Sprintf(full, typ)},
			entryCase{name: "location without type", typ: typ, json: `{"type":"` + typ + `","user_location":{"country":"gb","timezone":"UTC"}}`},
			entryCase{name: "nulls", typ: typ, json: `{"type":"` + typ + `","user_location":null,"filters":{"allowed_domains":null}}`},
			entryCase{name: "deep time zone", typ: typ, json: `{"type":"` + typ + `","user_location":{"timezone":"America/Argentina/Buenos_Aires"}}`},
			entryCase{name: "offset time zone", typ: typ, json: `{"type":"` + typ + `","user_location":{"timezone":"Etc/GMT+5"}}`},
		)
	}
	cases = append(cases, []entryCase{
		{name: "context size", typ: "web_search", json: `{"type":"web_search","search_context_size":"huge"}`,
			want: []want{fatalAt("/search_context_size", `must be one of "low", "medium", "high", got "huge"`)}},
		{name: "three-letter country", typ: "web_search", json: `{"type":"web_search","user_location":{"country":"USA"}}`,
			want: []want{fatalAt("/user_location/country", `two-letter ISO country code such as "US", got "USA"`)}},
		{name: "digit in country", typ: "web_search_2025_08_26", json: `{"type":"web_search_2025_08_26","user_location":{"country":"U1"}}`,
			want: []want{fatalAt("/user_location/country", `got "U1"`)}},
		{name: "abbreviated time zone", typ: "web_search", json: `{"type":"web_search","user_location":{"timezone":"PST"}}`,
			want: []want{warnAt("/user_location/timezone", `IANA time zone name such as "America/Los_Angeles", got "PST"`)}},
		{name: "malformed time zone", typ: "web_search", json: `{"type":"web_search","user_location":{"timezone":"/Paris"}}`,
			want: []want{warnAt("/user_location/timezone", `got "/Paris"`)}},
		{name: "location type", typ: "web_search", json: `{"type":"web_search","user_location":{"type":"exact"}}`,
			want: []want{fatalAt("/user_location/type", `must be "approximate", got "exact"`)}},
		{name: "location not an object", typ: "web_search", json: `{"type":"web_search","user_location":"Paris"}`,
			want: []want{fatalAt("/user_location", "must be an object or null, got string")}},
		{name: "country not a string", typ: "web_search", json: `{"type":"web_search","user_location":{"country":1}}`,
			want: []want{fatalAt("/user_location/country", "must be a string or null, got number")}},
		{name: "domains not a list", typ: "web_search", json: `{"type":"web_search","filters":{"allowed_domains":"example.com"}}`,
			want: []want{fatalAt("/filters/allowed_domains", "must be an array or null, got string")}},
		{name: "preview-only key", typ: "web_search", json: `{"type":"web_search","search_content_types":["text"]}`,
			want: []want{warnAt("/search_content_types", "unknown key for web_search")}},
		{name: "access not boolean", typ: "web_search", json: `{"type":"web_search","external_web_access":"no"}`,
			want: []want{fatalAt("/external_web_access", "must be a boolean, got string")}},
	}...)
	runEntryCases(t, cases)
}

func TestCheckEntryWebSearchPreview(t *testing.T) {
	full := `{"type":"%s","user_location":{"type":"approximate","country":"GB","region":"England","city":"London","timezone":"Europe/London"},
		"search_context_size":"low","search_content_types":["text","image"]}`
	var cases []entryCase
	for _, typ := range []string{"web_search_preview", "web_search_preview_2025_03_11"} {
		cases = append(cases,
			entryCase{name: "minimal", typ: typ, json: `{"type":"` + typ + `"}`},
			entryCase{name: "full", typ: typ, json: fmt.Sprintf(full, typ)},
			entryCase{name: "location without type", typ: typ, json: `{"type":"` + typ + `","user_location":{"country":"GB"}}`,
				want: []want{fatalAt("/user_location/type", "required")}},
		)
	}
	cases = append(cases, []entryCase{
		{name: "content type", typ: "web_search_preview", json: `{"type":"web_search_preview","search_content_types":["video"]}`,
			want: []want{fatalAt("/search_content_types/0", `must be one of "text", "image", got "video"`)}},
		{name: "context size", typ: "web_search_preview_2025_03_11", json: `{"type":"web_search_preview_2025_03_11","search_context_size":"max"}`,
			want: []want{fatalAt("/search_context_size", `must be one of "low", "medium", "high", got "max"`)}},
		{name: "country", typ: "web_search_preview", json: `{"type":"web_search_preview","user_location":{"type":"approximate","country":"gbr","timezone":"GMT"}}`,
			want: []want{fatalAt("/user_location/country", `got "gbr"`)}},
		{name: "GA-only keys", typ: "web_search_preview", json: `{"type":"web_search_preview","filters":{},"external_web_access":true}`,
			want: []want{
				warnAt("/external_web_access", "unknown key for web_search_preview"),
				warnAt("/filters", "unknown key for web_search_preview"),
			}},
		{name: "GA type", typ: "web_search_preview", json: `{"type":"web_search"}`,
			want: []want{fatalAt("/type", `must be one of "web_search_preview", "web_search_preview_2025_03_11", got "web_search"`)}},
	}...)
	runEntryCases(t, cases)
}

func TestCheckEntryMCP(t *testing.T) {
	tunnel := "tunnel_" + strings.Repeat("a1", 16)
	runEntryCases(t, []entryCase{
		{name: "minimal url", typ: "mcp", json: `{"type":"mcp","server_label":"deepwiki","server_url":"https://mcp.deepwiki.com/mcp"}`},
		{name: "minimal connector", typ: "mcp", json: `{"type":"mcp","server_label":"mail","connector_id":"connector_gmail","authorization":"token"}`},
		{name: "minimal tunnel", typ: "mcp", json: `{"type":"mcp","server_label":"intranet","tunnel_id":"` + tunnel + `"}`},
		{name: "full", typ: "mcp", json: `{"type":"mcp","server_label":"deepwiki","server_url":"https://mcp.deepwiki.com/mcp",
			"authorization":"token","server_description":"Docs","headers":{"X-Key":"v"},"allowed_tools":["ask_question"],
			"require_approval":{"always":{"tool_names":["write"],"read_only":false},"never":{"tool_names":["read"]}},
			"allowed_callers":["direct"],"defer_loading":true}`},
		{name: "filter forms", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/",
			"allowed_tools":{"tool_names":["a"],"read_only":true},"require_approval":"never","headers":null,"allowed_callers":null}`},
		{name: "no server", typ: "mcp", json: `{"type":"mcp","server_label":"d"}`,
			want: []want{fatalAt("", `one of "server_url", "connector_id" or "tunnel_id" is required`)}},
		{name: "null server", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":null}`,
			want: []want{
				fatalAt("/server_url", "must be a string, got null"),
				fatalAt("", `one of "server_url", "connector_id" or "tunnel_id" is required`),
			}},
		{name: "no label", typ: "mcp", json: `{"type":"mcp","server_url":"https://x.test/"}`,
			want: []want{fatalAt("/server_label", "required")}},
		{name: "relative url", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"mcp.example.com"}`,
			want: []want{fatalAt("/server_url", `must be an absolute URL such as "https://example.com/mcp", got "mcp.example.com"`)}},
		{name: "unknown connector", typ: "mcp", json: `{"type":"mcp","server_label":"d","connector_id":"connector_slack"}`,
			want: []want{fatalAt("/connector_id", `must be one of "connector_dropbox", `)}},
		{name: "bad tunnel", typ: "mcp", json: `{"type":"mcp","server_label":"d","tunnel_id":"tunnel_X"}`,
			want: []want{fatalAt("/tunnel_id", `must match the pattern ^tunnel_[a-z0-9]{32}$, got "tunnel_X"`)}},
		{name: "header value", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","headers":{"X-Retry":3}}`,
			want: []want{fatalAt("/headers/X-Retry", "must be a string, got number")}},
		{name: "approval word", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","require_approval":"sometimes"}`,
			want: []want{fatalAt("/require_approval", `must be one of "always", "never", got "sometimes"`)}},
		{name: "approval number", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","require_approval":1}`,
			want: []want{fatalAt("/require_approval", "must be an object, a string or null, got number")}},
		{name: "approval key", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","require_approval":{"maybe":{}}}`,
			want: []want{fatalAt("/require_approval/maybe", `unknown key; allowed keys are "always" and "never"`)}},
		{name: "tool filter key", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","allowed_tools":{"names":["a"]}}`,
			want: []want{fatalAt("/allowed_tools/names", `allowed keys are "read_only" and "tool_names"`)}},
		{name: "empty callers", typ: "mcp", json: `{"type":"mcp","server_label":"d","server_url":"https://x.test/","allowed_callers":[]}`,
			want: []want{fatalAt("/allowed_callers", "must have at least 1 item, got 0")}},
	})
}

func TestCheckEntryCodeInterpreter(t *testing.T) {
	fileIDs := `"f"` + strings.Repeat(`,"f"`, 50)
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "code_interpreter", json: `{"type":"code_interpreter","container":"cntr_123"}`},
		{name: "full", typ: "code_interpreter", json: `{"type":"code_interpreter","allowed_callers":["programmatic"],
			"container":{"type":"auto","file_ids":["file_1"],"memory_limit":"4g","network_policy":{"type":"allowlist",
			"allowed_domains":["pypi.org"],"domain_secrets":[{"domain":"pypi.org","name":"TOKEN","value":"s3cret"}]}}}`},
		{name: "disabled network", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","memory_limit":null,"network_policy":{"type":"disabled"}}}`},
		{name: "missing container", typ: "code_interpreter", json: `{"type":"code_interpreter"}`,
			want: []want{fatalAt("/container", "required")}},
		{name: "container number", typ: "code_interpreter", json: `{"type":"code_interpreter","container":5}`,
			want: []want{fatalAt("/container", "must be a string or an object, got number")}},
		{name: "container without type", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{}}`,
			want: []want{fatalAt("/container/type", "required")}},
		{name: "memory limit", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","memory_limit":"2g"}}`,
			want: []want{fatalAt("/container/memory_limit", `must be one of "1g", "4g", "16g", "64g", got "2g"`)}},
		{name: "too many files", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","file_ids":[` + fileIDs + `]}}`,
			want: []want{fatalAt("/container/file_ids", "must have at most 50 items, got 51")}},
		{name: "allowlist without domains", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"allowlist"}}}`,
			want: []want{fatalAt("/container/network_policy/allowed_domains", "required")}},
		{name: "empty allowlist", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"allowlist","allowed_domains":[]}}}`,
			want: []want{fatalAt("/container/network_policy/allowed_domains", "must have at least 1 item, got 0")}},
		{name: "empty secret", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"allowlist",
			"allowed_domains":["a.test"],"domain_secrets":[{"domain":"a.test","name":"K","value":""}]}}}`,
			want: []want{fatalAt("/container/network_policy/domain_secrets/0/value", "must not be empty")}},
		{name: "policy type", typ: "code_interpreter", json: `{"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"open"}}}`,
			want: []want{fatalAt("/container/network_policy/type", `must be one of "disabled", "allowlist", got "open"`)}},
	})
}

func TestCheckEntrySimpleTools(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal and full", typ: "programmatic_tool_calling", json: `{"type":"programmatic_tool_calling"}`},
		{name: "unknown key", typ: "programmatic_tool_calling", json: `{"type":"programmatic_tool_calling","tools":[]}`,
			want: []want{warnAt("/tools", "unknown key for programmatic_tool_calling")}},
		{name: "type not a string", typ: "programmatic_tool_calling", json: `{"type":1}`,
			want: []want{fatalAt("/type", "must be a string, got number")}},

		{name: "minimal and full", typ: "local_shell", json: `{"type":"local_shell"}`},
		{name: "shell-only key", typ: "local_shell", json: `{"type":"local_shell","environment":null}`,
			want: []want{warnAt("/environment", "unknown key for local_shell")}},
		{name: "missing type", typ: "local_shell", json: `{}`,
			want: []want{fatalAt("/type", "required")}},

		{name: "minimal", typ: "apply_patch", json: `{"type":"apply_patch"}`},
		{name: "full", typ: "apply_patch", json: `{"type":"apply_patch","allowed_callers":["direct"]}`},
		{name: "empty callers", typ: "apply_patch", json: `{"type":"apply_patch","allowed_callers":[]}`,
			want: []want{fatalAt("/allowed_callers", "must have at least 1 item, got 0")}},
		{name: "callers not a list", typ: "apply_patch", json: `{"type":"apply_patch","allowed_callers":"direct"}`,
			want: []want{fatalAt("/allowed_callers", "must be an array or null, got string")}},

		{name: "minimal", typ: "tool_search", json: `{"type":"tool_search"}`},
		{name: "full", typ: "tool_search", json: `{"type":"tool_search","execution":"client","description":"Find tools","parameters":{}}`},
		{name: "nulls", typ: "tool_search", json: `{"type":"tool_search","description":null,"parameters":null}`},
		{name: "execution", typ: "tool_search", json: `{"type":"tool_search","execution":"local"}`,
			want: []want{fatalAt("/execution", `must be one of "server", "client", got "local"`)}},
		{name: "parameters", typ: "tool_search", json: `{"type":"tool_search","parameters":"{}"}`,
			want: []want{fatalAt("/parameters", "must be an object or null, got string")}},
	})
}

func TestCheckEntryImageGeneration(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "image_generation", json: `{"type":"image_generation"}`},
		{name: "full", typ: "image_generation", json: `{"type":"image_generation","model":"gpt-image-1","quality":"high",
			"size":"1024x1024","output_format":"webp","output_compression":80,"moderation":"low","background":"transparent",
			"input_fidelity":"high","input_image_mask":{"image_url":"https://example.com/mask.png","file_id":"file_1"},
			"partial_images":3,"action":"edit"}`},
		{name: "free-form model and size", typ: "image_generation", json: `{"type":"image_generation","model":"gpt-image-2.5","size":"2048x1152","input_fidelity":null}`},
		{name: "quality", typ: "image_generation", json: `{"type":"image_generation","quality":"ultra"}`,
			want: []want{fatalAt("/quality", `must be one of "low", "medium", "high", "xhigh", "max", "auto", got "ultra"`)}},
		{name: "compression above", typ: "image_generation", json: `{"type":"image_generation","output_compression":101}`,
			want: []want{fatalAt("/output_compression", "must be at most 100, got 101")}},
		{name: "compression below", typ: "image_generation", json: `{"type":"image_generation","output_compression":-1}`,
			want: []want{fatalAt("/output_compression", "must be at least 0, got -1")}},
		{name: "partial images", typ: "image_generation", json: `{"type":"image_generation","partial_images":4}`,
			want: []want{fatalAt("/partial_images", "must be at most 3, got 4")}},
		{name: "fractional partial images", typ: "image_generation", json: `{"type":"image_generation","partial_images":1.5}`,
			want: []want{fatalAt("/partial_images", "must be an integer, got 1.5")}},
		{name: "size number", typ: "image_generation", json: `{"type":"image_generation","size":1024}`,
			want: []want{fatalAt("/size", "must be a string, got number")}},
		{name: "fidelity", typ: "image_generation", json: `{"type":"image_generation","input_fidelity":"medium"}`,
			want: []want{fatalAt("/input_fidelity", `must be one of "high", "low", got "medium"`)}},
		{name: "mask key", typ: "image_generation", json: `{"type":"image_generation","input_image_mask":{"url":"x"}}`,
			want: []want{fatalAt("/input_image_mask/url", `allowed keys are "file_id" and "image_url"`)}},
		{name: "format", typ: "image_generation", json: `{"type":"image_generation","output_format":"bmp","action":"draw"}`,
			want: []want{
				fatalAt("/action", `must be one of "generate", "edit", "auto", got "draw"`),
				fatalAt("/output_format", `got "bmp"`),
			}},
	})
}

func TestCheckEntryShell(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "shell", json: `{"type":"shell"}`},
		{name: "full container", typ: "shell", json: `{"type":"shell","allowed_callers":["direct"],"environment":{"type":"container_auto",
			"file_ids":["file_1"],"memory_limit":"1g","network_policy":{"type":"disabled"},
			"skills":[{"type":"skill_reference","skill_id":"skill_1","version":"2"},
				{"type":"inline","name":"csv","description":"CSV tools","source":{"type":"base64","media_type":"application/zip","data":"UEsDBA=="}}]}}`},
		{name: "local", typ: "shell", json: `{"type":"shell","environment":{"type":"local","skills":[{"name":"n","description":"d","path":"/skills/n"}]}}`},
		{name: "container reference", typ: "shell", json: `{"type":"shell","environment":{"type":"container_reference","container_id":"cntr_1"}}`},
		{name: "null environment", typ: "shell", json: `{"type":"shell","environment":null}`},
		{name: "environment type", typ: "shell", json: `{"type":"shell","environment":{"type":"remote"}}`,
			want: []want{fatalAt("/environment/type", `must be one of "container_auto", "local", "container_reference", got "remote"`)}},
		{name: "reference without id", typ: "shell", json: `{"type":"shell","environment":{"type":"container_reference"}}`,
			want: []want{fatalAt("/environment/container_id", "required")}},
		{name: "local skill without path", typ: "shell", json: `{"type":"shell","environment":{"type":"local","skills":[{"name":"n","description":"d"}]}}`,
			want: []want{fatalAt("/environment/skills/0/path", "required")}},
		{name: "long skill id", typ: "shell", json: `{"type":"shell","environment":{"type":"container_auto","skills":[{"type":"skill_reference","skill_id":"` + strings.Repeat("s", 65) + `"}]}}`,
			want: []want{fatalAt("/environment/skills/0/skill_id", "must be at most 64 characters long, got 65")}},
		{name: "inline media type", typ: "shell", json: `{"type":"shell","environment":{"type":"container_auto","skills":[{"type":"inline","name":"n","description":"d",
			"source":{"type":"base64","media_type":"application/gzip","data":"x"}}]}}`,
			want: []want{fatalAt("/environment/skills/0/source/media_type", `must be "application/zip", got "application/gzip"`)}},
		{name: "environment string", typ: "shell", json: `{"type":"shell","environment":"local"}`,
			want: []want{fatalAt("/environment", "must be an object or null, got string")}},
	})
}

func TestCheckEntryCustomAndNamespace(t *testing.T) {
	runEntryCases(t, []entryCase{
		{name: "minimal", typ: "custom", json: `{"type":"custom","name":"run_sql"}`},
		{name: "full", typ: "custom", json: `{"type":"custom","name":"run_sql","description":"Run SQL","defer_loading":true,"allowed_callers":["direct"],
			"format":{"type":"grammar","syntax":"lark","definition":"start: \"SELECT\""}}`},
		{name: "text format", typ: "custom", json: `{"type":"custom","name":"c","format":{"type":"text"}}`},
		{name: "missing name", typ: "custom", json: `{"type":"custom"}`,
			want: []want{fatalAt("/name", "required")}},
		{name: "grammar", typ: "custom", json: `{"type":"custom","name":"c","format":{"type":"grammar","syntax":"peg"}}`,
			want: []want{
				fatalAt("/format/definition", "required"),
				fatalAt("/format/syntax", `must be one of "lark", "regex", got "peg"`),
			}},
		{name: "format type", typ: "custom", json: `{"type":"custom","name":"c","format":{"type":"json"}}`,
			want: []want{fatalAt("/format/type", `must be one of "text", "grammar", got "json"`)}},

		{name: "minimal", typ: "namespace", json: `{"type":"namespace","name":"crm","description":"CRM tools","tools":[{"type":"function","name":"lookup"}]}`},
		{name: "full", typ: "namespace", json: `{"type":"namespace","name":"crm","description":"","tools":[
			{"type":"function","name":"lookup","description":"Find","parameters":{},"strict":false,"output_schema":{},"defer_loading":true,"allowed_callers":["programmatic"]},
			{"type":"custom","name":"query","format":{"type":"text"}}]}`},
		{name: "missing fields", typ: "namespace", json: `{"type":"namespace"}`,
			want: []want{
				fatalAt("/description", "required"),
				fatalAt("/name", "required"),
				fatalAt("/tools", "required"),
			}},
		{name: "empty", typ: "namespace", json: `{"type":"namespace","name":"","description":"d","tools":[]}`,
			want: []want{
				fatalAt("/name", "must not be empty"),
				fatalAt("/tools", "must have at least 1 item, got 0"),
			}},
		{name: "inner function name", typ: "namespace", json: `{"type":"namespace","name":"n","description":"d","tools":[{"type":"function","name":"a b"}]}`,
			want: []want{fatalAt("/tools/0/name", `must match the pattern ^[a-zA-Z0-9_-]+$, got "a b"`)}},
		{name: "inner long name", typ: "namespace", json: `{"type":"namespace","name":"n","description":"d","tools":[{"type":"function","name":"` + longName + `"}]}`,
			want: []want{fatalAt("/tools/0/name", "must be at most 128 characters long, got 131")}},
		{name: "inner built-in", typ: "namespace", json: `{"type":"namespace","name":"n","description":"d","tools":[{"type":"web_search"}]}`,
			want: []want{fatalAt("/tools/0/type", `must be one of "function", "custom", got "web_search"`)}},
	})
}

func TestCheckEntryUnknownType(t *testing.T) {
	checkIssues(t, CheckEntry("web_fetch", map[string]any{"type": "web_fetch"}),
		[]want{fatalAt("/type", `unknown tool type "web_fetch"`)})
}

// TestCheckEntryCoversEveryType makes sure each table above has a valid
// entry for every type.
func TestCheckEntryCoversEveryType(t *testing.T) {
	for _, typ := range ToolTypes() {
		minimal := entryDecode(t, `{"type":"`+typ+`"}`).(map[string]any)
		switch typ {
		case "function", "custom":
			minimal["name"] = "n"
		case "file_search":
			minimal["vector_store_ids"] = []any{"vs_1"}
		case "computer_use_preview":
			minimal["environment"], minimal["display_width"], minimal["display_height"] = "linux", json.Number("1"), json.Number("1")
		case "mcp":
			minimal["server_label"], minimal["server_url"] = "l", "https://x.test/mcp"
		case "code_interpreter":
			minimal["container"] = "cntr"
		case "namespace":
			minimal["name"], minimal["description"] = "n", "d"
			minimal["tools"] = []any{map[string]any{"type": "function", "name": "f"}}
		}
		if issues := CheckEntry(typ, minimal); len(issues) != 0 {
			t.Errorf("%s: minimal entry has issues:\n%s", typ, formatIssues(issues))
		}
	}
}

func TestCheckToolChoice(t *testing.T) {
	valid := []string{
		`"none"`, `"auto"`, `"required"`,
		`{"type":"allowed_tools","mode":"auto","tools":[{"type":"function","name":"get_weather"},{"type":"mcp","server_label":"deepwiki"},{"type":"image_generation"}]}`,
		`{"type":"file_search"}`, `{"type":"web_search_preview"}`, `{"type":"computer"}`, `{"type":"computer_use_preview"}`,
		`{"type":"computer_use"}`, `{"type":"web_search_preview_2025_03_11"}`, `{"type":"image_generation"}`, `{"type":"code_interpreter"}`,
		`{"type":"function","name":"get_weather"}`,
		`{"type":"mcp","server_label":"deepwiki"}`, `{"type":"mcp","server_label":"deepwiki","name":null}`, `{"type":"mcp","server_label":"deepwiki","name":"ask"}`,
		`{"type":"custom","name":"run_sql"}`,
		`{"type":"programmatic_tool_calling"}`, `{"type":"apply_patch"}`, `{"type":"shell"}`,
	}
	for _, js := range valid {
		if issues := CheckToolChoice(entryDecode(t, js)); len(issues) != 0 {
			t.Errorf("%s: unexpected issues:\n%s", js, formatIssues(issues))
		}
	}

	invalid := []struct {
		json string
		want []want
	}{
		{`"any"`, []want{fatalAt("", `must be one of "none", "auto", "required", got "any"`)}},
		{`5`, []want{fatalAt("", "must be a string or an object, got number")}},
		{`null`, []want{fatalAt("", "must be a string or an object, got null")}},
		{`{"type":"function"}`, []want{fatalAt("/name", "required")}},
		{`{"type":"function","function":{"name":"f"}}`, []want{warnAt("/function", `unknown key; the spec defines only "name" and "type" here`), fatalAt("/name", "required")}},
		{`{"type":"mcp"}`, []want{fatalAt("/server_label", "required")}},
		{`{"type":"custom","name":5}`, []want{fatalAt("/name", "must be a string, got number")}},
		{`{"type":"allowed_tools","mode":"any","tools":[1]}`, []want{
			fatalAt("/mode", `must be one of "auto", "required", got "any"`),
			fatalAt("/tools/0", "must be an object, got number"),
		}},
		{`{"type":"allowed_tools"}`, []want{fatalAt("/mode", "required"), fatalAt("/tools", "required")}},
		{`{"type":"local_shell"}`, []want{fatalAt("/type", `must be one of "allowed_tools", "file_search", `)}},
		{`{"name":"f"}`, []want{fatalAt("/type", "required")}},
		{`{"type":"web_search"}`, []want{warnAt("/type", `"web_search" is not a tool_choice type in the spec; the API accepts it in practice`)}},
		{`{"type":"web_search_2025_08_26"}`, []want{warnAt("/type", `"web_search_2025_08_26" is not a tool_choice type`)}},
	}
	for _, c := range invalid {
		t.Run(c.json, func(t *testing.T) {
			checkIssues(t, CheckToolChoice(entryDecode(t, c.json)), c.want)
		})
	}
}

func TestToolTypes(t *testing.T) {
	want := []string{"function", "file_search", "computer", "computer_use_preview", "web_search", "web_search_2025_08_26",
		"mcp", "code_interpreter", "programmatic_tool_calling", "image_generation", "local_shell", "shell", "custom",
		"namespace", "tool_search", "web_search_preview", "web_search_preview_2025_03_11", "apply_patch"}
	got := ToolTypes()
	if !slices.Equal(got, want) {
		t.Fatalf("ToolTypes() = %q\nwant %q", got, want)
	}
	got[0] = "changed"
	if ToolTypes()[0] != "function" {
		t.Error("ToolTypes returns shared storage")
	}
	for _, typ := range want {
		if !IsToolType(typ) {
			t.Errorf("IsToolType(%q) = false", typ)
		}
	}
	for _, typ := range []string{"", "Function", "computer_use", "web_fetch", "web_search_20250305"} {
		if IsToolType(typ) {
			t.Errorf("IsToolType(%q) = true", typ)
		}
	}
}

func TestKnownKeys(t *testing.T) {
	cases := map[string][]string{
		"file_search":           {"filters", "max_num_results", "ranking_options", "type", "vector_store_ids"},
		"function":              {"allowed_callers", "async", "defer_loading", "description", "name", "output_schema", "parameters", "strict", "type"},
		"computer":              {"type"},
		"web_search_2025_08_26": {"external_web_access", "filters", "search_context_size", "type", "user_location"},
		"web_search_preview":    {"search_content_types", "search_context_size", "type", "user_location"},
	}
	for typ, want := range cases {
		if got := KnownKeys(typ); !slices.Equal(got, want) {
			t.Errorf("KnownKeys(%q) = %q, want %q", typ, got, want)
		}
	}
	if got := KnownKeys("web_fetch"); got != nil {
		t.Errorf("KnownKeys of an unknown type = %q, want nil", got)
	}
	KnownKeys("computer")[0] = "changed"
	if KnownKeys("computer")[0] != "type" {
		t.Error("KnownKeys returns shared storage")
	}
	for _, typ := range ToolTypes() {
		if keys := KnownKeys(typ); !slices.Contains(keys, "type") {
			t.Errorf("KnownKeys(%q) = %q lacks type", typ, keys)
		}
	}
}

// TestSchemaToolTable checks the Go table of types against the embedded
// schema: Tool.oneOf lists the same schemas, in the same order, and each
// schema's type enum holds the types mapped to it.
func TestSchemaToolTable(t *testing.T) {
	var doc struct {
		Defs map[string]struct {
			OneOf []struct {
				Ref string `json:"$ref"`
			} `json:"oneOf"`
			Properties map[string]struct {
				Enum []string `json:"enum"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(toolsSchemaJSON, &doc); err != nil {
		t.Fatal(err)
	}
	var fromSchema []string
	for _, ref := range doc.Defs["Tool"].OneOf {
		def := strings.TrimPrefix(ref.Ref, "#/$defs/")
		fromSchema = append(fromSchema, doc.Defs[def].Properties["type"].Enum...)
		for _, typ := range doc.Defs[def].Properties["type"].Enum {
			if got, _ := toolDefName(typ); got != def {
				t.Errorf("type %q maps to %q, the schema says %q", typ, got, def)
			}
		}
	}
	if !slices.Equal(fromSchema, ToolTypes()) {
		t.Errorf("types in the schema %q\ndiffer from ToolTypes() %q", fromSchema, ToolTypes())
	}
}

// TestSchemaCompiles makes sure the embedded document loads and every
// tool schema in it compiles.
func TestSchemaCompiles(t *testing.T) {
	s := toolSchemas()
	if s.err != nil {
		t.Fatal(s.err)
	}
	if err := s.compileAll(); err != nil {
		t.Fatal(err)
	}
	for _, def := range []string{"Tool", "ToolChoiceParam", "CompoundFilter"} {
		if _, ok := s.doc["$defs"].(map[string]any)[def]; !ok {
			t.Errorf("$defs lacks %s", def)
		}
	}
	if bytes.Contains(toolsSchemaJSON, []byte(`"description": "`)) || bytes.Contains(toolsSchemaJSON, []byte(`"x-`)) ||
		bytes.Contains(toolsSchemaJSON, []byte(`components/schemas`)) || bytes.Contains(toolsSchemaJSON, []byte(`$recursive`)) {
		t.Error("tools.schema.json carries prose, extensions or OpenAPI references")
	}
}

// specPathForTest is where the OpenAPI description lives on machines that
// have it; TOOLTUI_OPENAPI_SPEC overrides it.
const specPathForTest = "/work/shared/spec/openai-openapi.json"

// TestSchemaMatchesGenerator regenerates tools.schema.json and compares it
// with the embedded copy, byte for byte. It needs the OpenAPI description,
// which is not part of the repository, and is skipped without it.
func TestSchemaMatchesGenerator(t *testing.T) {
	spec := os.Getenv("TOOLTUI_OPENAPI_SPEC")
	if spec == "" {
		spec = specPathForTest
	}
	if _, err := os.Stat(spec); err != nil {
		t.Skipf("OpenAPI description not available (%v); set TOOLTUI_OPENAPI_SPEC to check the generated schema", err)
	}
	if testing.Short() {
		t.Skip("runs the generator; skipped in -short mode")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found")
	}
	cmd := exec.Command(goTool, "run", "./schemagen", spec)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("schemagen: %v\n%s", err, stderr.String())
	}
	if !bytes.Equal(out, toolsSchemaJSON) {
		t.Fatalf("tools.schema.json is stale (%d bytes generated, %d embedded); regenerate it:\n"+
			"go run ./internal/convert/schemagen %s > internal/convert/tools.schema.json", len(out), len(toolsSchemaJSON), spec)
	}
}

// nested returns a value nesting depth containers, alternating objects and
// arrays, built without recursion.
func nested(depth int) any {
	var v any = "leaf"
	for i := 0; i < depth; i++ {
		if i%2 == 0 {
			v = []any{v}
		} else {
			v = map[string]any{"k": v}
		}
	}
	return v
}

func TestCheckEntryDepth(t *testing.T) {
	deep := map[string]any{"type": "function", "name": "f", "output_schema": nested(10_000)}
	issues := CheckEntry("function", deep)
	checkIssues(t, issues, []want{fatalAt("", "nesting deeper than 64 levels")})

	deepFilter := map[string]any{"type": "file_search", "vector_store_ids": []any{"vs_1"}}
	var f any = map[string]any{"type": "eq", "key": "k", "value": "v"}
	for i := 0; i < 10_000; i++ {
		f = map[string]any{"type": "and", "filters": []any{f}}
	}
	deepFilter["filters"] = f
	checkIssues(t, CheckEntry("file_search", deepFilter), []want{fatalAt("", "nesting deeper than 64 levels")})

	checkIssues(t, CheckToolChoice(map[string]any{"type": "allowed_tools", "mode": "auto", "tools": []any{nested(10_000)}}),
		[]want{fatalAt("", "nesting deeper than 64 levels")})

	// The entry itself is level 1: 63 more levels are fine, 64 are not.
	atLimit := map[string]any{"type": "function", "name": "f", "output_schema": map[string]any{"x": nested(62)}}
	if issues := CheckEntry("function", atLimit); len(issues) != 0 {
		t.Errorf("64 levels: %s", formatIssues(issues))
	}
	overLimit := map[string]any{"type": "function", "name": "f", "output_schema": map[string]any{"x": nested(63)}}
	checkIssues(t, CheckEntry("function", overLimit), []want{fatalAt("", "nesting deeper than 64 levels")})
}

func TestCheckEntryHugeNumbers(t *testing.T) {
	start := time.Now()
	issues := CheckEntry("image_generation", entryDecode(t, `{"type":"image_generation","output_compression":1e999999,"partial_images":`+strings.Repeat("9", 2000)+`}`))
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
	checkIssues(t, issues, []want{
		fatalAt("/output_compression", "number out of range, got 1e999999"),
		fatalAt("/partial_images", "number out of range, got 9999"),
	})
	checkIssues(t, CheckEntry("file_search", entryDecode(t, `{"type":"file_search","vector_store_ids":["vs_1"],"max_num_results":1e400}`)), []want{
		fatalAt("/max_num_results", "must be between 1 and 50, got 1e400"),
	})
}

func TestCheckEntryOddValues(t *testing.T) {
	// Values a careless caller might pass: no panic, a fatal issue.
	for _, v := range []any{nil, "file_search", json.Number("1"), true, []any{}, map[string]any{"type": "file_search", "vector_store_ids": []string{"x"}}, 42} {
		issues := CheckEntry("file_search", v)
		if len(issues) == 0 || !issues[0].Fatal {
			t.Errorf("%#v: want a fatal issue, got:\n%s", v, formatIssues(issues))
		}
	}
	checkIssues(t, CheckEntry("file_search", map[string]any{"type": "file_search", "vector_store_ids": []any{"a"}, "max_num_results": 7.0}), nil)
	for _, n := range []json.Number{"abc", "1 ", "", "01", "1e"} {
		checkIssues(t, CheckEntry("image_generation", map[string]any{"type": "image_generation", "output_compression": n}),
			[]want{fatalAt("/output_compression", "not a valid JSON number")})
	}
}

func TestCheckEntryKeyEscaping(t *testing.T) {
	checkIssues(t, CheckEntry("computer", entryDecode(t, `{"type":"computer","a/b~c":1}`)),
		[]want{warnAt("/a~1b~0c", "unknown key for computer")})
}

func TestCheckEntryDeterministic(t *testing.T) {
	js := `{"type":"file_search","max_num_results":99,"b":1,"a":2,"ranking_options":{"score_threshold":2,"ranker":"x","hybrid_search":{}},
		"filters":{"type":"and","filters":[{"type":"eq"},{"type":"or","filters":[{"q":1}]},{"type":"eq","key":"k","value":{},"z":1}]}}`
	first := CheckEntry("file_search", entryDecode(t, js))
	if len(first) < 8 {
		t.Fatalf("expected many issues, got:\n%s", formatIssues(first))
	}
	for i := 0; i < 50; i++ {
		if got := CheckEntry("file_search", entryDecode(t, js)); !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, formatIssues(got), formatIssues(first))
		}
	}
}

func TestCheckEntryConcurrent(t *testing.T) {
	inputs := []struct{ typ, json string }{
		{"file_search", `{"type":"file_search","max_num_results":99}`},
		{"web_search", `{"type":"web_search","user_location":{"country":"USA"}}`},
		{"mcp", `{"type":"mcp","server_label":"x"}`},
		{"function", `{"type":"function","name":"a b"}`},
	}
	want := make([][]Issue, len(inputs))
	for i, in := range inputs {
		want[i] = CheckEntry(in.typ, entryDecode(t, in.json))
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 50; n++ {
				i := (g + n) % len(inputs)
				if got := CheckEntry(inputs[i].typ, entryDecode(t, inputs[i].json)); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("concurrent result differs for %s", inputs[i].json)
					return
				}
				CheckToolChoice(map[string]any{"type": "function"})
			}
		}()
	}
	wg.Wait()
}

func TestComparePointers(t *testing.T) {
	sorted := []string{"/a/b", "/a", "/b/2/x", "/b/2", "/b/10", "/b", "/c~1d", ""}
	for i := range sorted {
		for j := range sorted {
			got := comparePointers(sorted[i], sorted[j])
			if (i < j && got >= 0) || (i == j && got != 0) || (i > j && got <= 0) {
				t.Errorf("comparePointers(%q, %q) = %d", sorted[i], sorted[j], got)
			}
		}
	}
}

// FuzzCheckEntry checks that no decoded value makes CheckEntry or
// CheckToolChoice panic, and that issues come out sorted and well formed.
func FuzzCheckEntry(f *testing.F) {
	seeds := []string{
		`{"type":"file_search","vector_store_ids":["a"],"filters":{"type":"and","filters":[{"type":"eq","key":"k","value":[1,"a"]}]}}`,
		`{"type":"mcp","server_label":"x","require_approval":{"always":{"tool_names":[]}}}`,
		`{"type":"web_search","user_location":{"country":"U","timezone":"/"}}`,
		`{"type":"code_interpreter","container":{"type":"auto","network_policy":{"type":"allowlist","allowed_domains":[]}}}`,
		`{"type":"function","name":"\u0000\u202e","max_num_results":1e99999}`,
		`[[[[{"a":{}}]]]]`, `"auto"`, `null`, `{"type":"allowed_tools","mode":"auto","tools":[{}]}`,
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64<<10 {
			return
		}
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		for _, typ := range ToolTypes() {
			assertTidy(t, CheckEntry(typ, v))
		}
		assertTidy(t, CheckToolChoice(v))
	})
}

func assertTidy(t *testing.T, issues []Issue) {
	t.Helper()
	for i, is := range issues {
		if is.Path != "" && !strings.HasPrefix(is.Path, "/") || is.Message == "" {
			t.Fatalf("malformed issue %+v", is)
		}
		if i > 0 && comparePointers(issues[i-1].Path, is.Path) > 0 {
			t.Fatalf("issues out of order:\n%s", formatIssues(issues))
		}
		if i > 0 && reflect.DeepEqual(issues[i-1], is) {
			t.Fatalf("duplicate issue %+v", is)
		}
	}
}

func BenchmarkCheckEntry(b *testing.B) {
	v := entryDecode(b, `{"type":"file_search","vector_store_ids":["vs_68a1f0c2","vs_68a1f0c3"],"max_num_results":20,
		"ranking_options":{"ranker":"auto","score_threshold":0.4},
		"filters":{"type":"and","filters":[{"type":"eq","key":"lang","value":"en"},{"type":"gte","key":"year","value":2024}]}}`)
	if issues := CheckEntry("file_search", v); len(issues) != 0 {
		b.Fatalf("benchmark entry is not valid:\n%s", formatIssues(issues))
	}
	b.ReportAllocs()
	for b.Loop() {
		CheckEntry("file_search", v)
	}
}

func BenchmarkCheckEntryInvalid(b *testing.B) {
	v := entryDecode(b, `{"type":"file_search","vector_store_ids":"vs_1","max_num_results":99,
		"ranking_options":{"ranker":"best","score_threshold":4},"filters":{"type":"eq","key":"lang"}}`)
	b.ReportAllocs()
	for b.Loop() {
		CheckEntry("file_search", v)
	}
}

// A hosted mcp tool whose server_url OpenAI's servers cannot reach, or
// reach only over plain http, gets a warning that points at tooltui's MCP
// bridge; a public https server gets none.
func TestMCPServerURLReachable(t *testing.T) {
	mcp := func(u string) string {
		return `{"type":"mcp","server_label":"s","server_url":"` + u + `","require_approval":"never"}`
	}
	bridge := "tooltui's MCP bridge can: import its tools as functions"
	var cases []entryCase
	for _, c := range []struct{ url, what string }{
		{"http://localhost:8080/mcp", `"localhost" is this machine`},
		{"https://api.localhost/mcp", "is a name of this machine"},
		{"https://127.0.0.1/mcp", "a loopback address"},
		{"http://[::1]:3000/mcp", "a loopback address"},
		{"https://10.1.2.3/mcp", "a private address (RFC 1918)"},
		{"https://172.16.0.9/mcp", "a private address (RFC 1918)"},
		{"https://192.168.1.20:8443/mcp", "a private address (RFC 1918)"},
		{"https://169.254.10.1/mcp", "a link-local address"},
		{"https://[fe80::1]/mcp", "a link-local address"},
		{"https://[fd12:3456::1]/mcp", "an IPv6 unique local address"},
		{"https://[::ffff:192.168.0.1]/mcp", "a private address"},
		{"https://printer.local/mcp", "a .local name"},
		{"https://0.0.0.0/mcp", "an unspecified address"},
	} {
		cases = append(cases, entryCase{name: c.url, typ: "mcp", json: mcp(c.url), want: []want{warnAt("/server_url", c.what)}})
	}
	cases = append(cases, entryCase{name: "the whole message", typ: "mcp", json: mcp("http://localhost:8080/mcp"),
		want: []want{warnAt("/server_url", `"localhost" is this machine: OpenAI's servers, which call a hosted mcp tool, cannot reach it; `+bridge)}})
	cases = append(cases,
		entryCase{name: "plain http", typ: "mcp", json: mcp("http://mcp.example.com/mcp"), want: []want{warnAt("/server_url", "plain http")}},
		entryCase{name: "public https", typ: "mcp", json: mcp("https://mcp.deepwiki.com/mcp")},
		entryCase{name: "public address", typ: "mcp", json: mcp("https://8.8.8.8/mcp")},
		entryCase{name: "172.32 is public", typ: "mcp", json: mcp("https://172.32.0.1/mcp")},
	)
	runEntryCases(t, cases)
}
