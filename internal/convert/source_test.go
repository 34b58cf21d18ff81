package convert

import (
	"strings"
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

func TestSourceDiagnosticsComeFirst(t *testing.T) {
	d := mustParse(t, `{"model":"gpt-5","tools":[{"type":"web_serch"}]}`)
	d.Source = &model.Source{Format: "Anthropic Messages", Notes: []model.SourceNote{
		{Path: "/tools/0/cache_control", Message: "cache_control has no equivalent in the Responses API; dropped", Loss: true},
		{Path: "/tools/1/allowed_domains", Message: "moved to filters.allowed_domains"},
	}}
	_, diags := Convert(d)
	got := diagLines(diags)
	want := strings.Join([]string{
		"note: source: read as Anthropic Messages and translated to the Responses API; a save writes the Responses shape",
		"warning: source (Anthropic Messages) /tools/0/cache_control: cache_control has no equivalent in the Responses API; dropped",
		"note: source (Anthropic Messages) /tools/1/allowed_domains: moved to filters.allowed_domains",
		`warning: tools[0] (web_serch) /type: unknown type "web_serch"`,
	}, "\n")
	if !strings.HasPrefix(got, want) {
		t.Fatalf("got\n%s\nwant first\n%s", got, want)
	}
	d.Source = nil
	if _, diags := Convert(d); strings.Contains(diagLines(diags), "source") {
		t.Fatalf("no source, yet: %s", diagLines(diags))
	}
}
