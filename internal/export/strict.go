package export

import (
	"bytes"
	"encoding/json"

	"github.com/tooltui/tooltui/internal/convert"
	"github.com/tooltui/tooltui/internal/formats"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// compact is valid JSON without insignificant space.
func compact(v []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return v
	}
	return b.Bytes()
}

// strictFor returns the strict value to write for a function at path in a
// target where a missing strict means false (Chat Completions, Anthropic):
// the body's own value when it sets one, otherwise what the Responses API
// would do, with a Note. ok is false when there is nothing to write (no
// parameters, so no arguments to hold to a schema).
func strictFor(fn rawjson.Object, path string, n *notes, target formats.Name) (v json.RawMessage, ok bool) {
	if v, has := fn.Get("strict"); has && !isNull(v) {
		return v, true
	}
	params, has := fn.Get("parameters")
	if !has || rawjson.JSONKind(params) != "object" || noArguments(params) {
		return nil, false
	}
	at, title := key(path, "strict"), target.Title()
	switch convert.StrictAbsent(params) {
	case convert.StrictAsWritten:
		n.changed(at, "strict is not set and the parameters are strict-compatible, so the Responses API runs this function in strict mode; %s takes a missing strict as false: written as strict: true", title)
		return jtrue, true
	case convert.StrictNormalised:
		n.lost(at, "strict is not set, so the Responses API would normalise these parameters into strict mode (additionalProperties false, every property required); %s does not: written as strict: false, so arguments are not held to the schema", title)
	default:
		n.changed(at, "strict is not set and the parameters are not strict-compatible, so the Responses API uses non-strict mode; written as strict: false, as %s assumes when strict is missing", title)
	}
	return jfalse, true
}

// strictLost notes, for a target without strict mode (Gemini, MCP), that a
// function's strict mode is gone: when strict is true, or absent where the
// Responses API would run the function in strict mode (convert.StrictAbsent),
// and there are parameters.
func strictLost(fn rawjson.Object, path string, n *notes, target formats.Name) {
	p, ok := fn.Get("parameters")
	if !ok || rawjson.JSONKind(p) != "object" || noArguments(p) {
		return // no arguments to hold to a schema
	}
	v, has := fn.Get("strict")
	switch {
	case has && isFalse(v):
	case has && !isNull(v):
		n.lost(key(path, "strict"), "%s has no strict mode; strict dropped, so arguments are not held to the schema", target.Title())
	case convert.StrictAbsent(p) == convert.StrictAsWritten:
		n.lost(key(path, "strict"), "strict is not set and the parameters are strict-compatible, so the Responses API runs this function in strict mode; %s has none, so arguments are not held to the schema", target.Title())
	case convert.StrictAbsent(p) == convert.StrictNormalised:
		n.lost(key(path, "strict"), "strict is not set, so the Responses API would normalise these parameters into strict mode; %s has none, so arguments are not held to the schema", target.Title())
	}
}

// noArguments reports whether params is the schema a function without
// parameters is written with for Anthropic and MCP (see inputSchema), and
// reads back with: like no parameters at all, it has no argument to hold
// to a schema, so strict is neither written nor missed for it.
func noArguments(params []byte) bool {
	return string(compact(params)) == `{"type":"object","properties":{}}`
}
