package model

import (
	"fmt"

	"github.com/tooltui/tooltui/internal/rawjson"
)

// The request's "other fields": every member a request carries that has no
// field of its own in the Request form. They live in two places of a
// document, the top level and extra (whose members go to the top level of
// the request), and are shown and edited as one JSON object.

// OwnFieldKeys are the request members with a field of their own.
var OwnFieldKeys = []string{"model", "instructions", "input", "tool_choice", "parallel_tool_calls"}

func hasOwnField(key string) bool {
	for _, k := range OwnFieldKeys {
		if k == key {
			return true
		}
	}
	return false
}

// tooltuiKey reports whether key is one tooltui reads itself, which the
// other request fields never hold.
func tooltuiKey(key string) bool {
	switch key {
	case KeyToolsDefs, KeyExtra, KeyTools, KeyMeta, KeyBuiltinTools:
		return true
	}
	return false
}

// otherTop reports whether a top-level member belongs to the other request
// fields.
func otherTop(key string) bool { return !hasOwnField(key) && !tooltuiKey(key) }

// OtherRequestFields returns every request member without a field of its
// own: the top-level members other than model, instructions, input,
// tool_choice, parallel_tool_calls and tooltui's keys (tools_defs, extra,
// tools, tooltui), in file order, then extra's members (builtin_tools
// aside). The values share d's bytes.
func OtherRequestFields(d *Document) rawjson.Object {
	o := make(rawjson.Object, 0, len(d.Fields)+len(d.Extra))
	for _, f := range d.Fields {
		if otherTop(f.Key) {
			o = append(o, f)
		}
	}
	return append(o, d.Extra...)
}

// SetOtherRequestFields writes o back as the other request fields (see
// OtherRequestFields): a key that lived in extra stays in extra, every
// other key is a top-level member, in its place when it was one already,
// after the others when it is new. A key of the other fields that o does not
// have is removed from where it was. It refuses tooltui's own keys, a key
// with a field of its own (unless it lived in extra) and a key given twice
// (unless it lived both at the top level and in extra, as OtherRequestFields
// shows it). A non-object extra (ExtraRaw) is kept.
func SetOtherRequestFields(d *Document, o rawjson.Object) (*Document, error) {
	inTop, inExtra := map[string]bool{}, map[string]bool{}
	for _, f := range d.Fields {
		if otherTop(f.Key) {
			inTop[f.Key] = true
		}
	}
	for _, m := range d.Extra {
		inExtra[m.Key] = true
	}
	var top, extra rawjson.Object
	usedTop, usedExtra := map[string]bool{}, map[string]bool{}
	for _, m := range o {
		if err := refuseOther(m.Key); err != nil {
			return nil, err
		}
		toExtra := inExtra[m.Key] && (!inTop[m.Key] || usedTop[m.Key])
		switch {
		case toExtra && usedExtra[m.Key], !toExtra && usedTop[m.Key]:
			return nil, fmt.Errorf("%q is given twice; keep one", m.Key)
		case !toExtra && hasOwnField(m.Key):
			return nil, fmt.Errorf("%q has a field of its own; set it there", m.Key)
		case toExtra:
			usedExtra[m.Key] = true
			extra = append(extra, m)
		default:
			usedTop[m.Key] = true
			top = append(top, m)
		}
	}
	c := d.Clone()
	fields := make(rawjson.Object, 0, len(d.Fields)+len(top))
	placed := map[string]bool{}
	for _, f := range d.Fields {
		if !otherTop(f.Key) {
			fields = append(fields, f)
			continue
		}
		if v, ok := top.Get(f.Key); ok && !placed[f.Key] {
			placed[f.Key] = true
			fields = append(fields, rawjson.Member{Key: f.Key, Value: v})
		}
	}
	for _, m := range top {
		if !placed[m.Key] {
			fields = append(fields, m)
		}
	}
	c.Fields = fields
	c.Extra = extra
	return c, nil
}

// refuseOther says why key cannot be one of the other request fields.
func refuseOther(key string) error {
	switch key {
	case KeyToolsDefs:
		return fmt.Errorf("%q cannot be set here: functions are edited in the tools list", key)
	case KeyTools, KeyBuiltinTools:
		return fmt.Errorf("%q cannot be set here: tooltui builds the request's tools from the tools list", key)
	case KeyExtra:
		return fmt.Errorf("%q cannot be set here: write its members in this object directly", key)
	case KeyMeta:
		return fmt.Errorf("%q cannot be set here: it is tooltui's own key", key)
	}
	return nil
}
