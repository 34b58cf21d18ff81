// Package benchdata builds the documents tooltui's benchmarks run on, in
// code and deterministically, so no large test files are committed. It
// depends only on the standard library, so the benchmarks of every package
// (model, convert, ui) can use it without an import cycle.
//
// The documents:
//
//   - Typical: 5 tools, 2 functions, web_search, file_search and
//     code_interpreter, with the request fields of a real request.
//   - Mixed(n): n tools, 60% functions with small strict schemas, the rest
//     every common built-in type (Mixed1000 is the "large" document).
//   - BigParams(size): one function whose parameters schema is size bytes.
//   - WithSchemaLines(lines): Typical with the first function's parameters
//     replaced by a schema that pretty-prints to about that many lines (3,000
//     lines is about 100 KB, the "parameters editor" case).
//
// Every schema is strict-compatible (additionalProperties false, every
// property required, and within strict mode's limits of 5,000 properties
// and 1,000 enum values), so a document converts without diagnostics and
// the benchmarks measure the common path, the strict walk included. A
// function not marked strict says "strict": false, as a user would once the
// converter warns that an unset strict on such a schema means strict mode.
package benchdata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// Sizes of the standard documents.
const (
	MixedTools     = 1000
	BigParamsBytes = 1 << 20
	EditorLines    = 3000
)

// Typical returns the typical document: 5 tools.
func Typical() []byte { return typical() }

var typical = sync.OnceValue(func() []byte { return document(typicalTools(nil)) })

// Mixed1000 returns Mixed(1000), built once.
var Mixed1000 = sync.OnceValue(func() []byte { return Mixed(MixedTools) })

// BigParams1MB returns BigParams(1 MiB), built once.
var BigParams1MB = sync.OnceValue(func() []byte { return BigParams(BigParamsBytes) })

// Params100KB returns WithSchemaLines(3000), built once: its first function's
// parameters pretty-print to about 3,000 lines and 100 KB.
var Params100KB = sync.OnceValue(func() []byte { return WithSchemaLines(EditorLines) })

// Doc is a named benchmark document.
type Doc struct {
	Name string
	JSON func() []byte
}

// Docs are the documents the Convert benchmarks run on, in report order.
var Docs = []Doc{
	{"Typical", Typical},
	{"Mixed1000", Mixed1000},
	{"BigParams1MB", BigParams1MB},
	{"Params100KB", Params100KB},
}

// request fields shared by every document.
const head = `"model":"gpt-5","instructions":"You are a support assistant for an online shop. Use the tools to look up facts; never guess order numbers.","input":"Where is my order 10023, and will it rain in Paris tomorrow?","tool_choice":"auto","parallel_tool_calls":true`

func document(tools [][]byte) []byte {
	var defs, builtins [][]byte
	for _, t := range tools {
		if bytes.HasPrefix(t, []byte(`{"name"`)) {
			defs = append(defs, t)
		} else {
			builtins = append(builtins, t)
		}
	}
	var b bytes.Buffer
	b.WriteString("{" + head + `,"tools_defs":[`)
	b.Write(bytes.Join(defs, []byte{','}))
	b.WriteString(`],"extra":{"builtin_tools":[`)
	b.Write(bytes.Join(builtins, []byte{','}))
	b.WriteString(`],"store":false,"max_output_tokens":2048}}`)
	return indent(b.Bytes())
}

// indent pretty-prints like a document saved by tooltui.
func indent(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		panic("benchdata: generated invalid JSON: " + err.Error())
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// typicalTools are the 5 tools of Typical; params, when set, replaces the
// first function's parameters.
func typicalTools(params []byte) [][]byte {
	weather := []byte(`{"type":"object","properties":{"city":{"type":"string","description":"City name, e.g. Paris"},"unit":{"type":"string","enum":["celsius","fahrenheit"],"description":"Temperature unit"},"days":{"type":"integer","minimum":1,"maximum":14,"description":"How many days ahead"}},"required":["city","unit","days"],"additionalProperties":false}`)
	if params != nil {
		weather = params
	}
	return [][]byte{
		[]byte(`{"name":"get_weather","description":"Current weather and the forecast for a city. Call it whenever the user asks about temperature, rain or wind.","parameters":` + string(weather) + `,"strict":true}`),
		[]byte(`{"name":"lookup_order","description":"Look up an order of the signed-in customer by its number and return its status, items and tracking link.","parameters":` + string(Schema(12)) + `,"strict":false}`),
		[]byte(`{"type":"web_search","search_context_size":"low","user_location":{"type":"approximate","city":"Paris","country":"FR","timezone":"Europe/Paris"},"filters":{"allowed_domains":["meteofrance.com","lemonde.fr"]}}`),
		[]byte(`{"type":"file_search","vector_store_ids":["vs_help_center","vs_policies"],"max_num_results":8,"ranking_options":{"ranker":"auto","score_threshold":0.4}}`),
		[]byte(`{"type":"code_interpreter","container":{"type":"auto"}}`),
	}
}

// Mixed returns a document with n tools: of every 10, 6 functions (each with
// a strict schema of 4 to 11 properties, about 1.5 KB) and one each of
// web_search, file_search, code_interpreter and a rotating other built-in
// (mcp, image_generation, web_search_preview, shell). Every function's
// schema is different (its descriptions name the tool), and so is nearly
// every built-in, so that a converter cannot save work by noticing
// repeats, as it could not on a real document.
func Mixed(n int) []byte {
	tools := make([][]byte, 0, n)
	for i := range n {
		switch k := i % 10; {
		case k < 6:
			params := SchemaTagged(4+i%8, fmt.Sprintf("tool %d", i))
			strict := `,"strict":false`
			if i%3 == 0 {
				strict = `,"strict":true`
			}
			tools = append(tools, fmt.Appendf(nil,
				`{"name":"tool_%04d_lookup","description":"Tool %d: look up a record of kind %d for the signed-in customer and return its fields. Use it only when the user asks for that record.","parameters":%s%s}`,
				i, i, i%17, params, strict))
		case k == 6:
			tools = append(tools, fmt.Appendf(nil,
				`{"type":"web_search","search_context_size":"medium","user_location":{"type":"approximate","city":"City %d","country":"FR","timezone":"Europe/Paris"},"filters":{"allowed_domains":["example%d.com","news.example.org"]}}`, i, i))
		case k == 7:
			tools = append(tools, fmt.Appendf(nil,
				`{"type":"file_search","vector_store_ids":["vs_%04d_a","vs_%04d_b"],"max_num_results":%d,"ranking_options":{"ranker":"auto","score_threshold":0.25}}`, i, i, 1+i%50))
		case k == 8:
			tools = append(tools, fmt.Appendf(nil, `{"type":"code_interpreter","container":{"type":"auto","file_ids":["file_%04d"]}}`, i))
		default:
			switch (i / 10) % 4 {
			case 0:
				tools = append(tools, fmt.Appendf(nil,
					`{"type":"mcp","server_label":"srv_%04d","server_url":"https://mcp%d.example.com/sse","require_approval":"never","allowed_tools":["search","fetch"]}`, i, i))
			case 1:
				tools = append(tools, fmt.Appendf(nil, `{"type":"image_generation","quality":"low","size":"1024x1024","output_format":"jpeg","output_compression":%d}`, i%101))
			case 2:
				tools = append(tools, fmt.Appendf(nil, `{"type":"web_search_preview","search_context_size":"high","user_location":{"type":"approximate","city":"Town %d"}}`, i))
			default:
				tools = append(tools, []byte(`{"type":"shell"}`))
			}
		}
	}
	return document(tools)
}

// BigParams returns a document with one strict function whose parameters,
// as written in the document (compact), are at least size bytes.
func BigParams(size int) []byte {
	params := SchemaBytes(size)
	fn := []byte(`{"name":"import_catalog","description":"Validate and import one catalog record with every field of the shop's product schema.","parameters":` + string(params) + `,"strict":true}`)
	// Indenting would blow the 1 MB schema up; keep the function compact
	// inside an indented document, as a pasted schema often is.
	doc := document(nil)
	i := bytes.Index(doc, []byte(`"tools_defs": []`))
	out := make([]byte, 0, len(doc)+len(fn)+8)
	out = append(out, doc[:i]...)
	out = append(out, `"tools_defs": [`...)
	out = append(out, fn...)
	out = append(out, ']')
	out = append(out, doc[i+len(`"tools_defs": []`):]...)
	return out
}

// WithSchemaLines returns Typical with the first function's parameters
// replaced by a schema that pretty-prints (two-space indent) to at least
// lines lines.
func WithSchemaLines(lines int) []byte {
	n := 1
	for prettyLines(Schema(n)) < lines {
		n += max(1, (lines-prettyLines(Schema(n)))/12)
	}
	return document(typicalTools(Schema(n)))
}

func prettyLines(b []byte) int { return bytes.Count(indent(b), []byte{'\n'}) }

// SchemaBytes returns a compact schema of at least size bytes.
func SchemaBytes(size int) []byte {
	n := max(1, size/260)
	if n > plainProps { // the properties past plainProps are longer
		n = plainProps + (size-plainProps*280)/430
	}
	s := Schema(n)
	for len(s) < size {
		n += max(1, (size-len(s))/430+1)
		s = Schema(n)
	}
	return s
}

// plainProps is the number of properties of the four plain shapes a
// schema starts with. Past it, every description is longer and the status
// shape holds its values in a pattern instead of an enum, so that a 1 MB
// schema stays within strict mode's limits: at most 5,000 properties and
// 1,000 enum values in all.
const plainProps = 1000

// longer is the sentence added to the descriptions past plainProps.
const longer = " This field belongs to the extended part of the record, which the import keeps unchanged for the reviews that follow it."

// Schema returns a compact, strict-compatible JSON Schema object with props
// properties of four shapes in turn: a described string, a bounded integer,
// an enum and a nested object of two properties.
func Schema(props int) []byte { return SchemaTagged(props, "the record") }

// SchemaTagged is Schema with tag in every description ("the record" in
// Schema's), to make schemas of the same size differ.
func SchemaTagged(props int, tag string) []byte {
	b := make([]byte, 0, props*280+64)
	b = append(b, `{"type":"object","properties":{`...)
	for i := range props {
		if i > 0 {
			b = append(b, ',')
		}
		name := "field_" + strconv.Itoa(i)
		b = strconv.AppendQuote(b, name)
		b = append(b, ':')
		more := ""
		if i >= plainProps {
			more = longer
		}
		switch i % 4 {
		case 0:
			b = fmt.Appendf(b, `{"type":"string","description":"Value %d of %s: free text exactly as the customer wrote it in the form, at most 200 characters; leave out greetings, signatures and quoted earlier messages.%s","maxLength":200}`, i, tag, more)
		case 1:
			b = fmt.Appendf(b, `{"type":"integer","description":"Quantity %d of %s, counted in units of sale (a pack of six is one unit); zero when the item is out of stock, and never more than the stock the warehouse reported this morning.%s","minimum":0,"maximum":%d}`, i, tag, more, 1000+i)
		case 2:
			values := `"enum":["draft","active","archived"]`
			if i >= plainProps {
				values = `"pattern":"^(draft|active|archived)$"`
			}
			b = fmt.Appendf(b, `{"type":"string","description":"Status %d of %s: draft until an editor publishes it, active while it is on sale, archived once it is withdrawn from sale for good.%s",%s}`, i, tag, more, values)
		default:
			b = fmt.Appendf(b, `{"type":"object","description":"Where item %d of %s ships to: the delivery address the customer chose at checkout, not the billing address; both parts are required, zip is null where the country has none.%s","properties":{"city":{"type":"string"},"zip":{"type":["string","null"]}},"required":["city","zip"],"additionalProperties":false}`, i, tag, more)
		}
	}
	b = append(b, `},"required":[`...)
	for i := range props {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, "field_"+strconv.Itoa(i))
	}
	return append(b, `],"additionalProperties":false}`...)
}

// Floor is the reference cost the benchmarks compare against: what
// encoding/json needs to write the same request, Marshal of the request
// decoded into any plus json.Indent of the result. It is a floor in spirit
// (tooltui does more: keeps key order and numbers, validates every entry),
// not a lower bound.
type Floor struct {
	v any
}

// NewFloor decodes req (the final request JSON) for the floor.
func NewFloor(req []byte) *Floor {
	var v any
	if err := json.Unmarshal(req, &v); err != nil {
		panic("benchdata: request is not JSON: " + err.Error())
	}
	return &Floor{v: v}
}

// Op runs the floor once: Marshal, then Indent.
func (f *Floor) Op() int {
	b, err := json.Marshal(f.v)
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	out.Grow(len(b) * 2)
	if err := json.Indent(&out, b, "", "  "); err != nil {
		panic(err)
	}
	return out.Len()
}

// Measure times the floor: it runs Op for at least d (and at least 3
// times) and returns the fastest of 3 equal batches, per operation, in
// nanoseconds. The fastest batch damps noise from the garbage collector
// and the other core.
func (f *Floor) Measure(d time.Duration) float64 {
	f.Op() // warm up
	n := 1
	for {
		t0 := time.Now()
		for range n {
			f.Op()
		}
		if el := time.Since(t0); el >= d/3 || n >= 1<<20 {
			break
		}
		n *= 2
	}
	best := time.Duration(1<<63 - 1)
	for range 3 {
		t0 := time.Now()
		for range n {
			f.Op()
		}
		best = min(best, time.Since(t0))
	}
	return float64(best.Nanoseconds()) / float64(n)
}

// B is the part of *testing.B that Run needs.
type B interface {
	Elapsed() time.Duration
	ReportMetric(n float64, unit string)
}

// Run reports a benchmark loop against its floor. Start it right before the
// b.Loop loop and call Report right after it.
type Run struct {
	floorNs float64
	cpu0    time.Duration
}

// Start begins the loop of a benchmark whose floor, measured before, is
// floorNs (0: no floor to report).
func Start(floorNs float64) *Run {
	runtime.GC() // start from a settled heap: no GC work left from the set-up
	return &Run{floorNs: floorNs, cpu0: ProcessCPU()}
}

// Report reports, for the n iterations of the loop (b.N after it):
//   - floor-ns/op: the floor measured before the loop;
//   - x-floor: ns/op ÷ floor;
//   - cpu-ns/op: CPU time of the whole process per iteration, the garbage
//     collector's included. Unlike ns/op it does not grow when other
//     processes compete for the CPU, so it is the figure to read on a busy
//     machine.
func (r *Run) Report(b B, n int) {
	if n <= 0 {
		return
	}
	if cpu := ProcessCPU(); cpu > 0 {
		b.ReportMetric(float64((cpu-r.cpu0).Nanoseconds())/float64(n), "cpu-ns/op")
	}
	if r.floorNs > 0 {
		ns := float64(b.Elapsed().Nanoseconds()) / float64(n)
		b.ReportMetric(r.floorNs, "floor-ns/op")
		b.ReportMetric(ns/r.floorNs, "x-floor")
	}
}
