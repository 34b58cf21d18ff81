package rawjson_test

// Benchmarks of the document layer on the documents of internal/benchdata:
// loading (Parse), splitting an entry (ParseObject), checking JSON
// (CheckJSON) and writing strings (AppendString). The app runs ParseObject
// and CheckJSON on every keystroke (to read and write a field of the
// selected tool, and to check what was typed) and ParseObject on every
// frame (to label the visible tools), so their cost on a 1 MB entry is
// part of the keystroke budget.
//
//	go test -run '^$' -bench . -benchmem -count 3 ./internal/model
//
// Each benchmark reports as floor-ns/op the encoding/json operation that
// does the same job with less care, measured in the same run, and x-floor:
//   - Parse: json.Unmarshal of the document into any;
//   - ParseObject: json.Unmarshal into map[string]json.RawMessage;
//   - CheckJSON: json.Valid;
//   - AppendString: json.Marshal of the string.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tooltui/tooltui/internal/benchdata"
	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

const benchFloorTime = 200 * time.Millisecond

// benchFloor times op the way benchdata.Floor does: fastest of 3 batches
// that each run at least d/3, per operation.
func benchFloor(d time.Duration, op func()) float64 {
	op()
	n := 1
	for {
		t0 := time.Now()
		for range n {
			op()
		}
		if time.Since(t0) >= d/3 || n >= 1<<20 {
			break
		}
		n *= 2
	}
	best := time.Duration(1<<63 - 1)
	for range 3 {
		t0 := time.Now()
		for range n {
			op()
		}
		best = min(best, time.Since(t0))
	}
	return float64(best.Nanoseconds()) / float64(n)
}

func BenchmarkParse(b *testing.B) {
	for _, bd := range benchdata.Docs {
		b.Run(bd.Name, func(b *testing.B) {
			src := bd.JSON()
			floor := benchFloor(benchFloorTime, func() {
				var v any
				if json.Unmarshal(src, &v) != nil {
					b.Fatal("not JSON")
				}
			})
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if _, err := model.Parse(src); err != nil {
					b.Fatal(err)
				}
			}
			run.Report(b, b.N)
		})
	}
}

// benchEntries are single entries: a typical function, a 1,000-tool
// document's largest member list, the 1 MB function.
func benchEntries(b *testing.B) []struct {
	name string
	raw  []byte
} {
	typ, err := model.Parse(benchdata.Typical())
	if err != nil {
		b.Fatal(err)
	}
	big, err := model.Parse(benchdata.BigParams1MB())
	if err != nil {
		b.Fatal(err)
	}
	return []struct {
		name string
		raw  []byte
	}{
		{"TypicalFunction", typ.Functions[0].Raw},
		{"Document1000", benchdata.Mixed1000()},
		{"Function1MB", big.Functions[0].Raw},
	}
}

func BenchmarkParseObject(b *testing.B) {
	for _, e := range benchEntries(b) {
		b.Run(e.name, func(b *testing.B) {
			floor := benchFloor(benchFloorTime, func() {
				var m map[string]json.RawMessage
				if json.Unmarshal(e.raw, &m) != nil {
					b.Fatal("not an object")
				}
			})
			b.SetBytes(int64(len(e.raw)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if _, err := rawjson.ParseObject(e.raw); err != nil {
					b.Fatal(err)
				}
			}
			run.Report(b, b.N)
		})
	}
}

func BenchmarkCheckJSON(b *testing.B) {
	entries := benchEntries(b)
	// The parameters editor's text after a keystroke that broke it: an
	// unterminated string half-way through the 100 KB schema.
	var pretty bytes.Buffer
	_ = json.Indent(&pretty, benchdata.Schema(280), "", "  ")
	broken := pretty.Bytes()
	i := bytes.Index(broken[len(broken)/2:], []byte(`"description": "`)) + len(broken)/2
	broken = append(append(bytes.Clone(broken[:i]), '"', '\n'), broken[i:]...)
	entries = append(entries, struct {
		name string
		raw  []byte
	}{"Invalid100KB", broken})
	for _, e := range entries {
		b.Run(e.name, func(b *testing.B) {
			floor := benchFloor(benchFloorTime, func() { json.Valid(e.raw) })
			valid := json.Valid(e.raw)
			b.SetBytes(int64(len(e.raw)))
			b.ReportAllocs()
			run := benchdata.Start(floor)
			for b.Loop() {
				if err := rawjson.CheckJSON(e.raw); (err == nil) != valid {
					b.Fatal(err)
				}
			}
			run.Report(b, b.N)
		})
	}
}

func BenchmarkAppendString(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"Name", "get_weather"},
		{"Description", "Current weather and the forecast for a city. Call it whenever the user asks about temperature, rain or wind."},
		{"Escapes", "Line one\nline \"two\" <b>&</b> \u2028 \x01 é 東京"},
		{"Long10KB", strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 180)},
	} {
		b.Run(c.name, func(b *testing.B) {
			floor := benchFloor(benchFloorTime, func() { _, _ = json.Marshal(c.s) })
			b.SetBytes(int64(len(c.s)))
			b.ReportAllocs()
			buf := make([]byte, 0, 2*len(c.s)+16)
			run := benchdata.Start(floor)
			for b.Loop() {
				buf = rawjson.AppendString(buf[:0], c.s)
			}
			run.Report(b, b.N)
		})
	}
}

// ---- equivalence: the fast paths of object.go against encoding/json ----
//
// CheckJSON, ParseObject and AppendString have hand-written fast paths;
// these tests pin them to what encoding/json does on a corpus of edge
// cases and of single-byte mutations of a JSON text that uses the whole
// grammar. They run in milliseconds; FuzzCheckJSONMatchesValid and
// FuzzParseObjectMatchesDecoder explore further with -fuzz.

const grammarSample = "{\"a\":[1,-0.5e+3,2E-7,0,true,false,null,{},[],\"\"]," +
	"\"k\\u00e9y\\n\":{\"s\":\"q\\\"\\\\\\/\\b\\f\\n\\r\\t\\u2028 é 東京\"},\r\n\t \"n\" : -12.0e9 , \"a\":\"dup\"}  "

func jsonCorpus() [][]byte {
	out := [][]byte{
		nil, []byte(""), []byte(" "), []byte("{"), []byte("}"), []byte("{}"), []byte(" {} "), []byte("[]"),
		[]byte("0"), []byte("-"), []byte("-0"), []byte("01"), []byte("1."), []byte("1.e3"), []byte("1e"), []byte("1e+"),
		[]byte(".5"), []byte("+1"), []byte("1x"), []byte("tru"), []byte("true "), []byte("truex"), []byte("nul"), []byte("null}"),
		[]byte(`"abc`), []byte(`"a\"`), []byte(`"a\\"`), []byte(`"\u12"`), []byte(`"\u12g4"`), []byte(`"\x"`), []byte("\"a\tb\""),
		[]byte("\"\x7f\x80\xff\""), []byte(`{"a":1,}`), []byte(`{"a":1 "b":2}`), []byte(`{"a" 1}`), []byte(`{1:2}`), []byte(`[1,]`),
		[]byte(`[1 2]`), []byte(`{"a":}`), []byte(`{} {}`), []byte(`[] x`), []byte("\xef\xbb\xbf{}"), []byte("{\"a\":\"\xff\"}"),
		[]byte(`"0123456789abcdef\"0123456789abcdef\\"`), []byte(`"01234567\\\\\\\"89"`), []byte(`"12345678"`), []byte(`"1234567"`),
		[]byte(grammarSample),
	}
	for _, depth := range []int{64, 65, 9999, 10000, 10001} {
		out = append(out,
			[]byte(strings.Repeat("[", depth)+strings.Repeat("]", depth)),
			[]byte(strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth)),
			[]byte(strings.Repeat(`[{"a":`, depth/2)+"[]"+strings.Repeat("}]", depth/2)))
	}
	src := []byte(grammarSample)
	interesting := []byte("\x00\x1f \"\\/{}[]:,-+.0159eEtfnu\x7f\x80\xe2")
	for i := range src {
		del := append(bytes.Clone(src[:i]), src[i+1:]...)
		out = append(out, del)
		for _, c := range interesting {
			rep := bytes.Clone(src)
			rep[i] = c
			ins := append(append(bytes.Clone(src[:i]), c), src[i:]...)
			out = append(out, rep, ins)
		}
	}
	return out
}

func TestCheckJSONMatchesEncodingJSON(t *testing.T) {
	corpus := append(jsonCorpus(), benchdata.Typical(), benchdata.Schema(40))
	for _, data := range corpus {
		want := json.Valid(data) && utf8.Valid(data)
		if got := rawjson.CheckJSON(data); (got == nil) != want {
			t.Errorf("CheckJSON(%.80q) = %v, encoding/json says valid=%v", data, got, want)
		}
	}
}

func FuzzCheckJSONMatchesValid(f *testing.F) {
	for _, s := range jsonCorpus()[:60] {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := json.Valid(data) && utf8.Valid(data)
		if got := rawjson.CheckJSON(data); (got == nil) != want {
			t.Fatalf("CheckJSON(%q) = %v, encoding/json says valid=%v", data, got, want)
		}
	})
}

// parseObjectReference is ParseObject as it was written with
// json.Decoder, kept as the reference.
func parseObjectReference(data []byte) (rawjson.Object, error) {
	if err := rawjson.CheckJSON(data); err != nil {
		return nil, err
	}
	d := bytes.TrimLeft(data, " \t\r\n")
	if len(d) == 0 || d[0] != '{' {
		return nil, rawjson.ErrNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var o rawjson.Object
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		o = append(o, rawjson.Member{Key: key, Value: bytes.Clone(raw)})
	}
	return o, nil
}

func checkParseObject(t *testing.T, data []byte) {
	t.Helper()
	got, gotErr := rawjson.ParseObject(data)
	want, wantErr := parseObjectReference(data)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) || (got == nil) != (want == nil) {
		t.Fatalf("ParseObject(%.200q)\n got %q, %v\nwant %q, %v", data, got, gotErr, want, wantErr)
	}
}

func TestParseObjectMatchesDecoder(t *testing.T) {
	corpus := append(jsonCorpus(), benchdata.Typical(), benchdata.Schema(40),
		[]byte(`{"k\ud800":1,"\u0041\/":{"x":"}\\"},"e":[],"o":{} , "n":-1.5E-3,"t":true}`),
		[]byte("{\"a\":\"\\\\\",\"b\":\"\\\\\\\"\"}"), []byte(`{"":""}`))
	for _, data := range corpus {
		checkParseObject(t, data)
	}
}

func FuzzParseObjectMatchesDecoder(f *testing.F) {
	for _, s := range jsonCorpus()[:60] {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkParseObject(t, data) })
}

func appendStringReference(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func TestAppendStringMatchesEncoder(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	for _, s := range []string{"", "plain", "<b>&amp;</b>", "q\"b\\s/", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"\u2028\u2029", "\xff\xfe", "a\xe2\x80", "é東京😀", "\xed\xa0\x80", all.String()} {
		if got, want := rawjson.AppendString([]byte("x"), s), append([]byte("x"), appendStringReference(s)...); !bytes.Equal(got, want) {
			t.Errorf("AppendString(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzAppendStringMatchesEncoder(f *testing.F) {
	f.Add("a\"\\\n\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := rawjson.AppendString(nil, s), appendStringReference(s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %q, want %q", s, got, want)
		}
	})
}
