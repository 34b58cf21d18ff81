package convert

// Applying one fix to the JSON of an entry, kind by kind.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tooltui/tooltui/internal/model"
	"github.com/tooltui/tooltui/internal/rawjson"
)

// fixValue applies f to one entry (or tool_choice), valid JSON, and
// names what it changed.
func fixValue(d *model.Document, raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	switch f.Kind {
	case FixDropKey:
		return fixDropKey(raw, f)
	case FixType:
		return fixType(raw, f)
	case FixDomain, FixDomainWiden, FixChoiceName, FixCountry:
		return fixStringValue(raw, f)
	case FixRename:
		return fixRename(d, raw, f)
	case FixChatShape:
		return fixChatShape(raw, f)
	case FixName:
		return fixName(d, raw, f)
	case FixAdditionalFalse:
		return fixAdditionalFalse(raw, f)
	case FixStrictFalse:
		return setStrict(raw, f, "false")
	case FixStrictTrue:
		return setStrict(raw, f, "true")
	case FixStrict:
		return fixStrict(raw, f)
	case FixAddProperties:
		return fixAddProperties(raw, f)
	case FixRootObject:
		return fixRootObject(raw, f)
	case FixDropDefault:
		return fixDropDefault(raw, f)
	}
	return nil, nil, fmt.Errorf("no such fix (%d)", f.Kind)
}

// oneChange is the result of a fix that makes one change.
func oneChange(out json.RawMessage, err error, change string) (json.RawMessage, []string, error) {
	if err != nil {
		return nil, nil, err
	}
	return out, []string{change}, nil
}

// stringAt is the string at ptr in raw; ErrFixStale when there is none.
func stringAt(raw []byte, ptr string) (string, error) {
	cur, ok := valueAt(raw, ptr)
	s, isStr := rawjson.Unquote(cur)
	if !ok || !isStr {
		return "", ErrFixStale
	}
	return s, nil
}

// fixDropKey removes the key at f.At.
func fixDropKey(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	out, ok := replaceAt(raw, f.At, nil)
	if !ok {
		return nil, nil, ErrFixStale
	}
	return out, []string{f.At + ": remove the key " + quoteForMessage(lastToken(f.At))}, nil
}

// fixType replaces "type" with f.Arg.
func fixType(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	cur, _ := valueAt(raw, "/type")
	out, err := replaceOrStale(raw, "/type", rawjson.String(f.Arg))
	return oneChange(out, err, "/type: change "+string(cur)+" to "+quoteForMessage(f.Arg))
}

// fixStringValue replaces the string at f.At with f.Arg: a domain for
// a URL, or the name tool_choice should name.
func fixStringValue(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	s, err := stringAt(raw, f.At)
	if err != nil {
		return nil, nil, err
	}
	out, err := replaceOrStale(raw, f.At, rawjson.String(f.Arg))
	return oneChange(out, err, f.At+": change "+quoteForMessage(s)+" to "+quoteForMessage(f.Arg))
}

// fixRename gives the tool a name (or server_label) no other tool has.
func fixRename(d *model.Document, raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	name, err := stringAt(raw, f.At)
	if err != nil {
		return nil, nil, err
	}
	taken := usedNames(d, lastToken(f.At))
	to := model.UniqueName(name, func(s string) bool { return taken[s] })
	out, err := replaceOrStale(raw, f.At, rawjson.String(to))
	return oneChange(out, err, f.At+": rename "+quoteForMessage(name)+" to "+quoteForMessage(to))
}

// fixName gives the function the name f.Arg the API takes, made unique.
func fixName(d *model.Document, raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	name, err := stringAt(raw, f.At)
	if err != nil {
		return nil, nil, err
	}
	taken := usedNames(d, "name")
	to := limitedUniqueName(f.Arg, maxFixedName, func(s string) bool { return taken[s] })
	out, err := replaceOrStale(raw, f.At, rawjson.String(to))
	return oneChange(out, err, f.At+": rename "+quoteForMessage(name)+" to "+quoteForMessage(to))
}

// fixChatShape moves the members of a Chat Completions "function" to the
// top level.
func fixChatShape(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	fn, ok := valueAt(raw, f.At)
	if !ok {
		return nil, nil, ErrFixStale
	}
	lifted, ok := liftFunction(fn)
	if !ok {
		return nil, nil, ErrFixStale
	}
	at := f.At
	if at == "" {
		at = "(the entry)"
	}
	out, err := replaceOrStale(raw, f.At, lifted)
	return oneChange(out, err, at+`: move the members of "function" to the top level`)
}

// fixAdditionalFalse sets additionalProperties to false on the object
// schema at f.At.
func fixAdditionalFalse(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	schema, ok := valueAt(raw, f.At)
	if !ok || rawjson.JSONKind(schema) != "object" {
		return nil, nil, ErrFixStale
	}
	ptr := join(f.At, "additionalProperties")
	out, err := replaceOrStale(raw, ptr, json.RawMessage("false"))
	return oneChange(out, err, ptr+": set to false")
}

// setStrict sets the function's "strict" to v, "true" or "false".
func setStrict(raw json.RawMessage, f Fix, v string) (json.RawMessage, []string, error) {
	out, err := replaceOrStale(raw, join(f.At, "strict"), json.RawMessage(v))
	return oneChange(out, err, join(f.At, "strict")+": set to "+v)
}

// fixStrict repairs the function's parameters for strict mode and sets
// "strict" to true; each repair is a change of its own.
func fixStrict(raw json.RawMessage, f Fix) (json.RawMessage, []string, error) {
	fn, ok := valueAt(raw, f.At)
	if !ok || rawjson.JSONKind(fn) != "object" {
		return nil, nil, ErrFixStale
	}
	o := rawjson.Members(fn)
	params, ok := o.Get("parameters")
	if !ok {
		return nil, nil, ErrFixStale
	}
	repaired, ok, repairs := StrictRepairChanges(params)
	if !ok {
		return nil, nil, errors.New("strict mode cannot take this schema as it is; set strict to false instead")
	}
	changes := make([]string, 0, len(repairs)+1)
	for _, c := range repairs {
		changes = append(changes, f.At+c)
	}
	if s, had := o.Get("strict"); !had || string(bytes.TrimSpace(s)) != "true" {
		changes = append(changes, join(f.At, "strict")+": set to true")
	}
	o.Set("parameters", repaired)
	o.Set("strict", json.RawMessage("true"))
	out, err := replaceOrStale(raw, f.At, o.AppendJSON(nil))
	if err != nil {
		return nil, nil, err
	}
	return out, changes, nil
}

func replaceOrStale(raw []byte, ptr string, v []byte) (json.RawMessage, error) {
	out, ok := replaceAt(raw, ptr, v)
	if !ok {
		return nil, ErrFixStale
	}
	return out, nil
}

// liftFunction turns a Chat Completions value, {"type":"function",
// "function":{…},…}, into the Responses shape: the members of "function"
// come after "type", in their order, and the other members follow.
func liftFunction(v []byte) (json.RawMessage, bool) {
	if rawjson.JSONKind(v) != "object" {
		return nil, false
	}
	o := rawjson.Members(v)
	fn, ok := o.Get("function")
	if !ok || rawjson.JSONKind(fn) != "object" {
		return nil, false
	}
	out := rawjson.Object{{Key: "type", Value: rawjson.String("function")}}
	for _, m := range rawjson.Members(fn) {
		if m.Key != "type" {
			out.Set(m.Key, m.Value)
		}
	}
	for _, m := range o {
		if m.Key != "type" && m.Key != "function" && !out.Has(m.Key) {
			out = append(out, m)
		}
	}
	return out.AppendJSON(nil), true
}
