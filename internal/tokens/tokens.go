// Package tokens estimates what a tool costs: the input tokens its
// definition adds to every request that carries it. It counts the tool's
// JSON as the request sends it with the o200k_base encoding (the one of
// the GPT-4o, GPT-4.1, GPT-5 and o-series models), through
// github.com/tiktoken-go/tokenizer. The API lays tools out in a format of
// its own before the model reads them, so the count is an estimate
// ("≈"), close to what a response's usage reports for the same tools.
//
// The encoding's vocabulary (200,000 entries) is built on first use, which
// takes tens of milliseconds: call Warm off the event loop.
package tokens

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"

	"github.com/tooltui/tooltui/internal/convert"
)

// Encoding names the encoding counts are made with.
const Encoding = "o200k_base"

var (
	once sync.Once
	enc  *codec.Codec
)

func encoder() *codec.Codec {
	once.Do(func() { enc = codec.NewO200kBase() })
	return enc
}

// Warm builds the encoding, so that the first Count does not pay for it.
func Warm() { encoder() }

// Count is the number of o200k_base tokens of text.
func Count(text string) int {
	if text == "" {
		return 0
	}
	n, err := encoder().Count(text)
	if err != nil {
		return 0
	}
	return n
}

// Cache counts tools once: a tool's count is kept by its JSON's bytes, so
// a keystroke that changes one tool counts that one again and looks the
// others up. It is safe for use by several goroutines.
type Cache struct {
	mu sync.Mutex
	m  map[string]int
	// seen marks the keys used since the last Sweep.
	seen map[string]bool
}

// Lookup returns a tool's count when it is known.
func (c *Cache) Lookup(tool []byte) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.m[string(tool)]
	if ok && c.seen != nil {
		c.seen[string(tool)] = true
	}
	return n, ok
}

// Tool returns a tool's count, counting it when it is not known.
func (c *Cache) Tool(tool []byte) int {
	if n, ok := c.Lookup(tool); ok {
		return n
	}
	n := Count(string(tool))
	c.mu.Lock()
	if c.m == nil {
		c.m, c.seen = map[string]int{}, map[string]bool{}
	}
	key := string(tool)
	c.m[key], c.seen[key] = n, true
	c.mu.Unlock()
	return n
}

// Sweep forgets the tools not looked up since the last Sweep, so that
// the cache holds only what the document has.
func (c *Cache) Sweep() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.m {
		if !c.seen[k] {
			delete(c.m, k)
		}
	}
	c.seen = map[string]bool{}
}

// Len is how many tools the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// ResponseTool returns the count of one entry of a request's tools: its
// JSON as the request sends it, compact (and without json.Marshal's
// escaping of <, > and &, which the request has not), counted with c.
// It is the estimate the app shows for each tool.
func (c *Cache) ResponseTool(t convert.ResponseTool) int {
	b, err := t.MarshalJSON()
	if err != nil {
		return 0
	}
	var buf bytes.Buffer
	if json.Compact(&buf, b) == nil {
		b = buf.Bytes()
	}
	return c.Tool(b)
}
