package convert

import (
	"bytes"
	"encoding/json"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// FunctionTool is a function definition as the Responses API takes it.
type FunctionTool struct {
	Name        string
	Description string
	Parameters  json.RawMessage // null when absent
	Strict      *bool           // nil: not sent
	// Extra holds the other fields the entry carries (output_schema,
	// defer_loading, ...), in their order; they follow the fixed ones.
	Extra rawjson.Object
}

// ResponseTool is one entry of the request's tools: a function tooltui
// writes in the fixed wire format, or a built-in passed through byte for
// byte.
type ResponseTool struct {
	Function *FunctionTool
	Builtin  json.RawMessage
}

// MarshalJSON writes a function as exactly
// {"type":"function","name":...,"description":...,"parameters":...}, with
// "strict" after parameters only when set and any carried fields after
// that; a built-in is written unchanged.
func (t ResponseTool) MarshalJSON() ([]byte, error) {
	if t.Function == nil {
		if t.Builtin == nil {
			return []byte("null"), nil
		}
		return t.Builtin, nil
	}
	return t.Function.appendJSON(nil), nil
}

func (f *FunctionTool) appendJSON(b []byte) []byte {
	b = append(b, `{"type":"function","name":`...)
	b = rawjson.AppendString(b, f.Name)
	b = append(b, `,"description":`...)
	b = rawjson.AppendString(b, f.Description)
	b = append(b, `,"parameters":`...)
	if len(f.Parameters) == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, f.Parameters...)
	}
	if f.Strict != nil {
		if *f.Strict {
			b = append(b, `,"strict":true`...)
		} else {
			b = append(b, `,"strict":false`...)
		}
	}
	for _, m := range f.Extra {
		b = append(b, ',')
		b = rawjson.AppendString(b, m.Key)
		b = append(b, ':')
		b = append(b, m.Value...)
	}
	return append(b, '}')
}

// UnmarshalJSON decodes an entry of type "function" into Function (missing
// name and description become "", missing parameters null) and any other
// value into Builtin, keeping its bytes.
func (t *ResponseTool) UnmarshalJSON(data []byte) error {
	o, err := rawjson.ParseObject(data)
	if err != nil || !isFunctionType(o) {
		*t = ResponseTool{Builtin: bytes.Clone(data)}
		return nil
	}
	f := &FunctionTool{}
	for _, m := range o {
		switch m.Key {
		case "type":
		case "name":
			_ = json.Unmarshal(m.Value, &f.Name)
		case "description":
			_ = json.Unmarshal(m.Value, &f.Description)
		case "parameters":
			f.Parameters = m.Value
		case "strict":
			var s *bool
			if json.Unmarshal(m.Value, &s) == nil {
				f.Strict = s
			}
		default:
			f.Extra = append(f.Extra, m)
		}
	}
	*t = ResponseTool{Function: f}
	return nil
}

func isFunctionType(o rawjson.Object) bool {
	v, ok := o.Get("type")
	return ok && string(bytes.TrimSpace(v)) == `"function"`
}
