package importer

import (
	"reflect"
	"strings"
	"testing"
)

func TestURLHeaders(t *testing.T) {
	h, err := ParseURLHeaders("-H", []string{"X-Trace: 1 2 "}, []string{"Authorization=Bearer ${TOKEN}", "X-Key=KEY"})
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"TOKEN": "sk-a", "KEY": "k"}
	send, record, err := h.Resolve(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"X-Trace": "1 2", "Authorization": "Bearer sk-a", "X-Key": "k"}; !reflect.DeepEqual(send, want) {
		t.Errorf("send %v, want %v", send, want)
	}
	if want := map[string]string{"X-Trace": "", "Authorization": "Bearer ${TOKEN}", "X-Key": "$KEY"}; !reflect.DeepEqual(record, want) {
		t.Errorf("record %v, want %v (never a value)", record, want)
	}
	if _, _, err := h.Resolve(func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "Authorization") {
		t.Errorf("an unset variable: %v", err)
	}
	if s, r, err := (URLHeaders{}).Resolve(nil); s != nil || r != nil || err != nil {
		t.Errorf("no headers: %v %v %v", s, r, err)
	}
	for _, c := range []struct {
		literal, env []string
		want         string
	}{
		{[]string{"Authorization"}, nil, `-H takes 'NAME: VALUE', got "Authorization"`},
		{[]string{"Bad Name: x"}, nil, "is not a valid HTTP header name"},
		{[]string{"A: 1", "a: 2"}, nil, "the header a is given twice"},
		{[]string{"A: 1"}, []string{"a=X"}, "the header a is given twice"},
		{nil, []string{"A"}, `--header-env takes 'NAME=VAR', got "A"`},
	} {
		if _, err := ParseURLHeaders("-H", c.literal, c.env); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q %q: %v, want %q", c.literal, c.env, err, c.want)
		}
	}
}
