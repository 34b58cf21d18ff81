package convert

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/tooltui/tooltui/internal/benchdata"
)

// checkLaidOut checks that laidOut says whether s is its own layout.
func checkLaidOut(t *testing.T, s []byte, prefix string) {
	t.Helper()
	if !json.Valid(s) || !bytes.Equal(bytes.TrimSpace(s), s) {
		return
	}
	want := bytes.Equal(appendIndented(nil, s, prefix), s)
	if got := laidOut(s, prefix); got != want {
		t.Fatalf("laidOut(%q, %q) = %v, want %v", s, prefix, got, want)
	}
}

func TestLaidOut(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	var cases [][]byte
	for range 200 {
		s := []byte(genSchema(r, 0))
		cases = append(cases, s, appendIndented(nil, s, memberPrefix), appendIndented(nil, s, ""))
	}
	for _, s := range []string{`{}`, `[]`, `{"a":{}}`, `[[],{}]`, `"x"`, `5`, `true`, "{\n}", "{ }", "[\n      ]", `{"a" :1}`, `{"a": 1}`} {
		cases = append(cases, []byte(s))
	}
	cases = append(cases, appendIndented(nil, benchdata.Schema(20), memberPrefix))
	laid := 0
	for _, s := range cases {
		for _, prefix := range []string{memberPrefix, "", "    "} {
			checkLaidOut(t, s, prefix)
			// one byte of white space more, or less
			for range 3 {
				from := r.Intn(len(s))
				if i := bytes.IndexByte(s[from:], '\n'); i >= 0 {
					i += from
					checkLaidOut(t, append(append(bytes.Clone(s[:i]), ' '), s[i:]...), prefix)
					checkLaidOut(t, append(append(bytes.Clone(s[:i+1]), ' '), s[i+1:]...), prefix)
				}
				if i := bytes.Index(s, []byte("  ")); i >= 0 {
					checkLaidOut(t, append(bytes.Clone(s[:i]), s[i+1:]...), prefix)
				}
			}
		}
		if laidOut(s, memberPrefix) {
			laid++
		}
	}
	if laid < 150 {
		t.Fatalf("only %d cases are laid out", laid)
	}
}

func FuzzLaidOut(f *testing.F) {
	f.Add(string(appendIndented(nil, []byte(`{"a":[1,{"b":"c"},[]],"d":{}}`), memberPrefix)))
	f.Add(string(appendIndented(nil, benchdata.Schema(3), memberPrefix)))
	f.Fuzz(func(t *testing.T, s string) {
		checkLaidOut(t, []byte(s), memberPrefix)
		checkLaidOut(t, []byte(s), "")
	})
}
