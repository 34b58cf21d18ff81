package importer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/tokens"
)

// benchDocs are a document of 20 functions and an import of n, a tenth
// of them clashing.
func benchDocs(b *testing.B, n int) (target, in *model.Document) {
	b.Helper()
	fn := func(name string) string {
		return fmt.Sprintf(`{"name":%q,"description":"Does %s with a city and a date.","parameters":{"type":"object","properties":`+
			`{"city":{"type":"string","description":"The city"},"date":{"type":"string","format":"date"}},"required":["city","date"],"additionalProperties":false},"strict":true}`, name, name)
	}
	var t, i []string
	for k := range 20 {
		t = append(t, fn(fmt.Sprintf("tool_%d", k*10)))
	}
	for k := range n {
		i = append(i, fn(fmt.Sprintf("tool_%d", k)))
	}
	var err error
	if target, err = model.Parse([]byte(`{"tools_defs":[` + strings.Join(t, ",") + `]}`)); err != nil {
		b.Fatal(err)
	}
	if in, err = model.Parse([]byte(`{"tools_defs":[` + strings.Join(i, ",") + `]}`)); err != nil {
		b.Fatal(err)
	}
	return target, in
}

// BenchmarkNewChecklist: the checklist of 200 tools, each counted (the
// encoding built before).
func BenchmarkNewChecklist(b *testing.B) {
	target, in := benchDocs(b, 200)
	tokens.Warm()
	for b.Loop() {
		NewChecklist(target, in, &tokens.Cache{})
	}
}

// BenchmarkApply: 200 tools into 20, the clashes renamed.
func BenchmarkApply(b *testing.B) {
	target, in := benchDocs(b, 200)
	for b.Loop() {
		if _, err := Apply(target, in, Choices{OnClash: ClashRename}); err != nil {
			b.Fatal(err)
		}
	}
}
