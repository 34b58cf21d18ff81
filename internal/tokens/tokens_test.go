package tokens

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

func TestCount(t *testing.T) {
	for text, want := range map[string]int{
		"":            0,
		"hello world": 2,
		"hello":       1,
	} {
		if got := Count(text); got != want {
			t.Errorf("Count(%q) = %d, want %d", text, got, want)
		}
	}
	// A tool's JSON: more tokens than words, fewer than bytes.
	tool := `{"type":"function","name":"get_weather","description":"Get the current weather for a city","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false},"strict":true}`
	n := Count(tool)
	if n < len(strings.Fields(tool)) || n >= len(tool)/2 {
		t.Fatalf("Count(tool) = %d for %d bytes", n, len(tool))
	}
}

func TestCacheCountsOnceAndSweeps(t *testing.T) {
	var c Cache
	a, b := []byte(`{"type":"web_search"}`), []byte(`{"type":"file_search","vector_store_ids":["vs_1"]}`)
	na := c.Tool(a)
	if na != Count(string(a)) {
		t.Fatalf("Tool = %d, Count = %d", na, Count(string(a)))
	}
	c.Tool(b)
	if n, ok := c.Lookup(append([]byte(nil), a...)); !ok || n != na {
		t.Fatalf("Lookup of the same bytes = %d, %v", n, ok)
	}
	c.Sweep() // a and b were used since the cache began
	c.Tool(a) // only a is used now
	c.Sweep() // b goes
	if _, ok := c.Lookup(b); ok || c.Len() != 1 {
		t.Fatalf("after Sweep the cache holds %d tools, b: %v", c.Len(), ok)
	}
}

// BenchmarkCachedTools1000 is what a keystroke pays for the token column
// with 1,000 tools, one of them changed: 999 lookups and one count.
func BenchmarkCachedTools1000(b *testing.B) {
	var c Cache
	tools := make([][]byte, 1000)
	for i := range tools {
		tools[i] = []byte(fmt.Sprintf(`{"type":"function","name":"tool_%d","description":"Does thing number %d for the user","parameters":{"type":"object","properties":{"q%d":{"type":"string","description":"what to look for"}},"required":["q%d"],"additionalProperties":false},"strict":true}`, i, i, i, i))
		c.Tool(tools[i])
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		tools[i%1000] = append(tools[i%1000][:len(tools[i%1000]):len(tools[i%1000])], ' ')
		total := 0
		for _, t := range tools {
			total += c.Tool(t)
		}
		c.Sweep()
		_ = total
	}
}

func BenchmarkWarm(b *testing.B) {
	for b.Loop() {
		Warm()
	}
}

// TestResponseTool: a request's tool is counted as the request sends it,
// compact, with <, > and & as they are.
func TestResponseTool(t *testing.T) {
	d, err := model.Parse([]byte(`{"tools_defs":[{"name":"cmp","description":"a < b & c > d",
	  "parameters":{"type":"object","properties":{"a":{"type":"string"}}}}],
	  "extra":{"builtin_tools":[{"type": "web_search"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var c convert.Converter
	res := c.Convert(d)
	if len(res.Tools) != 2 {
		t.Fatalf("%d tools", len(res.Tools))
	}
	var cache Cache
	for _, tool := range res.Tools {
		b, _ := tool.MarshalJSON()
		var buf bytes.Buffer
		if err := json.Compact(&buf, b); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(buf.String(), `\u003c`) || strings.Contains(buf.String(), `"type": `) {
			t.Fatalf("not as sent: %s", buf.String())
		}
		if got, want := cache.ResponseTool(tool), Count(buf.String()); got != want || got == 0 {
			t.Errorf("ResponseTool(%s) = %d, want %d", buf.String(), got, want)
		}
	}
}
