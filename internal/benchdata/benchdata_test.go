package benchdata_test

import (
	"bytes"
	"testing"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/model"
)

// TestDocsConvertCleanly: every benchmark document loads and converts with
// no diagnostics, so the benchmarks measure the common path.
func TestDocsConvertCleanly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds about 3 MB of documents")
	}
	for _, bd := range benchdata.Docs {
		src := bd.JSON()
		d, err := model.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", bd.Name, err)
		}
		out, diags := convert.Convert(d)
		for _, dg := range diags {
			t.Errorf("%s: %s", bd.Name, dg)
		}
		t.Logf("%s: %d bytes, %d functions, %d built-ins; request %d bytes, %d lines",
			bd.Name, len(src), len(d.Functions), len(d.Builtins), len(out), bytes.Count(out, []byte{'\n'}))
	}
}

func TestDeterministic(t *testing.T) {
	if !bytes.Equal(benchdata.Mixed(50), benchdata.Mixed(50)) || !bytes.Equal(benchdata.Schema(9), benchdata.Schema(9)) {
		t.Fatal("documents differ between calls")
	}
}
