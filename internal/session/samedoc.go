package session

import (
	"bytes"
	"maps"
	"slices"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// SameDoc reports whether two documents hold the same content: every
// member of model.Document compared (a test keeps the list complete), JSON
// values but for their whitespace, which a save writes in the file's own
// layout either way.
// Edits share what they do not change, so most comparisons are of equal
// slices and cost nothing; a changed entry costs its length.
func SameDoc(a, b *model.Document) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.Format == b.Format && a.Layout == b.Layout && a.Source == b.Source &&
		sameObject(a.Fields, b.Fields) && sameObject(a.Extra, b.Extra) &&
		sameTools(a.Functions, b.Functions) && sameTools(a.Builtins, b.Builtins) &&
		bytes.Equal(a.ToolsDefsRaw, b.ToolsDefsRaw) && bytes.Equal(a.BuiltinsRaw, b.BuiltinsRaw) &&
		bytes.Equal(a.ExtraRaw, b.ExtraRaw) && sameKinds(a.Order, b.Order) &&
		sameRawMap(a.Mocks, b.Mocks) && sameStringMap(a.RequestDrafts, b.RequestDrafts) &&
		sameServers(a.MCPServers, b.MCPServers) && slices.Equal(a.Merged, b.Merged)
}

func sameServers(a, b map[string]model.MCPServer) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || x.URL != y.URL || !slices.Equal(x.Command, y.Command) || !maps.Equal(x.Headers, y.Headers) {
			return false
		}
	}
	return true
}

func sameObject(a, b rawjson.Object) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !sameJSON(a[i].Value, b[i].Value) {
			return false
		}
	}
	return true
}

func sameTools(a, b []model.Tool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Disabled != y.Disabled || x.DraftField != y.DraftField || (x.Draft == nil) != (y.Draft == nil) ||
			x.Origin != y.Origin || x.Server != y.Server || x.ServerTool != y.ServerTool ||
			x.Draft != nil && *x.Draft != *y.Draft || !sameJSON(x.Raw, y.Raw) {
			return false
		}
	}
	return true
}

func sameKinds(a, b []model.Kind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameRawMap[M ~map[string]V, V ~[]byte](a, b M) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !sameJSON(v, w) {
			return false
		}
	}
	return true
}

func sameStringMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			return false
		}
	}
	return true
}

// sameJSON reports whether two JSON texts are the same but for the
// whitespace between tokens: an edit writes an entry's outer object
// compactly, and the file is written in its own layout either way. Equal
// slices cost nothing; otherwise one pass that compares each string
// whole, no allocation.
func sameJSON(a, b []byte) bool {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) || bytes.Equal(a, b) {
		return true
	}
	i, j := 0, 0
	for {
		for i < len(a) && isSpace(a[i]) {
			i++
		}
		for j < len(b) && isSpace(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		c := a[i]
		if c != b[j] {
			return false
		}
		if c != '"' {
			i, j = i+1, j+1
			continue
		}
		end := stringEnd(a, i)
		if end < 0 { // not closed: the rest must be the same text
			return bytes.Equal(a[i:], b[j:])
		}
		n := end - i
		if j+n > len(b) || !bytes.Equal(a[i:end], b[j:j+n]) {
			return false
		}
		i, j = end, j+n
	}
}

// stringEnd is the index after the quote that closes the string opened at
// s[i], -1 when none does.
func stringEnd(s []byte, i int) int {
	k := i + 1
	for {
		q := bytes.IndexByte(s[k:], '"')
		if q < 0 {
			return -1
		}
		p := k + q
		bs := 0
		for p-1-bs > i && s[p-1-bs] == '\\' {
			bs++
		}
		if bs%2 == 0 {
			return p + 1
		}
		k = p + 1
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
