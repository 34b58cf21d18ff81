package convert

// What the API refuses in the root of a function's parameters whatever
// "strict" says: a root that is not "type": "object", and an object root
// without "properties". The OpenAI API answers both with 400
// invalid_function_parameters ("object schema missing properties", "In
// context=()": the root). Nested objects without properties are taken
// when strict is off, so only the root is checked here; strict mode's
// own rules are in strict.go.

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/tooltui/tooltui/internal/rawjson"
)

const (
	rootNoTypeMessage  = `the root schema has no "type": the API refuses parameters that are not "type": "object", strict or not`
	rootNoPropsMessage = `an object schema without "properties": the API refuses it ("object schema missing properties"), strict or not; ` +
		`a function without arguments has "properties": {}`
)

// rootShapeIssues are the fatal issues of a parameters schema p (a JSON
// object) whose root the API refuses, at paths under "/parameters", for
// the function at prefix ("" or "/tools/2"), with their fixes.
func rootShapeIssues(p []byte, prefix string) []Issue {
	var kw [kwCount][]byte
	readKeywords(bytes.TrimSpace(p), &kw)
	typ := kw[kwType]
	fix := []Fix{{Kind: FixRootObject, At: prefix}}
	if s, ok := stringValue(typ); !ok || s != "object" {
		switch {
		case typ == nil:
			return []Issue{{Path: prefix + "/parameters", Message: rootNoTypeMessage, Fatal: true, Fixes: fix}}
		case isRawArray(typ) && objectType(typ, false):
			return []Issue{{Path: prefix + "/parameters/type", Fatal: true, Fixes: fix,
				Message: `must be "object", not a list of types: the API refuses parameters that are not "type": "object", strict or not`}}
		}
		return []Issue{{Path: prefix + "/parameters/type", Fatal: true,
			Message: `must be "object": parameters are the object of a call's arguments, and the API refuses any other type, strict or not`}}
	}
	if kw[kwProperties] == nil {
		return []Issue{{Path: prefix + "/parameters", Message: rootNoPropsMessage, Fatal: true,
			Fixes: []Fix{{Kind: FixAddProperties, At: prefix}}}}
	}
	return nil
}

// rootIssues are rootShapeIssues of the schema, for a function entry,
// read once.
func (si *schemaInfo) rootIssues() []Issue {
	si.rootOnce.Do(func() { si.root = rootShapeIssues(unsafeBytes(si.key), "") })
	return si.root
}

// usableIssues are the fatal issues of parameters that are not a schema
// the API (or a JSON Schema validator) can use, for the function at
// prefix: what the metaschema finds, then a root the API refuses, then a
// $ref that resolves nowhere. Each later check runs only on a schema the
// earlier ones found nothing wrong with.
func (si *schemaInfo) usableIssues(prefix string) []Issue {
	if meta := si.metaIssues(); len(meta) > 0 {
		return withPrefix(meta, prefix)
	}
	if root := si.rootIssues(); len(root) > 0 {
		if prefix == "" {
			return root
		}
		return rootShapeIssues(unsafeBytes(si.key), prefix)
	}
	return withPrefix(si.refIssues(), prefix)
}

// isRootTypeIssue reports whether a strict-mode violation is about the
// root's type, which rootShapeIssues reports whatever strict says.
func isRootTypeIssue(is Issue) bool {
	return (is.Path == "/parameters" || is.Path == "/parameters/type") &&
		(is.Message == rootTypeMessage || is.Message == rootNoTypeStrictMessage)
}

// fixRootObject makes the function's parameters an object schema with
// properties: "type": "object" first (added, or in place of a list of
// types that holds it), then "properties": {} when there are none.
func fixRootObject(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	params, ok := valueAt(raw, join(f.At, "parameters"))
	if !ok || rawjson.JSONKind(params) != "object" {
		return nil, nil, ErrFixStale
	}
	at := join(f.At, "parameters")
	o := rawjson.Members(params)
	var changes []string
	switch t, has := o.Get("type"); {
	case !has:
		o = append(rawjson.Object{{Key: "type", Value: rawjson.String("object")}}, o...)
		changes = append(changes, at+`/type: add "object"`)
	case rawjson.JSONKind(t) == "array" && slices.Contains(stringElements(t), "object"):
		o.Set("type", rawjson.String("object"))
		changes = append(changes, at+"/type: change "+compactText(t)+` to "object"`)
	default:
		return nil, nil, ErrFixStale
	}
	if !o.Has("properties") {
		o = withMemberAfter(o, "type", "properties", json.RawMessage("{}"))
		changes = append(changes, at+"/properties: add {} (no arguments)")
	}
	out, err := replaceOrStale(raw, at, o.AppendJSON(nil))
	if err != nil {
		return nil, nil, err
	}
	return out, changes, nil
}

// fixAddProperties adds "properties": {} to the function's parameters,
// after "type".
func fixAddProperties(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	at := join(f.At, "parameters")
	params, ok := valueAt(raw, at)
	if !ok || rawjson.JSONKind(params) != "object" {
		return nil, nil, ErrFixStale
	}
	o := rawjson.Members(params)
	if o.Has("properties") {
		return nil, nil, ErrFixStale
	}
	out, err := replaceOrStale(raw, at, withMemberAfter(o, "type", "properties", json.RawMessage("{}")).AppendJSON(nil))
	return oneChange(out, err, at+"/properties: add {} (no arguments)")
}

// withMemberAfter is o with the member key: v right after the member
// after, or last when o has no such member.
func withMemberAfter(o rawjson.Object, after, key string, v json.RawMessage) rawjson.Object {
	out := make(rawjson.Object, 0, len(o)+1)
	added := false
	for _, m := range o {
		out = append(out, m)
		if m.Key == after && !added {
			out = append(out, rawjson.Member{Key: key, Value: v})
			added = true
		}
	}
	if !added {
		out = append(out, rawjson.Member{Key: key, Value: v})
	}
	return out
}

// compactText is valid JSON without insignificant space, for a message.
func compactText(v []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}
