package formats

import "testing"

func TestHoldsTools(t *testing.T) {
	for src, want := range map[string]bool{
		`{"tools_defs":[]}`:               true,
		`{"model":"gpt-5","tools":[]}`:    true,
		`{"extra":{}}`:                    true,
		`[{"type":"web_search"}]`:         true,
		`[{"name":"f","inputSchema":{}}]`: true,
		`{"tools":[{"name":"f","inputSchema":{}}],"nextCursor":null}`: true,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`:              true,
		`{"model":"gpt-4o","messages":[],"functions":[]}`:             true,
		`{"functions":[{"name":"f","parameters":{}}]}`:                true,
		`{"functions":{"source":"functions"},"hosting":{}}`:           false,
		`{"functions":[{"source":"fns","codebase":"default"}]}`:       false,
		`{"contents":[],"tools":[{"functionDeclarations":[]}]}`:       true,
		`{"name":"my-app","version":"1.0.0","dependencies":{}}`:       false,
		`{"compilerOptions":{"strict":true}}`:                         false,
		`{"jsonrpc":"2.0","id":1,"result":{}}`:                        false,
		`[]`:                                                          false,
		`[1,2]`:                                                       false,
		`[{"a":1}]`:                                                   false,
		`"text"`:                                                      false,
		`{"tools_defs": [,]}`:                                         true,
		`{"name": oops}`:                                              false,
	} {
		if got := HoldsTools([]byte(src)); got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
}
