package convert

// Benchmarks of the converter on the documents of internal/benchdata.
//
//	go test -run '^$' -bench . -benchmem -count 3 ./internal/convert
//
// Every benchmark reports, besides ns/op, the floor measured in the same
// run: encoding/json Marshal of the same request decoded into any, plus
// json.Indent (floor-ns/op), and the ratio ns/op ÷ floor (x-floor). The
// target is Convert ≤ 2 x-floor on every document.

import (
	"bytes"
	"maps"
	"testing"
	"time"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// floorTime is how long each benchmark spends measuring its floor.
const floorTime = 300 * time.Millisecond

func benchDoc(b *testing.B, src []byte) *model.Document {
	b.Helper()
	d, err := model.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// benchRequest converts d once (which also compiles the embedded schema,
// a one-time cost kept out of every loop), checks it converts cleanly and
// measures the floor of its request.
func benchRequest(b *testing.B, d *model.Document) (req []byte, floorNs float64) {
	b.Helper()
	req, diags := Convert(d)
	for _, dg := range diags {
		b.Fatalf("benchmark document has a diagnostic: %s", dg)
	}
	return req, benchdata.NewFloor(req).Measure(floorTime)
}

// BenchmarkConvert converts each document with a fresh Converter, as
// `tooltui build` and the app's first conversion do: every entry is checked.
func BenchmarkConvert(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			d := benchDoc(b, bd.JSON())
			req, floor := benchRequest(b, d)
			b.SetBytes(int64(len(req)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if out, _ := Convert(d); len(out) != len(req) {
					b.Fatal("output changed")
				}
			}
			run.Report(b, b.N)
		})
	}
}

// BenchmarkConvertCached converts an unchanged document with a reused
// Converter: no entry is re-checked, only the request is assembled and
// indented. It is the part of every keystroke that does not depend on what
// was edited.
func BenchmarkConvertCached(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			d := benchDoc(b, bd.JSON())
			req, floor := benchRequest(b, d)
			var c Converter
			c.Convert(d)
			b.SetBytes(int64(len(req)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if r := c.Convert(d); len(r.JSON) != len(req) {
					b.Fatal("output changed")
				}
			}
			run.Report(b, b.N)
		})
	}
}

// editVariants returns two versions of the raw entry, differing in the
// function's name (a keystroke in the name field).
func editVariants(b *testing.B, raw []byte) [2][]byte {
	b.Helper()
	o, err := rawjson.ParseObject(raw)
	if err != nil {
		b.Fatal(err)
	}
	name, _ := o.Get("name")
	var v [2][]byte
	for i, suffix := range []string{"", "x"} {
		o2 := o.Clone()
		o2.Set("name", append(bytes.TrimSuffix(bytes.Clone(name), []byte(`"`)), suffix+`"`...))
		v[i] = o2.AppendJSON(nil)
	}
	return v
}

// BenchmarkConvertEdit is the converter's share of a keystroke in a
// function's name: the first function's entry alternates between two
// versions and a reused Converter converts the document.
func BenchmarkConvertEdit(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			d := benchDoc(b, bd.JSON())
			_, floor := benchRequest(b, d)
			v := editVariants(b, d.Functions[0].Raw)
			var c Converter
			c.Convert(d)
			b.ReportAllocs()
			i := 0
			run := benchdata.Start(floor)
			for b.Loop() {
				i++
				d.Functions[0].Raw = v[i&1]
				if r := c.Convert(d); len(r.Diagnostics) != 0 {
					b.Fatal(r.Diagnostics[0])
				}
			}
			run.Report(b, b.N)
		})
	}
}

// BenchmarkConvertEditOneOf1000 changes one tool (the name of the 300th
// function) per iteration of the 1,000-tool document. Reused keeps one
// Converter, as the app does, and re-checks only that tool; Fresh starts a
// new Converter every time and re-checks all 1,000. rechecked-tools/op
// counts the entries checked anew, measured on one edit before the loop.
func BenchmarkConvertEditOneOf1000(b *testing.B) {
	for _, reuse := range []bool{true, false} {
		name := "Fresh"
		if reuse {
			name = "Reused"
		}
		b.Run(name, func(b *testing.B) {
			d := benchDoc(b, benchdata.Mixed1000())
			_, floor := benchRequest(b, d)
			const k = 300
			v := editVariants(b, d.Functions[k].Raw)
			var c Converter
			c.Convert(d)

			// Count the entries the converter checks for one edit: those
			// whose cached result is not the one from the conversion before.
			d.Functions[k].Raw = v[1]
			prev := maps.Clone(c.cache) // the converter keeps its map
			if !reuse {
				c = Converter{}
			}
			c.Convert(d)
			rechecked := 0
			for key, e := range c.cache {
				if prev[key] != e {
					rechecked++
				}
			}
			if reuse && rechecked != 1 {
				b.Fatalf("one edit re-checked %d tools", rechecked)
			}

			b.ReportAllocs()
			i := 0
			run := benchdata.Start(floor)
			for b.Loop() {
				i++
				d.Functions[k].Raw = v[i&1]
				if !reuse {
					c = Converter{}
				}
				if r := c.Convert(d); len(r.Diagnostics) != 0 {
					b.Fatal(r.Diagnostics[0])
				}
			}
			b.ReportMetric(float64(rechecked), "rechecked-tools/op")
			run.Report(b, b.N)
		})
	}
}

// BenchmarkConvertOneFunction converts, with a fresh Converter, a document
// holding only one function: the first of the typical document, and the
// one with the 1 MB schema. It isolates the per-entry checks (parse,
// schema check, strict-mode walk) from the request around them.
func BenchmarkConvertOneFunction(b *testing.B) {
	for _, bd := range []benchdata.Doc{{Name: "Typical", JSON: benchdata.Typical}, {Name: "BigParams1MB", JSON: benchdata.BigParams1MB}} {
		b.Run(bd.Name, func(b *testing.B) {
			full := benchDoc(b, bd.JSON())
			d := &model.Document{Fields: rawjson.Object{{Key: "model", Value: rawjson.String("gpt-5")}}, Functions: full.Functions[:1]}
			_, floor := benchRequest(b, d)
			b.SetBytes(int64(len(d.Functions[0].Raw)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if _, diags := Convert(d); len(diags) != 0 {
					b.Fatal(diags[0])
				}
			}
			run.Report(b, b.N)
		})
	}
}

// BenchmarkLoadSchemas reads the embedded tool schemas, the one-time
// cost of a process's first conversion (`tooltui build` pays it on every
// run), and BenchmarkCompileSchemas compiles all of them for the
// validator too, which a process does only for the types of the entries
// the quick check does not clear.
func BenchmarkLoadSchemas(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := newSchemaSet()
		if err := s.load(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileSchemas(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := newSchemaSet()
		if err := s.load(); err != nil {
			b.Fatal(err)
		}
		if err := s.compileAll(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMetaschemaCheck checks parameters the quick pass cannot clear
// against the 2020-12 metaschema (compiled once, outside the loop).
func BenchmarkMetaschemaCheck(b *testing.B) {
	params := []byte(`{"$id":"https://example.com/p","type":"object","properties":{"city":{"type":"string","minLength":1},"days":{"type":"integer","minimum":1,"maximum":14},"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}},"required":["city"],"additionalProperties":false}`)
	if is := metaschemaIssues(params); len(is) != 0 {
		b.Fatal(is)
	}
	b.ReportAllocs()
	for b.Loop() {
		metaschemaIssues(params)
	}
}
