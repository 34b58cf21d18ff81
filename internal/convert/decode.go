package convert

import (
	"encoding/json"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// valueDecoder decodes JSON text known to be valid (rawjson.CheckJSON
// passed) into the values json.Decoder with UseNumber makes:
// map[string]any, []any, string, json.Number, bool and nil, a repeated key
// keeping its last value. It follows only strings and brackets, which the
// checked text allows, where encoding/json scans every byte again.
type valueDecoder struct {
	data []byte
	// repeated: some object holds a key twice
	repeated bool
}

// value decodes the value that starts at i and returns the index after
// it.
func (d *valueDecoder) value(i int) (any, int) {
	data := d.data
	switch data[i] {
	case '{':
		m := map[string]any{}
		i = rawjson.SkipSpace(data, i+1)
		for i < len(data) && data[i] != '}' {
			end := rawjson.SkipString(data, i)
			key, _ := rawjson.Unquote(data[i:end])
			i = rawjson.SkipSpace(data, rawjson.SkipSpace(data, end)+1) // ':'
			var v any
			v, i = d.value(i)
			if _, ok := m[key]; ok {
				d.repeated = true
			}
			m[key] = v
			i = rawjson.SkipSpace(data, i)
			if i < len(data) && data[i] == ',' {
				i = rawjson.SkipSpace(data, i+1)
			}
		}
		return m, i + 1
	case '[':
		a := []any{}
		i = rawjson.SkipSpace(data, i+1)
		for i < len(data) && data[i] != ']' {
			var v any
			v, i = d.value(i)
			a = append(a, v)
			i = rawjson.SkipSpace(data, i)
			if i < len(data) && data[i] == ',' {
				i = rawjson.SkipSpace(data, i+1)
			}
		}
		return a, i + 1
	case '"':
		end := rawjson.SkipString(data, i)
		s, _ := rawjson.Unquote(data[i:end])
		return s, end
	case 't':
		return true, i + 4
	case 'f':
		return false, i + 5
	case 'n':
		return nil, i + 4
	}
	end := rawjson.SkipValue(data, i)
	return json.Number(data[i:end]), end
}

// decodeChecked decodes a value checked by rawjson.CheckJSON as
// json.Decoder with UseNumber does; repeated reports whether some object
// in it holds a key twice.
func decodeChecked(valid []byte) (v any, repeated bool) {
	d := valueDecoder{data: valid}
	v, _ = d.value(rawjson.SkipSpace(valid, 0))
	return v, d.repeated
}
